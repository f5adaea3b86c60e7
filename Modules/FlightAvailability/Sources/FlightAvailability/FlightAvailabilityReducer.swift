import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText

/// What must happen outside the availability screen's rules.
typealias FlightAvailabilityEffect = ScreenEffect<FlightAvailabilityWork, FlightAvailabilityRoute>

/// The availability screen's rules: pure and synchronous. Each action changes the state and returns what must
/// happen outside: searches (one at a time, and a few date-grid cells at once, each under its own id), notes and
/// ways out. What the screen shows is derived from the state (``screen(_:)``), never pushed.
enum FlightAvailabilityReducer: ScreenFeature {
    static let module = "FlightAvailability"
    static let disappeared: FlightAvailabilityAction? = .disappeared

    typealias State = FlightAvailabilityState
    typealias Action = FlightAvailabilityAction
    typealias Work = FlightAvailabilityWork
    typealias Route = FlightAvailabilityRoute
    typealias Effect = FlightAvailabilityEffect
    typealias Effects = [FlightAvailabilityEffect]

    /// Applies `action` to `state` and returns what must happen next. Progress is said as the state starts and
    /// stops waiting for a search (a spinner on a TTY, one line elsewhere).
    static func reduce(_ state: inout FlightAvailabilityState, _ action: FlightAvailabilityAction) -> Effects {
        let waitingBefore = progress(state)
        let effects = reduceInteractive(&state, action)
        let waitingAfter = progress(state)
        guard waitingBefore != waitingAfter else { return effects }
        var notes: Effects = waitingBefore == nil ? [] : [.note(.progressEnded)]
        if let waitingAfter { notes.append(.note(.progress(waitingAfter))) }
        return notes + effects
    }

    /// What the screen is waiting for, said as progress: a search, or (on lines) the date grid's cells.
    static func progress(_ state: State) -> String? {
        switch state.phase {
        case .searching:
            return (state.searchedAgain ? "Searching again: flights " : "Searching flights ")
                + "\(TravelFormat.route(state.request)) on \(OfferFormat.dates(state.request))…"
        case .dateGrid where state.inputStyle == .lines && (state.grid?.isFetching ?? false):
            return "Finding the lowest price around \(OfferFormat.dates(state.request))…"
        default:
            return nil
        }
    }

    private static func reduceInteractive(_ state: inout State, _ action: FlightAvailabilityAction) -> Effects {
        switch action {
        case .appeared:
            state.overlay = nil
            state.typedNumber = ""
            state.isFinished = false
            switch state.phase {
            case .idle: return startSearch(&state)
            case .dateGrid: return fetchMissingFares(&state)
            default: return []
            }
        case .disappeared:
            return stopWork(&state)
        case .interrupted where state.phase == .searching, .cancelLoading:
            return cancelLoading(&state)
        case .interrupted, .inputEnded:
            // As every module does, so the composer unwinds its screens.
            state.isFinished = true
            return stopWork(&state) + [.leave(.back)]
        case .back:
            return back(&state)
        case .retry:
            return retry(&state)
        case .entered(let line):
            return entered(&state, AvailabilityCommands.read(line))
        case .enterPressed:
            return enterPressed(&state)
        case .moved(let delta) where state.phase == .dateGrid:
            return moveOnGrid(&state, columns: 0, rows: delta)
        case .moved(let delta):
            return moveHighlight(&state, by: delta)
        case .movedAcross(let delta):
            return moveOnGrid(&state, columns: delta, rows: 0)
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
            return openDateGrid(&state)
        case .helpTapped:
            return help(&state)
        case .helpDismissed, .promptDismissed:
            state.overlay = nil
            return []
        case .chose(let index, let choice):
            return chose(&state, index, in: choice)
        case .answered(let answer, let question):
            return answered(&state, answer, to: question)
        case .searchAnswered(let id, let outcome):
            return searchAnswered(&state, id: id, outcome)
        case .batchesStarted(let id, let outcome):
            return batchesStarted(&state, id: id, outcome)
        case .batchRead(let id, let outcome):
            return batchRead(&state, id: id, outcome)
        case .offersListed(let id, let error, let outcome):
            return offersListed(&state, id: id, after: error, outcome)
        case .fareAnswered(let id, let days, let outcome):
            return fareAnswered(&state, id: id, days: days, outcome)
        case .watchTapped:
            return watch(&state)
        case .watchAnswered(let outcome):
            return watchAnswered(&state, outcome)
        }
    }

    /// Esc, `b` or `back`: leave the date grid, or go back to the search.
    static func back(_ state: inout State) -> Effects {
        switch state.phase {
        case .dateGrid:
            return leaveDateGrid(&state)
        case .searching:
            // Cancelled first, so that a composer that keeps the screen finds it in a state that makes sense.
            let effects = stopSearch(&state)
            state.phase = .cancelled
            return effects + [leaveBack(state)]
        case .results where state.isWaitingForAirlines:
            // The first Esc stops the wait and keeps the offers; the next goes back.
            return stopWaiting(&state)
        default:
            return [leaveBack(state)]
        }
    }

    /// `w`: keep the search shown as a price watch, its first check the cheapest offer found (filters aside), so
    /// nothing is searched again. Once kept, `w` says which watch it is.
    static func watch(_ state: inout State) -> Effects {
        state.overlay = nil
        guard state.canWatch == true else { return problem("Price watches are not kept here.") }
        switch state.watch {
        case .watching: return []
        case .watched(let id): return [.note(.message(Notice(.info, AvailabilityViewModels.watched(id, again: true))))]
        case nil: break
        }
        guard state.phase == .results, state.hasOffers else {
            return problem(AvailabilityViewModels.unavailable("watch the price of", state))
        }
        guard !state.isWaitingForAirlines else {
            return problem("Airlines are still answering; watch once they have, or stop waiting first (Esc).")
        }
        state.watch = .watching
        let cheapest = state.result?.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }
        return [.run(.watch(state.request, cheapest: cheapest, today: state.today))]
    }

    /// The watch was kept, or why not.
    static func watchAnswered(_ state: inout State, _ outcome: Outcome<Int, WatchFailure>) -> Effects {
        switch outcome {
        case .success(let id):
            state.watch = .watched(id)
            return [.note(.message(Notice(.success, AvailabilityViewModels.watched(id, again: false))))]
        case .failure(let failure):
            state.watch = nil
            return problem("This search could not be watched: \(failure.description)")
        }
    }

    /// Back to the search; with the days chosen in the date grid, if they differ from the search given.
    static func leaveBack(_ state: State) -> Effect {
        state.request == state.givenRequest ? .leave(.back) : .leave(.backChangingSearch(state.request))
    }
}
