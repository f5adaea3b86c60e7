import Entities
import Trips
import Foundation
import Services
import TerminalUI
import TravelText

/// What the screen shows, as pure functions of the state.
enum AvailabilityViewModels {
    typealias State = FlightAvailabilityState

    /// The screen for the state's phase; `nil` while nothing was searched yet.
    static func screen(_ state: State) -> AvailabilityScreen? {
        let keys = state.inputStyle == .keys
        switch state.phase {
        case .idle:
            return nil
        case .searching:
            return .loading(LoadingViewModel(
                header: header(state),
                message: (state.searchedAgain ? "Searching again: flights " : "Searching flights ")
                    + "\(TravelFormat.route(state.request)) on \(OfferFormat.dates(state.request))…",
                legend: keys ? "Esc cancel · b back to the search" : ""))
        case .results:
            return results(state)
        case .failed(let error):
            return .error(errorViewModel(state, error))
        case .cancelled:
            return .error(ErrorViewModel(
                header: header(state), notice: Notice(.warning, "Search cancelled."), details: [],
                suggestion: keys
                    ? "Press r to search again, or b to change the search."
                    : "Type retry to search again, or back to change the search.",
                legend: keys ? "r search again · b back to the search · ? help" : "Commands: retry, back, help.",
                prompt: "Command: "))
        case .dateGrid:
            guard let grid = state.grid else { return nil }
            if !keys, grid.isFetching {
                return .loading(LoadingViewModel(
                    header: header(state),
                    message: "Finding the lowest price around \(OfferFormat.dates(grid.request))…", legend: ""))
            }
            return .dateGrid(dateGrid(state, grid))
        }
    }

    /// Route, dates, passengers, cabin and (once known) how many offers.
    static func header(_ state: State) -> TripHeader {
        let count = state.phase == .results || state.phase == .dateGrid ? state.result?.offers.count : nil
        return TripHeader(state.request, offerRequest: state.result?.offerRequest, offerCount: count)
    }

    /// The offers: none found, none left after the filters, or a page.
    private static func results(_ state: State) -> AvailabilityScreen? {
        guard let result = state.result else { return nil }
        let keys = state.inputStyle == .keys
        let request = state.request
        if result.offers.isEmpty {
            return .noOffers(NoOffersViewModel(
                header: header(state),
                message: "No flights found for \(OfferFormat.route(request, result.offerRequest)) on \(OfferFormat.dates(request)).",
                suggestion: keys
                    ? "Try other days (d shows the cheapest days around it), or change the search (b)."
                    : "Try other days (type dates to see the cheapest days around it), or change the search (type back).",
                legend: keys ? "d other dates · r search again · b back to the search · ? help" : "Commands: dates, retry, back, help.",
                prompt: "Command: "))
        }
        if state.visible.isEmpty {
            return .noOffers(NoOffersViewModel(
                header: header(state),
                message: "None of the \(TravelFormat.count(result.offers.count, "offer")) matches the filters (\(filterSummary(state.filters))).",
                suggestion: keys
                    ? "Clear the filters (c), change them (f), or change the search (b)."
                    : "Type filter clear, change a filter (filter stops 1), or type back to change the search.",
                legend: keys ? "c clear filters · f filter · d other dates · b back · ? help" : "Commands: filter clear, filter …, dates, back, help.",
                prompt: "Command: "))
        }
        return .results(page(state, result))
    }

    /// The page the highlight is on, with the status and the legend.
    private static func page(_ state: State, _ result: OfferSearchResult) -> ResultsViewModel {
        let perPage = state.offersPerPage
        let start = state.currentPage * perPage
        let end = min(start + perPage, state.visible.count)
        let keys = state.inputStyle == .keys
        let onPage = (start..<end).map { result.offers[state.visible[$0]] }
        let rows = zip(start..<end, onPage).map { index, offer in
            OfferFormat.row(
                offer, number: index + 1, highlighted: keys && index == state.highlight, searched: state.request.slices)
        }
        let filters = state.filters
        var status = state.searchedAgain ? "Searched again: \(TravelFormat.count(result.offers.count, "offer")) · " : ""
        status += arrivalStatus(state).map { "\($0) · " } ?? ""
        status += "Sort: \(OfferTable.sortName(state.sort)) · Filters: \(filters.isEmpty ? "none" : filterSummary(filters))"
        status += " · Page \(state.currentPage + 1) of \(state.pageCount) (offers \(start + 1)–\(end) of \(state.visible.count)"
        status += filters.isEmpty ? ")" : "; \(result.offers.count) without filters)"
        let legend: String
        if keys {
            var parts = ["↑↓ Enter choose", "s sort", "f filter"]
            if !filters.isEmpty { parts.append("c clear") }
            parts.append("d dates")
            if state.pageCount > 1 { parts.append("n/p page") }
            parts += ["b back", "? help"]
            // `w` is named where the line has room for it (the help always lists it).
            var watching = parts
            if state.canWatch == true { watching.insert(state.watch == nil ? "w watch" : "watched", at: parts.count - 2) }
            let withWatch = watching.joined(separator: " · ")
            legend = TerminalText.displayWidth(of: withWatch) < state.columns ? withWatch : parts.joined(separator: " · ")
        } else {
            var commands = ["sort", "filter"]
            if state.pageCount > 1 { commands += ["next", "prev"] }
            commands += ["dates"] + (state.canWatch == true ? ["watch"] : []) + ["back", "help"]
            legend = "Type an offer number, or: \(commands.joined(separator: ", "))."
        }
        return ResultsViewModel(
            header: header(state), status: status, rows: rows, showsLegRoute: state.request.slices.count > 1,
            showsEmissions: OfferFormat.anyEmissions(onPage), legend: legend, prompt: "Offer number or command: ")
    }

