import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI

/// Choosing, the highlight, pages, sorting, filtering, typed commands and what is said about them.
extension FlightAvailabilityReducer {
    // MARK: Saying

    /// A line saying what could not be done; the screen stays.
    static func problem(_ message: String) -> Effects {
        [.note(.message(Notice(.error, message)))]
    }

    /// The keys over the screen (a TTY, until any key), or the commands written once in the log.
    static func help(_ state: inout State) -> Effects {
        guard state.inputStyle == .keys else { return [.print([.blank] + FlightAvailabilityReducer.helpBlocks(state))] }
        state.overlay = .help
        return []
    }

    // MARK: Choosing

    /// Enter: choose the highlighted offer or cell.
    static func enterPressed(_ state: inout State) -> Effects {
        switch state.phase {
        case .results where !state.visible.isEmpty:
            return selectOffer(&state, at: state.highlight)
        case .dateGrid:
            return selectHighlightedCell(&state)
        default:
            return []
        }
    }

    /// A number typed on a line: choose that offer (or, in a one-row date grid, that day).
    static func enteredNumber(_ state: inout State, _ number: Int) -> Effects {
        switch state.phase {
        case .results where !state.visible.isEmpty:
            guard (1...state.visible.count).contains(number) else {
                return problem("There is no offer \(number); choose 1 to \(state.visible.count).")
            }
            return selectOffer(&state, at: number - 1)
        case .dateGrid:
            guard let grid = state.grid, !grid.isMatrix else {
                return problem(state.grid.map(AvailabilityViewModels.gridUsage) ?? "")
            }
            return selectCell(&state, column: number - 1, row: 0)
        default:
            return problem(AvailabilityViewModels.unavailable("choose from", state))
        }
    }

    /// The offer at `index` of the visible ones, to the summary with the search that found it.
    static func selectOffer(_ state: inout State, at index: Int) -> Effects {
        guard state.visible.indices.contains(index), let offers = state.result?.offers else { return [] }
        state.highlight = index
        // A chosen offer ends the wait for the airlines still answering.
        let stop = state.isWaitingForAirlines ? stopWaiting(&state) : []
        return stop + [.leave(.summary(offer: offers[state.visible[index]], search: state.request))]
    }

    // MARK: Highlight and pages

    /// ↑/↓: move the highlight; the page follows it.
    static func moveHighlight(_ state: inout State, by delta: Int) -> Effects {
        state.typedNumber = ""
        switch state.phase {
        case .results where !state.visible.isEmpty:
            state.highlight = min(max(0, state.highlight + delta), state.visible.count - 1)
            return []
        default:
            return []
        }
    }

    /// A digit key: move the highlight to that number; digits typed one after another make one number.
    static func typedDigit(_ state: inout State, _ digit: Int) -> Effects {
        let count: Int
        switch state.phase {
        case .results: count = state.visible.count
        case .dateGrid where !(state.grid?.isMatrix ?? true): count = state.grid?.departures.count ?? 0
        default: return []
        }
        guard count > 0, (0...9).contains(digit) else { return [] }
        state.typedNumber += String(digit)
        let target: Int
        if let number = Int(state.typedNumber), (1...count).contains(number) {
            target = number - 1
        } else if (1...count).contains(digit) {
            state.typedNumber = String(digit)
            target = digit - 1
        } else {
            state.typedNumber = ""
            return []
        }
        if state.phase == .dateGrid {
            state.grid?.column = target
        } else {
            state.highlight = target
        }
        return []
    }

    /// `n`/`p`, Page Down/Up, `next`/`prev`.
    static func changePage(_ state: inout State, by delta: Int) -> Effects {
        state.typedNumber = ""
        guard state.phase == .results, !state.visible.isEmpty else {
            return problem(AvailabilityViewModels.unavailable("change pages", state))
        }
        let target = state.currentPage + delta
        guard (0..<state.pageCount).contains(target) else {
            return problem(delta > 0 ? "This is the last page." : "This is the first page.")
        }
        state.highlight = target * state.offersPerPage
        return []
    }

    // MARK: Sorting and filtering

    /// `s`, or `sort` with no order: offer the orders.
    static func sortMenu(_ state: inout State) -> Effects {
        guard state.hasOffers else { return problem(AvailabilityViewModels.unavailable("sort", state)) }
        state.overlay = .choice(.sort)
        return []
    }

    /// `sort duration`, or a sort chosen from the list.
    static func chooseSort(_ state: inout State, _ sort: AvailabilitySort) -> Effects {
        state.sort = sort
        state.highlight = 0
        refreshVisibleOffers(&state)
        return []
    }

    /// `f`, or `filter` with nothing after it: offer the filters.
    static func filterMenu(_ state: inout State) -> Effects {
        guard state.hasOffers else { return problem(AvailabilityViewModels.unavailable("filter", state)) }
        state.overlay = .choice(.filter)
        return []
    }

