import ArgumentParser
import Entities
import Foundation
import Services
import TerminalUI
import TravelText
import Trips

// The search commands are a face over the core's `SearchFlights`: they ask it, print its answer with the text the
// screens share (TravelText) or as JSON (CommandJSON), and turn it into an exit code.

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
        let query = text.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let json = json
        let code = await CommandRuntime.run(backend) { await Self.places(matching: query, json: json, in: $0) }
        if code != 0 { throw ExitCode(code) }
    }

    /// Lists the places `query` names (a table, or Duffel's place objects as JSON): 0 listed, 1 none, 64 no text,
    /// 69 the service failed.
    @MainActor
    static func places(matching query: String, json: Bool, in context: CommandContext) async -> FlowOutcome {
        guard !query.isEmpty else {
            context.problems(["Give a text to look up: a code (LHR), a city (london) or an airport (heathrow)."])
            return .badInput
        }
        switch await SearchFlights(context.trip).places(matching: query) {
        case .failure(let error):
            context.problems(["The places could not be looked up. \(error.description)"])
            return .backendError(error.description)
        case .success(let places) where places.isEmpty:
            context.problems([PlaceProblem.unknown(query).message])
            return .noResults
        case .success(let places):
            do throws(ServiceError) {
                // The server's data whole, for programs: what a terminal would obey is written as a JSON escape.
                context.output(json
                    ? try CommandJSON.text(places, naming: "places")
                    : PlaceTable.listing(places, width: context.columns))
            } catch {
                context.failure(error)
                return .backendError(error.description)
            }
            return .done
        }
    }
}

/// `flights search LHR JFK --depart 2026-12-18 …`: offers as a table or JSON.
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search offers without prompts and print them as a table or JSON.",
        discussion: """
        Places are codes (LHR, LON) or names (london heathrow); dates are 2026-12-18, tomorrow, +7, fri or 18 dec. \
        Offers are read as the airlines answer (Duffel's batch offer requests); standard error says how many are \
        still answering. Exit codes: 0 offers printed, 1 no offers, 64 bad input, 69 the backend failed.
        """)

    @OptionGroup var trip: TripOptions

    @Option(help: "price, duration, departure, arrival or emissions (least CO₂ first).")
    var sort: String = OfferOrder.price.rawValue

    @Option(help: "Print at most this many offers.")
    var limit: Int?

    @Flag(name: .long, help: "Print JSON: the offer request id, the search, and Duffel's offer objects.")
    var json = false

    @Flag(name: .long, help: ArgumentHelp(
        "Print each batch of offers as it arrives, one JSON line each (the last with \"final\": true), rather than "
            + "the whole list once every airline has answered."))
    var stream = false

    @Option(name: .customLong("supplier-timeout"), help: ArgumentHelp(
        "Wait at most this many seconds (2–60) for each airline; the offers of slower ones are left out, and that is said.",
        valueName: "seconds"))
    var supplierTimeout: Int?

    @Flag(name: .long, help: ArgumentHelp(
        "Print the date grid instead of the offers: the lowest total for the whole party 3 days either side "
            + "(departure × return for a round trip; with --json, one cell per pair of days)."))
    var grid = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if grid, limit != nil { throw ValidationError("--limit lists offers; --grid prints every day's lowest total.") }
        if grid, stream { throw ValidationError("--stream prints offers as they arrive; --grid prints every day's lowest total.") }
        if stream, limit != nil { throw ValidationError("--stream prints every offer as it arrives; leave out --limit.") }
        if let supplierTimeout, !(2...60).contains(supplierTimeout) {
            throw ValidationError("--supplier-timeout must be from 2 to 60 seconds.")
        }
        if OfferOrder(rawValue: sort) == nil {
            throw ValidationError("--sort must be one of: \(OfferOrder.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    func run() async throws {
        let query = trip.query
        let listing = SearchListing(
            order: OfferOrder(rawValue: sort) ?? .price, limit: limit, json: json, stream: stream,
            supplierTimeout: supplierTimeout.map { .seconds($0) })
        let grid = grid
        let code = await CommandRuntime.run(backend) { await Self.search(query, listing: listing, grid: grid, in: $0) }
        if code != 0 { throw ExitCode(code) }
    }

    /// Searches `query` and prints what `listing` asks (the offers, or with `grid` the date grid): 0 printed, 1
    /// nothing flies, 64 the query makes no search, 69 the service failed.
    @MainActor
    static func search(_ query: TripQuery, listing: SearchListing, grid: Bool, in context: CommandContext) async -> FlowOutcome {
        let search = SearchFlights(context.trip)
        let request: SearchRequest
        switch await context.request(for: query) {
        case .success(let made): request = made
        case .failure(let outcome): return outcome
        }
        if let refusal = SearchFlights.refusal(of: request, today: context.today) {
            context.failure(refusal)
            return .backendError(refusal.description)
        }
        return grid
            ? await listing.dateGrid(around: request, search, context)
            : await listing.offers(for: request, search, context)
    }
}