    /// How the airlines' answers stand, while it matters: still answering (and how to stop waiting), no longer
    /// waited for, some sent nothing, or the wait ended by a failure.
    static func arrivalStatus(_ state: State) -> String? {
        guard let arrival = state.arrival else { return nil }
        if state.isWaitingForAirlines {
            let stop = state.inputStyle == .keys ? "Esc stops waiting" : "type back to stop waiting"
            return "\(ArrivalText.stillAnswering(arrival.remainingBatches)) (\(stop))"
        }
        if state.stoppedWaiting == true, !arrival.isFinal {
            return "Stopped waiting for \(ArrivalText.airlines(arrival.remainingBatches))"
        }
        if let failure = arrival.failure { return "The airlines' answers stopped early: \(failure.message)" }
        return ArrivalText.missing(arrival, supplierTimeout: nil)
    }

    /// A failed search in words; a validation error says to edit the search.
    private static func errorViewModel(_ state: State, _ error: ServiceError) -> ErrorViewModel {
        let keys = state.inputStyle == .keys
        let isValidation = error.apiError?.has(.validation) ?? false
        var suggestion = error.suggestion
        if isValidation {
            suggestion = keys ? "Go back (b) to edit the search, then search again." : "Type back to edit the search, then search again."
        }
        return ErrorViewModel(
            header: header(state), notice: Notice(.error, error.message),
            details: error.apiError?.errors.dropFirst().map(\.description) ?? [],
            suggestion: suggestion,
            legend: keys
                ? (isValidation ? "b back to edit the search · r retry · ? help" : "r retry · b back to the search · ? help")
                : "Commands: retry, back, help.",
            prompt: "Command: ")
    }

    /// `direct only, BA/VS, leaving 09:00–12:00`.
    static func filterSummary(_ filters: AvailabilityFilters) -> String {
        var parts: [String] = []
        if let maxStops = filters.maxStops { parts.append(stopsDescription(maxStops).lowercased()) }
        if !filters.carriers.isEmpty { parts.append(filters.carriers.sorted().joined(separator: "/")) }
        if let window = filters.departureWindow { parts.append("leaving \(window)") }
        if let kilograms = filters.maxEmissionsKg { parts.append("\(emissionsLimit(kilograms)) CO₂") }
        return parts.joined(separator: ", ")
    }

    /// `Direct only`, `At most 1 stop`.
    static func stopsDescription(_ stops: Int) -> String {
        switch stops {
        case 0: "Direct only"
        case 1: "At most 1 stop"
        default: "At most \(stops) stops"
        }
    }

    /// `at most 500 kg`.
    static func emissionsLimit(_ kilograms: Int) -> String {
        "at most \(TravelFormat.kilograms(Decimal(kilograms)))"
    }

    /// Why `action` cannot be done now, and what to do instead.
    /// What `w` said: the watch kept, or kept before.
    static func watched(_ id: Int, again: Bool) -> String {
        again
            ? "This search is watch \(id) already; `flights watches` shows its history."
            : "Watching this search's price as watch \(id): `flights watch check` checks it again, `flights watches` lists it."
    }

    static func unavailable(_ action: String, _ state: State) -> String {
        let keys = state.inputStyle == .keys
        switch state.phase {
        case .searching: return "The search is still running; wait for the offers to \(action)."
        case .failed, .cancelled:
            return keys
                ? "There are no offers to \(action): search again (r) or go back (b)."
                : "There are no offers to \(action): type retry or back."
        case .dateGrid:
            return keys ? "Leave the dates first (Esc) to \(action)." : "Type back to leave the dates first, then \(action)."
        case .idle, .results:
            guard let result = state.result, !result.offers.isEmpty else { return "There are no offers to \(action)." }
            return keys
                ? "No offer matches the filters: clear them (c) to \(action)."
                : "No offer matches the filters: type filter clear to \(action)."
        }
    }
}

/// A page of offers.
struct ResultsViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: TripHeader
    /// The current sort, filters and page: `Sort: price · Filters: none · Page 1 of 2 (offers 1–12 of 14)`.
    var status: String
    /// The offers of this page.
    var rows: [OfferRow]
    /// Whether each line says which leg it is (round trips and multi-city).
    var showsLegRoute: Bool
    /// Whether the table has a CO₂ column: some offer of the page has an estimate.
    var showsEmissions: Bool
    /// On a TTY the key legend; on lines, the commands.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

/// The search worked but there is nothing to show: no offers at all, or none left after the filters.
struct NoOffersViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: TripHeader
    /// What happened, in a sentence.
    var message: String
    /// What to do next.
    var suggestion: String
    /// The keys or commands that apply.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

/// The search failed, or was cancelled.
struct ErrorViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: TripHeader
    /// What happened (``ServiceError/message``): an error, or a warning for a search the traveller cancelled.
    var notice: Notice
    /// Further problems, one per line (every field a validation error names).
    var details: [String]
    /// What to do (``ServiceError/suggestion``, and to edit the search when a field is wrong).
    var suggestion: String
    /// The keys or commands that apply.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

/// While a search runs.
struct LoadingViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers (as searched: codes, no counts yet).
    var header: TripHeader
    /// The spinner's message.
    var message: String
    /// How to cancel (TTY only; empty on lines).
    var legend: String
}

/// One whole state of the screen, as the page shows it.
enum AvailabilityScreen: Codable, Sendable, Equatable {
    /// A search is running.
    case loading(LoadingViewModel)
    /// A page of offers.
    case results(ResultsViewModel)
    /// No offers, or none left after the filters.
    case noOffers(NoOffersViewModel)
    /// The search failed or was cancelled.
    case error(ErrorViewModel)
    /// The date grid.
    case dateGrid(DateGridView)
}