    /// An option chosen from a list the screen offered.
    static func chose(_ state: inout State, _ index: Int, in choice: AvailabilityChoice) -> Effects {
        state.overlay = nil
        switch choice {
        case .sort:
            guard AvailabilitySort.allCases.indices.contains(index) else { return [] }
            return chooseSort(&state, AvailabilitySort.allCases[index])
        case .filter:
            let options = AvailabilityViewModels.filterOptions(state)
            guard options.indices.contains(index) else { return [] }
            switch options[index] {
            case .stops:
                state.overlay = .choice(.stops)
                return []
            case .carriers:
                state.overlay = .question(.carriers)
                return []
            case .departure:
                state.overlay = .question(.departureWindow)
                return []
            case .emissions:
                state.overlay = .question(.maxEmissions)
                return []
            case .clear, .unknown:
                return clearFilters(&state)
            }
        case .stops:
            var changed = state.filters
            changed.maxStops = index < 3 ? index : nil
            return apply(&state, changed)
        }
    }

    /// A typed answer to a question the screen asked.
    static func answered(_ state: inout State, _ answer: String, to question: AvailabilityQuestion) -> Effects {
        state.overlay = nil
        return setFilter(&state, AvailabilityCommands.filterKind(question), answer)
    }

    /// `c` or `filter clear`: every offer again.
    static func clearFilters(_ state: inout State) -> Effects {
        state.overlay = nil
        guard state.hasOffers else { return problem(AvailabilityViewModels.unavailable("clear filters", state)) }
        return apply(&state, AvailabilityFilters())
    }

    /// Sets the filter of `kind` as typed, or says what was wrong with `value`.
    private static func setFilter(_ state: inout State, _ kind: AvailabilityFilterKind, _ value: String) -> Effects {
        switch AvailabilityCommands.applying(kind, value, to: state.filters, offers: state.result?.offers ?? []) {
        case .success(let changed): return apply(&state, changed)
        case .failure(let problem): return Self.problem(problem.message)
        }
    }

    /// New filters: back to the first offer.
    private static func apply(_ state: inout State, _ filters: AvailabilityFilters) -> Effects {
        state.filters = filters
        state.highlight = 0
        state.typedNumber = ""
        refreshVisibleOffers(&state)
        return []
    }

    // MARK: Typed commands

    /// One line typed off a TTY, read as a command.
    static func entered(_ state: inout State, _ command: AvailabilityCommand) -> Effects {
        switch command {
        case .number(let number): return enteredNumber(&state, number)
        case .sortMenu: return sortMenu(&state)
        case .sort(let sort):
            guard state.hasOffers else { return problem(AvailabilityViewModels.unavailable("sort", state)) }
            return chooseSort(&state, sort)
        case .filterMenu: return filterMenu(&state)
        case .filter(let kind, let value):
            guard state.hasOffers else { return problem(AvailabilityViewModels.unavailable("filter", state)) }
            return setFilter(&state, kind, value)
        case .clearFilters: return clearFilters(&state)
        case .nextPage: return changePage(&state, by: 1)
        case .previousPage: return changePage(&state, by: -1)
        case .dates: return openDateGrid(&state)
        case .cell(let column, let row):
            guard state.phase == .dateGrid, let grid = state.grid, grid.isMatrix else {
                return problem(AvailabilityViewModels.unavailable("choose a pair of days", state))
            }
            return selectCell(&state, column: column - 1, row: row)
        case .back: return back(&state)
        case .retry: return retry(&state)
        case .watch: return watch(&state)
        case .help: return help(&state)
        case .nothing: return []
        case .unknown(let message): return problem(message)
        }
    }
}

/// The rules over a list of offers, as pure functions: sorting, filtering, stops, airlines.
enum AvailabilityOffers {
    /// `offers` in `sort` order (the core's ``OfferOrder``: ties to the cheaper, then to the order found).
    static func sorted(_ offers: [Offer], by sort: AvailabilitySort) -> [Offer] {
        sort.sorted(offers)
    }

    /// The indices of `offers` in `sort` order.
    static func sortedIndices(_ offers: [Offer], by sort: AvailabilitySort) -> [Int] {
        sort.sortedIndices(offers)
    }

    /// The offer's CO₂ estimate in kilograms; `nil` when the airline gives none a person could read.
    static func emissionsKg(_ offer: Offer) -> Decimal? {
        OfferOrder.emissionsKg(offer)
    }

    /// The offers that pass `filters`, in their order.
    static func filtered(_ offers: [Offer], by filters: AvailabilityFilters) -> [Offer] {
        filters.isEmpty ? offers : offers.filter(filters.admits)
    }

    /// The indices of `offers` that pass `filters`, in `sort` order: what the pages show.
    static func visible(_ offers: [Offer], sort: AvailabilitySort, filters: AvailabilityFilters) -> [Int] {
        let ordered = sortedIndices(offers, by: sort)
        return filters.isEmpty ? ordered : ordered.filter { filters.admits(offers[$0]) }
    }

    /// Every airline that sells or flies a flight of `offers`, by name, for the carrier filter.
    static func carriers(in offers: [Offer]) -> [Carrier] {
        var byCode: [String: Carrier] = [:]
        for segment in offers.flatMap({ $0.slices.flatMap(\.segments) }) {
            for carrier in [segment.marketingCarrier, segment.operatingCarrier] {
                guard let code = carrier.iataCode?.uppercased(), byCode[code] == nil else { continue }
                byCode[code] = carrier
            }
        }
        return byCode.values.sorted { ($0.iataCode ?? "") < ($1.iataCode ?? "") }
    }
}
