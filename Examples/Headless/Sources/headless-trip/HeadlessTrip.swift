import ArgumentParser
import CurlHTTP
import DuffelServices
import Entities
import Foundation
import LocalStore
import SandboxServer
import Services
import Trips

/// `headless-trip --from LHR --to JFK`: a flight found, booked and cancelled by code, with no screen, against Flights'
/// sandbox started in this process. One line per step; a step that fails ends the run with status 1 and says why.
@main
struct HeadlessTrip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headless-trip",
        abstract: "Find, book, list and cancel a flight through Flights' trip core, with no screen.",
        discussion: """
        Starts Flights' sandbox in this process on a free port, keeps the bookings file in a temporary folder, and \
        removes both at the end.
        """)

    @Option(help: "Where from: a city, an airport or a code.")
    var from = "LHR"

    @Option(help: "Where to: a city, an airport or a code.")
    var to = "JFK"

    @Option(help: "How many days from today to fly (1 to 330: airlines sell about eleven months ahead).")
    var inDays = 30

    func validate() throws {
        guard (1...330).contains(inDays) else { throw ValidationError("--in-days must be 1 to 330.") }
    }

    func run() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("headless-trip-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sandbox: Sandbox
        let http: HTTPClient
        do {
            sandbox = try await Sandbox.start(
                SandboxConfiguration(dataDirectory: folder.appendingPathComponent("sandbox", isDirectory: true), logLevel: .quiet))
        } catch {
            throw fail("the sandbox did not start: \(error)")
        }
        do {
            http = try HTTPClient()
        } catch {
            await sandbox.stop()
            throw fail("no HTTP client: \(error)")
        }
        print("sandbox: \(sandbox.baseURL)")
        let outcome: Result<Void, StepFailure>
        do throws(StepFailure) {
            try await tell(story(over: sandbox.baseURL, http: http, bookingsIn: folder))
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await http.shutdown()
        await sandbox.stop()
        if case .failure(let failure) = outcome { throw fail("\(failure)") }
    }

    /// The trip's services as another team makes them: Duffel v2 over libcurl to `api`, the bookings in a file.
    private func story(over api: URL, http: HTTPClient, bookingsIn folder: URL) -> TripStory {
        let duffel = DuffelClient(
            configuration: DuffelConfiguration(baseURL: api, accessToken: "duffel_test_headless"), transport: http)
        let trip = TripServices(
            places: duffel.placeService, offers: duffel.offerService, orders: duffel.orderService,
            bookings: FileBookingStore(directory: folder.appendingPathComponent("bookings", isDirectory: true)),
            backend: "sandbox")
        return TripStory(trip: trip)
    }

    /// The steps, one printed line each.
    private func tell(_ story: TripStory) async throws(StepFailure) {
        let origin = try await story.place(for: from)
        let destination = try await story.place(for: to)
        print("places: “\(from)” is \(origin.iataCode), \(origin.name); "
            + "“\(to)” is \(destination.iataCode), \(destination.name)")

        let today = CalendarDate(Date(), in: TimeZone(identifier: "UTC") ?? .current)
        let day = CalendarDate(dayNumber: today.dayNumber + inDays)
        let found = try await story.cheapestOffer(from: origin, to: destination, on: day)
        let offer = found.offer
        print("search: \(found.count) offers \(origin.iataCode) → \(destination.iataCode) on \(day); "
            + "cheapest \(offer.id) at \(offer.totalAmount) (\(offer.owner.name))")

        let order = try await story.book(
            offer, search: found.search, traveller: Traveller(), agreedTotal: offer.totalAmount.amount)
        let reference = order.bookingReference
        print("booked: \(reference) (\(order.id)) at \(order.totalAmount ?? offer.totalAmount), "
            + "agreed \(offer.totalAmount)")

        let listed = try await story.listed(reference: reference)
        print("bookings: \(listed.records.count) kept; \(reference) \(listed.booked.state.rawValue) "
            + "at \(listed.booked.total)")

        let done = try await story.cancel(reference: reference)
        print("cancelled: \(reference), refund \(done.cancellation.refundOrZero); "
            + "the bookings file says \(done.booking.record?.state.rawValue ?? "nothing")")
    }

    /// `message` on standard error, and the exit status of a failed run.
    private func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("headless-trip: \(message)\n".utf8))
        return ExitCode(1)
    }
}
