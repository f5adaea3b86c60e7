import Entities
import Trips
import Foundation
import Services
import TerminalUI

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
                    + "\(TravelFormat.route(state.request)) on \(AvailabilityFormat.dates(state.request))…",
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
                    message: "Finding the lowest price around \(AvailabilityFormat.dates(grid.request))…", legend: ""))
            }
            return .dateGrid(dateGrid(state, grid))
        }
    }

    /// Route, dates, passengers, cabin and (once known) how many offers.
    static func header(_ state: State) -> AvailabilityHeaderViewModel {
        let request = state.request
        var details = [AvailabilityFormat.dates(request), TravelFormat.passengers(request.passengers),
                       request.cabinClass?.displayName ?? "Any cabin"]
        if state.phase == .results || state.phase == .dateGrid, let result = state.result {
            details.append(TravelFormat.count(result.offers.count, "offer"))
        }
        return AvailabilityHeaderViewModel(
            title: AvailabilityFormat.route(request, state.result?.offerRequest), details: details.joined(separator: " · "))
    }

    /// The offers: none found, none left after the filters, or a page.
    private static func results(_ state: State) -> AvailabilityScreen? {
        guard let result = state.result else { return nil }
        let keys = state.inputStyle == .keys
        let request = state.request
        if result.offers.isEmpty {
            return .noOffers(NoOffersViewModel(
                header: header(state),
                message: "No flights found for \(AvailabilityFormat.route(request, result.offerRequest)) on \(AvailabilityFormat.dates(request)).",
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
            AvailabilityFormat.row(
                offer, number: index + 1, highlighted: keys && index == state.highlight, searched: state.request.slices)
        }
        let filters = state.filters
        var status = state.searchedAgain ? "Searched again: \(TravelFormat.count(result.offers.count, "offer")) · " : ""
        status += "Sort: \(sortName(state.sort)) · Filters: \(filters.isEmpty ? "none" : filterSummary(filters))"
        status += " · Page \(state.currentPage + 1) of \(state.pageCount) (offers \(start + 1)–\(end) of \(state.visible.count)"
        status += filters.isEmpty ? ")" : "; \(result.offers.count) without filters)"
        let legend: String
        if keys {
            var parts = ["↑↓ Enter choose", "s sort", "f filter"]
            if !filters.isEmpty { parts.append("c clear") }
            parts.append("d dates")
            if state.pageCount > 1 { parts.append("n/p page") }
            parts += ["b back", "? help"]
            legend = parts.joined(separator: " · ")
        } else {
            var commands = ["sort", "filter"]
            if state.pageCount > 1 { commands += ["next", "prev"] }
            commands += ["dates", "back", "help"]
            legend = "Type an offer number, or: \(commands.joined(separator: ", "))."
        }
        return ResultsViewModel(
            header: header(state), status: status, rows: rows, showsLegRoute: state.request.slices.count > 1,
            showsEmissions: AvailabilityOffers.anyEmissions(onPage), legend: legend, prompt: "Offer number or command: ")
    }

    /// The `table` presentation's output for the offers found: in the chosen order, at most the limit.
    static func report(_ state: State) -> ReportViewModel? {
        guard let found = state.result else { return nil }
        let ordered = AvailabilityOffers.sorted(found.offers, by: state.sort)
        return report(state, found: found, shown: reported(ordered, state), total: ordered.count)
    }

    /// The offers `ordered` a report shows: at most the limit.
    static func reported(_ ordered: [Offer], _ state: State) -> [Offer] {
        state.limit.map { Array(ordered.prefix(max(0, $0))) } ?? ordered
    }

    /// The `table` presentation's output.
    static func report(_ state: State, found: OfferSearchResult, shown: [Offer], total: Int) -> ReportViewModel {
        let request = state.request
        var footnote: String?
        if total == 0 {
            footnote = "No flights found for \(AvailabilityFormat.route(request, found.offerRequest)) on \(AvailabilityFormat.dates(request))."
        } else if shown.count < total {
            footnote = "Showing \(shown.count) of \(TravelFormat.count(total, "offer"))."
        }
        return ReportViewModel(
            header: header(state),
            status: "Sort: \(sortName(state.sort))",
            rows: shown.enumerated().map {
                AvailabilityFormat.row($0.element, number: $0.offset + 1, highlighted: false, searched: request.slices)
            },
            showsLegRoute: request.slices.count > 1,
            showsEmissions: AvailabilityOffers.anyEmissions(shown),
            footnote: footnote)
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
