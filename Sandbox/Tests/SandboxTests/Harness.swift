import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Logging
import SandboxServer
import Services
import Synchronization
import Testing

/// A clock the tests move by hand, so expiry and "days before departure" do not depend on the day they run.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    /// 2030-03-04 09:30 UTC, a Monday: far enough ahead of any real date the tests run on.
    static let start = Date(timeIntervalSince1970: 1_898_847_000)

    init(_ start: Date = TestClock.start) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The date `days` after the clock's today (UTC).
    func date(daysAhead days: Int) -> CalendarDate {
        CalendarDate(now, in: TimeZone(secondsFromGMT: 0) ?? .current).adding(days: days)
    }
}

/// A sandbox on an ephemeral loopback port with its own data directory, and the project's own Duffel client
/// over libcurl talking to it: every test is a real HTTP round trip.
struct Harness {
    let sandbox: Sandbox
    let clock: TestClock
    let http: HTTPClient
    let client: DuffelClient
    let directory: URL

    static let token = SandboxConfiguration.appToken

    var offers: DuffelOfferService { client.offerService }
    var orders: DuffelOrderService { client.orderService }
    var places: DuffelPlaceService { client.placeService }

    /// Runs `body` against a fresh sandbox and stops it afterwards, whatever happens.
    @discardableResult
    static func run<T>(
        clock: TestClock = TestClock(), faults: FaultPlan = .none,
        rateLimit: RateLimitPolicy = .standard, directory: URL? = nil,
        _ body: (Harness) async throws -> T
    ) async throws -> T {
        let directory = try directory ?? temporaryDirectory()
        let sandbox = try await Sandbox.start(SandboxConfiguration(
            dataDirectory: directory, faults: faults, rateLimit: rateLimit, now: { clock.now },
            logger: quietLogger))
        // A deadline for a hang, not a measure: the whole suite shares two cores, often with builds beside it.
        let http = try HTTPClient(configuration: HTTPClientConfiguration(timeout: .seconds(60), retry: .none))
        let client = DuffelClient(
            configuration: DuffelConfiguration(baseURL: sandbox.baseURL, accessToken: token), transport: http)
        let harness = Harness(sandbox: sandbox, clock: clock, http: http, client: client, directory: directory)
        do {
            let result = try await body(harness)
            await http.shutdown()
            await sandbox.stop()
            return result
        } catch {
            await http.shutdown()
            await sandbox.stop()
            throw error
        }
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "sandbox-tests")
        logger.logLevel = .critical
        return logger
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flights-sandbox-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: - Requests

    func search(
        _ origin: String, _ destination: String, daysAhead: Int = 30, returnDaysAhead: Int? = nil,
        passengers: [PassengerSpec] = [.adult], cabin: CabinClass = .economy, maxConnections: Int? = nil
    ) -> SearchRequest {
        var slices = [SearchSlice(origin: origin, destination: destination, departureDate: clock.date(daysAhead: daysAhead))]
        if let returnDaysAhead {
            slices.append(SearchSlice(origin: destination, destination: origin, departureDate: clock.date(daysAhead: returnDaysAhead)))
        }
        return SearchRequest(slices: slices, passengers: passengers, cabinClass: cabin, maxConnections: maxConnections)
    }

    /// Valid details for every passenger of `offer`, each adult looking after at most one infant.
    func details(for offer: Offer, departure: CalendarDate) -> [PassengerDetails] {
        let infants = offer.passengers.filter { $0.resolvedType == .infantWithoutSeat }.map(\.id)
        var unassigned = infants[...]
        return offer.passengers.enumerated().map { index, passenger in
            let born: CalendarDate
            var infant: String?
            switch passenger.resolvedType {
            case .child:
                let age = passenger.age ?? 8
                born = departure.adding(days: -(age * 365 + age / 4 + 100))
            case .infantWithoutSeat:
                born = departure.adding(days: -300)
            default:
                born = CalendarDate(year: 1984, month: 5, day: 17) ?? departure.adding(days: -15_000)
                infant = unassigned.popFirst()
            }
            return PassengerDetails(
                id: passenger.id, title: index % 2 == 0 ? .ms : .mr, gender: index % 2 == 0 ? .female : .male,
                givenName: ["Ada", "Alan", "Grace", "Tim"][index % 4], familyName: "Lovelace-O'Brien",
                bornOn: born, email: "traveller\(index)@example.com", phoneNumber: "+44207946000\(index)",
                infantPassengerId: infant)
        }
    }

    func instantOrder(_ offer: Offer, departure: CalendarDate, metadata: [String: String]? = nil) -> OrderCreation {
        OrderCreation(
            type: .instant, selectedOffers: [offer.id], passengers: details(for: offer, departure: departure),
            payments: [Payment(amount: offer.totalAmount)], metadata: metadata)
    }

    /// A raw request with the headers Duffel wants, for what the services do not expose (headers, bad tokens).
    func raw(
        _ method: HTTPMethod, _ path: String, body: String? = nil, headers: HTTPHeaders? = nil
    ) async throws -> HTTPResponse {
        var url = sandbox.baseURL.absoluteString
        url += path
        guard let target = URL(string: url) else { throw HarnessError.badURL(url) }
        var fields: HTTPHeaders = headers ?? [
            "Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2", "Accept": "application/json",
        ]
        if body != nil, !fields.contains(name: "Content-Type") { fields.add(name: "Content-Type", value: "application/json") }
        return try await http.send(HTTPRequest(method: method, url: target, headers: fields, body: body.map { Data($0.utf8) }))
    }

    func decodeError(_ response: HTTPResponse) throws -> APIError {
        try DuffelJSON.decoder().decode(APIError.self, from: response.body)
    }
}

enum HarnessError: Error {
    case badURL(String)
    case expectedFailure(String)
}

/// The API error a call failed with; fails the test when it succeeded or failed some other way.
func apiError<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ call: () async throws -> T
) async -> APIError? {
    do {
        _ = try await call()
        Issue.record("expected the call to fail with an API error", sourceLocation: sourceLocation)
        return nil
    } catch {
        guard let apiError = (error as? ServiceError)?.apiError else {
            Issue.record("expected an API error, got \(error)", sourceLocation: sourceLocation)
            return nil
        }
        return apiError
    }
}

/// The service error a call failed with; fails the test when it succeeded.
func serviceError<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ call: () async throws -> T
) async -> ServiceError? {
    do {
        _ = try await call()
        Issue.record("expected the call to fail", sourceLocation: sourceLocation)
        return nil
    } catch let error as ServiceError {
        return error
    } catch {
        Issue.record("expected a service error, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
