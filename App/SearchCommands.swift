import ArgumentParser
import Entities
import FlightAvailability
import FlightBookings
import FlightSearch
import FlightSummary
import Foundation
import TerminalUI

// Every command here is a deep link: it enters the same modules as the interactive flow, with its input given
// and a printed presentation, and turns the flow's outcome into an exit code.

/// `flights places <text>`: the airports and cities the search would offer for a text.
struct PlacesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places", abstract: "List the airports and cities matching a text (a code, a city, a name).")

    @Argument(help: "What you would type in From or To: `lon`, `new york`, `JFK`, `paris cdg`.")
    var text: [String]

    @Flag(name: .long, help: "Print JSON (Duffel's place objects).")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let query = text.joined(separator: " ")
        let json = json
        let code = await AppRuntime.run(backend, showsBanner: false) { flow in
            flow.startSearch(FlightSearchInput(placeLookup: query, json: json))
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights search LHR JFK --depart 2026-12-18 …`: offers as a table or JSON.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search offers without prompts and print them as a table or JSON.",
        discussion: """
        Places are codes (LHR, LON) or names (london heathrow); dates are 2026-12-18, tomorrow, +7, fri or 18 dec. \
        Exit codes: 0 offers printed, 1 no offers, 64 bad input, 69 the backend failed.
        """)

    @Argument(help: "Where from: an airport or city code, or a name.")
    var from: String

    @Argument(help: "Where to: an airport or city code, or a name.")
    var to: String

    @Option(help: "The departure date.")
    var depart: String

    @Option(name: .customLong("return"), help: "The return date, for a round trip (+N counts from the departure).")
    var returnDate: String?

    @Option(help: "Adults (18 and over).")
    var adults: Int = 1

    @Option(name: .customLong("child"), help: ArgumentHelp("A child's age (0–17); repeat for each child.", valueName: "age"))
    var childAges: [Int] = []

    @Option(help: "Infants under 2 on a lap (one per adult).")
    var infants: Int = 0

    @Option(help: "economy, premium_economy, business or first.")
    var cabin: String?

    @Option(help: "At most this many connections per leg (0 = direct only).")
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Only flights departing in this window, like 09:00-17:00.", valueName: "window"))
    var departBetween: String?

    @Option(help: "price, duration, departure, arrival or emissions (least CO₂ first).")
    var sort: String = AvailabilitySort.price.rawValue

    @Option(help: "Print at most this many offers.")
    var limit: Int?

    @Flag(name: .long, help: "Print JSON: the offer request id, the search, and Duffel's offer objects.")
    var json = false

    @Flag(name: .long, help: ArgumentHelp(
        "Print the date grid instead of the offers: the lowest total for the whole party 3 days either side "
            + "(departure × return for a round trip; with --json, one cell per pair of days)."))
    var grid = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if grid, limit != nil { throw ValidationError("--limit lists offers; --grid prints every day's lowest total.") }
        if !(1...BookingRules.maxPassengers).contains(adults) {
            throw ValidationError("--adults must be from 1 to \(BookingRules.maxPassengers).")
        }
        if infants < 0 || infants > adults {
            throw ValidationError("--infants must be from 0 to the number of adults (one infant on each adult's lap).")
        }
        if let age = childAges.first(where: { !BookingRules.childAges.contains($0) }) {
            throw ValidationError("--child \(age) is not a child's age; give an age from 0 to 17 (18 and over is an adult).")
        }
        if let maxConnections, !BookingRules.connectionRange.contains(maxConnections) {
            throw ValidationError("--max-connections must be 0, 1 or 2.")
        }
        if AvailabilitySort(rawValue: sort) == nil {
            throw ValidationError("--sort must be one of: \(AvailabilitySort.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if let cabin, CabinClass.allCases.allSatisfy({ $0.rawValue != cabin }) {
            throw ValidationError("--cabin must be one of: \(CabinClass.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let input = FlightSearchInput(
            legs: [FlightSearchInput.Leg(from: from, to: to, date: depart)], returnDate: returnDate, adults: adults,
            childAges: childAges, infants: infants, cabin: cabin.map(CabinClass.init(rawValue:)),
            maxConnections: maxConnections, departureWindow: departBetween, mode: .unattended)
        let order = AvailabilitySort(rawValue: sort) ?? .price
        let listing: BookingFlow.Listing = json
            ? .json(sort: order, limit: limit, dateGrid: grid) : .table(sort: order, limit: limit, dateGrid: grid)
        let code = await AppRuntime.run(backend, showsBanner: false, listing: listing) { flow in
            flow.startSearch(input)
        }
        if code != 0 { throw ExitCode(code) }
    }
}
