import CurlHTTP
import DuffelServices
import Entities
import Foundation
import LocalStore
import Logging
import SandboxServer
import Services
import Synchronization
import Trips

/// Every request the Duffel client sends, as `METHOD /path`, written down before the real HTTP client sends it:
/// "sent exactly once" is counted on the wire.
final class WireLog: HTTPTransport {
    private let base: any HTTPTransport
    private let timeouts: [String: Duration]
    private let sent = Mutex<[String]>([])

    /// `timeouts` gives up on the answers to some requests (by `METHOD /path`) sooner than on the others.
    init(_ base: any HTTPTransport, timeouts: [String: Duration] = [:]) {
        self.base = base
        self.timeouts = timeouts
    }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let line = "\(request.method.rawValue) \(request.url.path)"
        sent.withLock { $0.append(line) }
        var request = request
        if let timeout = timeouts[line] { request.timeout = timeout }
        return try await base.send(request)
    }

    /// How many requests were `METHOD /path` exactly.
    func count(_ line: String) -> Int { count { $0 == line } }

    /// How many requests `matches` says yes to.
    func count(where matches: (String) -> Bool) -> Int { sent.withLock { $0.filter(matches).count } }

    /// How many confirmations were sent under `/air/<resource>/{id}/actions/confirm`.
    func confirmations(of resource: String) -> Int {
        count { $0.hasPrefix("POST /air/\(resource)/") && $0.hasSuffix("/actions/confirm") }
    }
}

/// The sandbox in this process on an ephemeral loopback port, with its own data folder, reached over real HTTP by the
/// project's Duffel client on libcurl; the bookings file is a real one in a folder of its own.
struct SandboxTrip {
    let sandbox: Sandbox
    let wire: WireLog
    /// The folder every process's bookings file is kept in.
    let bookingsFolder: URL

    /// Runs `body` against a fresh sandbox with `faults` (the sandbox's `--faults` syntax) and the client's
    /// `timeouts` for some requests, stopped afterwards whatever happens.
    static func run<T>(
        faults: String? = nil, timeouts: [String: Duration] = [:], _ body: (SandboxTrip) async throws -> T
    ) async throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flights-trips-sandbox-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var logger = Logger(label: "trips-tests")
        logger.logLevel = .critical
        let plan = try faults.map { try FaultPlan(parsing: $0) } ?? .none
        let sandbox = try await Sandbox.start(SandboxConfiguration(
            dataDirectory: folder.appendingPathComponent("sandbox", isDirectory: true), faults: plan, logger: logger))
        let http: HTTPClient
        do {
            // A deadline for a hang, not a measure; no retries, so every request the core makes is one on the wire.
            http = try HTTPClient(configuration: HTTPClientConfiguration(timeout: .seconds(60), retry: .none))
        } catch {
            await sandbox.stop()
            throw error
        }
        let trip = SandboxTrip(
            sandbox: sandbox, wire: WireLog(http, timeouts: timeouts),
            bookingsFolder: folder.appendingPathComponent("bookings", isDirectory: true))
        do {
            let result = try await body(trip)
            await http.shutdown()
            await sandbox.stop()
            return result
        } catch {
            await http.shutdown()
            await sandbox.stop()
            throw error
        }
    }

    /// A Duffel client of its own over the logged wire.
    func client() -> DuffelClient {
        var logger = Logger(label: "trips-tests-duffel")
        logger.logLevel = .critical
        return DuffelClient(
            configuration: DuffelConfiguration(baseURL: sandbox.baseURL, accessToken: SandboxConfiguration.appToken),
            transport: wire, logger: logger)
    }

    /// The trip's services as one run of the app has them: its own client and its own handle on the shared bookings
    /// file. Two calls are two processes that share nothing but the server and the file.
    func process() -> TripServices {
        let client = client()
        return TripServices(
            places: client.placeService, offers: client.offerService, orders: client.orderService,
            extras: client.extrasService, orderExtras: client.orderExtrasService,
            airlineChanges: client.airlineChangeService, changes: client.orderChangeService,
            bookings: FileBookingStore(directory: bookingsFolder), backend: "sandbox", lookupDelays: [.zero])
    }

    /// One adult from `origin` to `destination`, a month from today.
    func search(_ origin: String, _ destination: String) -> SearchRequest {
        let today = CalendarDate(Date(), in: TimeZone(secondsFromGMT: 0) ?? .current)
        return SearchRequest(
            slices: [SearchSlice(origin: origin, destination: destination, departureDate: today.adding(days: 30))],
            passengers: [.adult])
    }

    /// `offer` for its adults, paid now or held.
    func request(_ offer: Offer, _ type: OrderType, search: SearchRequest) -> OfferBooking {
        let passengers = offer.passengers.enumerated().map { index, passenger in
            PassengerDetails(
                id: passenger.id, title: .ms, gender: .female, givenName: "Ada", familyName: "Lovelace",
                bornOn: day("1984-05-17"), email: "ada\(index)@example.com", phoneNumber: "+44207946000\(index)")
        }
        return OfferBooking(
            offer: offer, passengers: passengers, slots: PassengerSlot.slots(for: offer, search: search), type: type)
    }

    /// The orders the server keeps under booking key `key`, newest first.
    func orders(withKey key: String) async throws -> [Order] {
        try await client().orderService.orders(OrderQuery(limit: 200)).items
            .filter { $0.metadata?[OrderCreation.bookingKeyMetadata] == key }
    }

    /// The records of the shared bookings file, read as a third process would.
    func records() throws -> [BookingRecord] {
        try FileBookingStore(directory: bookingsFolder).records()
    }
}
