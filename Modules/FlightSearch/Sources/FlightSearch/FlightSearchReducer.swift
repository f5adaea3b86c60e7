import Entities
import Trips
import ModuleCore
import TerminalUI

/// The search screen's rules: how each action moves the form on, and what is printed, looked up or navigated to.
/// Pure: today comes in the state, place suggestions come in as answers. What is asked is derived from the state
/// (see `FlightSearchScreen.swift`), never pushed.
enum FlightSearchReducer: ScreenFeature {
    typealias State = FlightSearchState
    typealias Action = FlightSearchAction
    typealias Effect = FlightSearchEffect
    typealias Work = FlightSearchWork
    typealias Route = FlightSearchRoute

    static let module = "FlightSearch"
    /// The Builder sends `.appeared` with today read from the clock; this is what a bare appearance would be.

    static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
        switch action {
        case .appeared(let today):
            state.today = today
            return appeared(&state)
        case .entered(let text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "q": return leave(&state)
            case "b": return back(&state)
            default: return handle(&state, text)
            }
        case .chose(let index):
            return chose(&state, index)
        case .back:
            return back(&state)
        case .interrupted, .inputEnded:
            // Ctrl-C or the end of the input: leave rather than leave a half-finished prompt.
            return leave(&state)
        case .placesAnswered(let id, let outcome):
            guard let lookup = state.lookup, lookup.id == id else { return [] }
            state.lookup = nil
            return placesAnswered(&state, lookup, outcome)
        }
    }

    // MARK: Events

    private static func appeared(_ state: inout State) -> [Effect] {
        state.appearances += 1
        let first = state.appearances == 1
        state.shownForm = nil
        state.inputProblems = []
        if first {
            applyPrefill(&state)
            // The page is drawn after this appearance: a spinner now would be left behind above it.
            return start(&state, routePlan(state.draft)).filter { effect in
                if case .note(.progress) = effect { false } else { true }
            }
        }
        switch state.step {
        case .done, .review:
            state.shownForm = state.form
            return enter(&state, .review, showingSummary: false)
        default:
            return keyHelp(state)
        }
    }

    private static func chose(_ state: inout State, _ index: Int) -> [Effect] {
        switch state.step {
        case .choosePlace(let field):
            guard state.suggestions.indices.contains(index) else { return [] }
            return settle(&state, ChosenPlace(state.suggestions[index]), in: field, listed: true)
        case .cabin:
            guard CabinClass.allCases.indices.contains(index) else { return [] }
            state.draft.cabin = CabinClass.allCases[index]
            return confirm(state.draft.cabin.displayName, state, listed: true) + advance(&state)
        case .connections:
            guard BookingRules.connectionRange.contains(index) else { return [] }
            state.draft.maxConnections = index
            return confirm(TravelFormat.connections(index, short: false), state, listed: true) + advance(&state)
        default:
            return []
        }
    }

    private static func back(_ state: inout State) -> [Effect] {
        switch state.step {
        case .choosePlace(let field):
            state.suggestions = []
            return enter(&state, field.step)
        case .legs:
            return enter(&state, .review)
        case .leaving:
            // Back from "Leave?" is staying.
            return stay(&state)
        case .done:
            return []
        default:
            if state.position > 0 {
                state.position -= 1
                return enter(&state, state.plan.steps[state.position])
            }
            switch state.plan.exit {
            case .leave:
                // Nothing to go back to: Esc may be a slip, and leaving would drop the form. Ask.
                state.step = .leaving
                return []
            case .review:
                return enter(&state, .review)
            case .legs:
                if let adding = state.addingLeg, state.draft.legs.indices.contains(adding) {
                    state.draft.legs.remove(at: adding)
                }
                state.addingLeg = nil
                return enter(&state, .legs)
            }
        }
    }

    /// The answer to "Leave?", asked after back at the first question: `y` leaves, `n` or Enter stays.
    static func answerLeave(_ state: inout State, _ text: String) -> [Effect] {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "y", "yes":
            return leave(&state)
        case "", "n", "no":
            return stay(&state)
        default:
            return error(["Type y to leave, or n to stay."], state)
        }
    }

    /// Back to the question "Leave?" was asked at, as it was: what was typed for it is offered again.
    private static func stay(_ state: inout State) -> [Effect] {
        state.step = state.plan.steps[state.position]
        return []
    }

    // MARK: Moving through the form

    static func start(_ state: inout State, _ plan: State.Plan, at index: Int = 0) -> [Effect] {
        state.plan = plan
        state.position = min(max(0, index), plan.steps.count - 1)
        return enter(&state, plan.steps[state.position])
    }

    static func advance(_ state: inout State) -> [Effect] {
        guard state.position + 1 < state.plan.steps.count else { return enter(&state, .review) }
        state.position += 1
        return enter(&state, state.plan.steps[state.position])
    }

    static func enter(_ state: inout State, _ next: FlightSearchStep, showingSummary: Bool = true) -> [Effect] {
        state.retryText = nil
        switch next {
        case .review:
            if let text = state.prefill.removeValue(forKey: .departureWindow) {
                // A window given on the command line is read before the review, like any other typed field.
                state.plan = State.Plan(steps: [.departureWindow, .review], exit: .review)
                state.position = 0
                state.step = .departureWindow
                return handle(&state, text)
            }
            state.addingLeg = nil
            state.plan = routePlan(state.draft)
            state.position = state.plan.steps.count - 1
            state.step = .review
            return (showingSummary ? [.print(state.summaryBlocks)] : []) + keyHelp(state)
        case .legs:
            state.addingLeg = nil
            state.step = .legs
            return [.print(state.legsBlocks)] + keyHelp(state)
        default:
            state.step = next
            if let text = state.prefill.removeValue(forKey: next) { return handle(&state, text) }
            return []
        }
    }

    /// The form's fast path: each leg's places and date, the return for a one-leg trip, then the review.
    static func routePlan(_ draft: SearchDraft) -> State.Plan {
        var steps = draft.legs.indices.flatMap { leg -> [FlightSearchStep] in
            [.origin(leg: leg), .destination(leg: leg), .departure(leg: leg)]
        }
        if !draft.isMultiCity { steps.append(.returnDate) }
        steps.append(.review)
        return State.Plan(steps: steps, exit: .leave)
    }

    static func leave(_ state: inout State) -> [Effect] {
        let lookingUp = state.lookup != nil
        state.step = .done
        state.suggestions = []
        state.lookup = nil
        return (lookingUp ? [.cancel(.placeLookup)] + progressEnded(state) : []) + [.leave(.back)]
    }

    // MARK: What is said besides the question

    /// The keys of the review or the legs, written above their one-key question; nothing for other steps.
    static func keyHelp(_ state: State) -> [Effect] {
        state.keyHelpBlocks.map { [.print($0)] } ?? []
    }

    /// `messages` as errors, with a `hint` on how to go on; then the key help, when the question is a key's.
    static func error(_ messages: [String], hint: String? = nil, _ state: State) -> [Effect] {
        errors(messages, hint: hint) + keyHelp(state)
    }

    /// `messages` as errors, the `hint` after the last.
    static func errors(_ messages: [String], hint: String? = nil) -> [Effect] {
        messages.enumerated().map { index, message in
            .note(.error(message, suggestion: index == messages.count - 1 ? hint : nil))
        }
    }

    /// `→ Fri 18 Dec 2026`: what an answer was read as. A list on a TTY already leaves a line saying what was
    /// chosen; a second one would only repeat it.
    static func confirm(_ text: String, _ state: State, listed: Bool = false) -> [Effect] {
        listed && state.isInteractive ? [] : [.print([FlightSearchState.confirmation(text)])]
    }

    /// `Looking up “lon”…`, for the look-up under way.
    static func lookingUp(_ state: State) -> String {
        "Looking up “\(state.lookup?.text ?? "")”…"
    }

    /// The spinner of a look-up stops. Off a TTY no spinner turns: a progress line per look-up would only clutter
    /// the log.
    static func progressEnded(_ state: State) -> [Effect] {
        state.isInteractive ? [.note(.progressEnded)] : []
    }

    // MARK: Reading answers

    static func handle(_ state: inout State, _ text: String) -> [Effect] {
        switch state.step {
        case .origin(let leg): enterPlace(&state, text, in: .origin(leg: leg))
        case .destination(let leg): enterPlace(&state, text, in: .destination(leg: leg))
        case .departure(let leg): enterDeparture(&state, text, leg: leg)
        case .returnDate: enterReturn(&state, text)
        case .adults: enterAdults(&state, text)
        case .children: enterChildren(&state, text)
        case .infants: enterInfants(&state, text)
        case .departureWindow: enterDepartureWindow(&state, text)
        case .review: enterReviewAction(&state, text)
        case .legs: enterLegsAction(&state, text)
        case .leaving: answerLeave(&state, text)
        case .choosePlace, .cabin, .connections, .done: []
        }
    }
}
