import ArgumentParser
import CurlHTTP
import DuffelServices
import Entities
import FlightAvailability
import FlightSummary
import Foundation
import LocalStore
import Services
import TerminalUI

/// `rebook RZPVYB --depart 2026-12-20`: the offers for a saved booking's route on another day, straight away.
@main
struct Rebook: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebook",
        abstract: "Find and book another flight on the route of a saved booking, without a search form.",
        discussion: """
        Talks to any Duffel-v2 API: --api URL (or FLIGHTS_API_URL) with DUFFEL_ACCESS_TOKEN; `flights-sandbox` works. \
        The saved booking is read from Flights' bookings on this machine (FLIGHTS_DATA_DIR overrides where).
        """)

    @Argument(help: "The booking reference of a saved booking whose route to fly again.")
    var reference: String?

    @Option(help: ArgumentHelp("A route instead of a saved booking, like LHR-JFK.", valueName: "from-to"))
    var route: String?

    @Option(help: "The new departure date (YYYY-MM-DD).")
    var depart: String

    @Option(help: ArgumentHelp("interactive (choose and book), table or json (print the offers).", valueName: "mode"))
    var show: String = "interactive"

    @Option(help: "The API's root address.")
    var api: String?

    /// The few lines another team writes: its builders, made with its services, and its own flow; or, to print the
    /// offers (`--show table|json`), Flights' core and its offers table, with no screen.
    @MainActor
    static func rebook(
        _ request: SearchRequest, show: String, duffel: DuffelClient, bookings: any BookingStore, backend: String
    ) async -> RebookingFlow.Result {
        let terminal = SystemTerminal()
        defer { terminal.close() }
        if show != "interactive" {
            return await OfferListing.print(request, json: show == "json", offers: duffel.offerService, on: terminal)
        }
        let flow = RebookingFlow(
            availability: FlightAvailabilityBuilder(offers: duffel.offerService),
            summary: FlightSummaryBuilder(
                offers: duffel.offerService, orders: duffel.orderService, bookings: bookings, backend: backend),
            terminal: terminal)
        await flow.run(request)
        return flow.result
    }

    func validate() throws {
        if (reference == nil) == (route == nil) { throw ValidationError("Give a booking reference or --route, not both.") }
        if CalendarDate(depart) == nil { throw ValidationError("--depart must be a date as YYYY-MM-DD.") }
        if !["interactive", "table", "json"].contains(show) { throw ValidationError("--show is interactive, table or json.") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let address = api ?? environment["FLIGHTS_API_URL"], let baseURL = URL(string: address),
              let token = environment["DUFFEL_ACCESS_TOKEN"], !token.isEmpty else {
            throw ValidationError("Give the API with --api URL (or FLIGHTS_API_URL) and a token in DUFFEL_ACCESS_TOKEN.")
        }
        let bookings = FileBookingStore.standard(environment: environment)
        let legs: [(String, String)]
        let travellers: Int
        if let reference {
            guard let saved = try bookings.record(reference: reference) else {
                throw ValidationError("No saved booking \(reference) in \(bookings.location).")
            }
            legs = saved.legs.map { ($0.origin, $0.destination) }
            travellers = max(saved.passengers.count, 1)
        } else {
            let ends = (route ?? "").uppercased().split(separator: "-").map(String.init)
            guard ends.count == 2, ends.allSatisfy(BookingRules.isIATACode) else {
                throw ValidationError("--route is two codes joined by a dash, like LHR-JFK.")
            }
            legs = [(ends[0], ends[1])]
            travellers = 1
        }
        guard let first = CalendarDate(depart), let firstLeg = legs.first else { return }
        // Later legs keep their distance in days from the first; a saved one-way or return route is flown again.
        let request = SearchRequest(
            slices: [SearchSlice(origin: firstLeg.0, destination: firstLeg.1, departureDate: first)]
                + legs.dropFirst().map { SearchSlice(origin: $0.0, destination: $0.1, departureDate: first) },
            passengers: Array(repeating: .adult, count: travellers))

        let http = try HTTPClient()
        let duffel = DuffelClient(configuration: DuffelConfiguration(baseURL: baseURL, accessToken: token), transport: http)
        let result = await Self.rebook(
            request, show: show, duffel: duffel, bookings: bookings, backend: baseURL.host ?? address)
        await http.shutdown()
        switch result {
        case .booked(let newReference):
            let old = reference.map { " Your booking \($0) is unchanged: cancel it with `flights cancel \($0)` if you no longer need it." } ?? ""
            print("Rebooked: \(newReference).\(old)")
        case .listed, .left:
            break
        case .noOffers:
            throw ExitCode(1)
        case .failed(let reason):
            FileHandle.standardError.write(Data("rebook: \(reason)\n".utf8))
            throw ExitCode(69)
        }
    }
}
