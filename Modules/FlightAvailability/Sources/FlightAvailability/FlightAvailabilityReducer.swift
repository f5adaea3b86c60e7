import Entities
import Foundation
import ModuleCore
import Services

/// The availability screen's rules: pure and synchronous. Each action changes the state and returns what must
/// happen outside: searches (one at a time, and a few flexible days at once, each under its own id), navigation,
/// and the screen to show, a pure function of the state.
enum FlightAvailabilityReducer: Reducer {
    static let module = "FlightAvailability"

    typealias State = FlightAvailabilityState
    typealias Effects = [FlightAvailabilityEffect]

    /// Applies `action` to `state` and returns what must happen next.
    static func reduce(_ state: inout FlightAvailabilityState, _ action: FlightAvailabilityAction) -> Effects {
        guard state.presentation == .interactive else { return reduceReport(&state, action) }
        switch action {
        case .appeared:
            state.isShowingOverlay = false
            state.typedNumber = ""
            switch state.phase {
            case .idle: return startSearch(&state)
            case .flexibleDates: return fetchMissingFares(&state) + show(state)
            default: return show(state)
            }
        case .disappeared:
            return stopWork(&state)
        case .interrupted where state.phase == .searching, .cancelLoading:
            return cancelLoading(&state)
        case .interrupted, .inputEnded:
            // As every module does, so the composer unwinds its screens.
            return stopWork(&state) + [.navigate(.back), .show(.finished)]
        case .back:
            return back(&state)
        case .retry:
            return retry(&state)
        case .entered(let line):
            return entered(&state, AvailabilityCommands.read(line))
        case .enterPressed:
            return enterPressed(&state)
        case .moved(let delta):
            return moveHighlight(&state, by: delta)
        case .typedDigit(let digit):
            return typedDigit(&state, digit)
        case .nextPage:
            return changePage(&state, by: 1)
        case .previousPage:
            return changePage(&state, by: -1)
        case .sortTapped:
            return sortMenu(&state)
        case .filterTapped:
            return filterMenu(&state)
        case .clearFilters:
            return clearFilters(&state)
        case .datesTapped:
            return openFlexibleDates(&state)
        case .helpTapped:
            if state.inputStyle == .keys { state.isShowingOverlay = true }
            return [.show(.help(AvailabilityViewModels.help(state)))]
        case .helpDismissed, .promptDismissed:
            state.isShowingOverlay = false
            return show(state)
        case .chose(let index, let choice):
            return chose(&state, index, in: choice)
        case .answered(let answer, let question):
            return answered(&state, answer, to: question)
        case .searchAnswered(let id, let outcome):
            return searchAnswered(&state, id: id, outcome)
        case .fareAnswered(let id, let date, let outcome):
            return fareAnswered(&state, id: id, date: date, outcome)
        }
    }

    // MARK: Showing

    /// The screen as the state is now; nothing while idle.
    static func show(_ state: State) -> Effects {
        AvailabilityViewModels.screen(state).map { [.show(.screen($0))] } ?? []
    }

    /// A line saying what could not be done; the screen stays.
    static func problem(_ message: String) -> Effects {
        [.show(.problem(message))]
    }

    // MARK: Searching

    /// Searches `state.request`; a running search is replaced (its id no longer answers).
    static func startSearch(_ state: inout State) -> Effects {
        let id = state.nextRequestID
        state.nextRequestID += 1
        state.pendingSearch = id
        state.phase = .searching
        state.typedNumber = ""
        return show(state) + [.search(id: id, state.request)]
    }

    /// Stops the running search: its late answer lands nowhere.
    static func stopSearch(_ state: inout State) -> Effects {
        state.pendingSearch = nil
        return [.cancel(.search)]
    }

    /// The screen was covered or removed (or the input ended): stop the work in flight.
    static func stopWork(_ state: inout State) -> Effects {
        var effects: Effects = []
        if state.phase == .searching {
            effects += stopSearch(&state)
            state.phase = .idle
        }
        return effects + stopFlexibleSearches(&state)
    }

    /// The search answered: offers, none, or why not. An answer to any but the running search is ignored.
    static func searchAnswered(
        _ state: inout State, id: Int, _ outcome: Outcome<OfferSearchResult, ServiceError>
    ) -> Effects {
        guard id == state.pendingSearch, state.phase == .searching else { return [] }
        state.pendingSearch = nil
        switch outcome {
        case .success(let found):
            setResult(&state, found)
            state.highlight = 0
            refreshVisibleOffers(&state)
            state.phase = .results
        case .failure(.cancelled):
            state.phase = .cancelled
        case .failure(let error):
            state.phase = .failed(error)
        }
        return show(state)
    }

    /// Keeps `found` (or forgets the offers, with `nil`) and the most lines an offer takes.
    static func setResult(_ state: inout State, _ found: OfferSearchResult?) {
        state.result = found
        state.legsPerOffer = max(1, found?.offers.map(\.slices.count).max() ?? state.request.slices.count)
        if found == nil { state.visible = [] }
    }

    /// Sorts and filters the offers again, keeping the highlight on the list.
    static func refreshVisibleOffers(_ state: inout State) {
        state.visible = AvailabilityOffers.visible(state.result?.offers ?? [], sort: state.sort, filters: state.filters)
        state.highlight = min(state.highlight, max(0, state.visible.count - 1))
    }

    /// Esc (or Ctrl-C) while the spinner turns: stop the search and stay, with a retry; in the dates, leave them.
    static func cancelLoading(_ state: inout State) -> Effects {
        switch state.phase {
        case .searching:
            let effects = stopSearch(&state)
            state.phase = .cancelled
            return effects + show(state)
        case .flexibleDates:
            return leaveFlexibleDates(&state)
        default:
            return []
        }
    }

    /// `r` or `retry`: search again (the failed days, in the flexible-dates view).
    static func retry(_ state: inout State) -> Effects {
        switch state.phase {
        case .flexibleDates:
            guard var dates = state.flexible else { return [] }
            dates.fares = dates.fares.filter { if case .failed = $0.value { return false } else { return true } }
            state.flexible = dates
            return fetchMissingFares(&state) + show(state)
        case .searching:
            return []
        default:
            return startSearch(&state)
        }
    }

    /// Esc, `b` or `back`: leave the flexible dates, or go back to the search.
    static func back(_ state: inout State) -> Effects {
        switch state.phase {
        case .flexibleDates:
            return leaveFlexibleDates(&state)
        case .searching:
            let effects = stopSearch(&state)
            state.phase = .cancelled
            // Shown first, so that a composer that keeps the screen finds it in a state that makes sense.
            return effects + show(state) + [.navigate(.back)]
        default:
            return [.navigate(.back)]
        }
    }
}
