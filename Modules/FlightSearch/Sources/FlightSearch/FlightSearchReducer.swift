import Entities
import ModuleCore

/// The search screen's rules: how each action moves the form on, and what is shown, looked up or navigated to.
/// Pure: today comes in the state, place suggestions come in as answers.
enum FlightSearchReducer: Reducer {
    typealias State = FlightSearchState
    typealias Effect = FlightSearchEffect

    static let module = "FlightSearch"

    static func reduce(_ state: inout State, _ action: FlightSearchAction) -> [Effect] {
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
            if case .placeLookup(_, let json) = state.input.mode {
                return placesListed(&state, lookup.text, outcome, json: json)
            }
            return placesAnswered(&state, lookup, outcome)
        case .unattendedAnswered(let outcome):
            return unattendedAnswered(&state, outcome)
        }
    }

    // MARK: Events

    private static func appeared(_ state: inout State) -> [Effect] {
        state.appearances += 1
        let first = state.appearances == 1
        switch state.input.mode {
        case .interactive:
            break
        case .unattended:
            // Unattended means never asking: coming back has nothing left to do here.
            return first ? [.searchUnattended(state.input)] : leave(&state)
        case .placeLookup(let query, _):
            return first ? lookUpListing(&state, query) : leave(&state)
        }
        var effects: [Effect] = [.show(.header(state.header))]
        if first {
            effects += applyPrefill(&state)
            return effects + start(&state, routePlan(state.draft))
        }
        switch state.step {
        case .done, .review:
            effects.append(.show(.form(state.form)))
            return effects + enter(&state, .review, showingSummary: false)
        default:
            return effects + [ask(state)]
        }
    }

    private static func chose(_ state: inout State, _ index: Int) -> [Effect] {
        switch state.step {
        case .choosePlace(let field):
            guard state.suggestions.indices.contains(index) else { return [ask(state)] }
            return settle(&state, ChosenPlace(state.suggestions[index]), in: field)
        case .cabin:
            guard CabinClass.allCases.indices.contains(index) else { return [ask(state)] }
            state.draft.cabin = CabinClass.allCases[index]
            return [.show(.confirmation(state.draft.cabin.displayName))] + advance(&state)
        case .connections:
            guard BookingRules.connectionRange.contains(index) else { return [ask(state)] }
            state.draft.maxConnections = index
            return [.show(.confirmation(TravelFormat.connections(index, short: false)))] + advance(&state)
        default:
            return [ask(state)]
        }
    }

    private static func back(_ state: inout State) -> [Effect] {
        switch state.step {
        case .choosePlace(let field):
            state.suggestions = []
            return enter(&state, field.step)
        case .legs:
            return enter(&state, .review)
        case .done:
            return []
        default:
            if state.position > 0 {
                state.position -= 1
                return enter(&state, state.plan.steps[state.position])
            }
            switch state.plan.exit {
            case .leave:
                return leave(&state)
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
            return (showingSummary ? [.show(.summary(state.summary))] : []) + [ask(state)]
        case .legs:
            state.addingLeg = nil
            state.step = .legs
            return [.show(.legs(state.legs)), ask(state)]
        default:
            state.step = next
            if let text = state.prefill.removeValue(forKey: next) { return handle(&state, text) }
            return [ask(state)]
        }
    }

    /// The form's fast path: each leg's places and date, the return for a one-leg trip, then the review.
    static func routePlan(_ draft: FlightSearchDraft) -> State.Plan {
        var steps = draft.legs.indices.flatMap { leg -> [FlightSearchStep] in
            [.origin(leg: leg), .destination(leg: leg), .departure(leg: leg)]
        }
        if !draft.isMultiCity { steps.append(.returnDate) }
        steps.append(.review)
        return State.Plan(steps: steps, exit: .leave)
    }

    static func leave(_ state: inout State) -> [Effect] {
        state.step = .done
        state.suggestions = []
        state.lookup = nil
        return [.show(.progress(nil)), .show(.finish), .navigate(.back)]
    }

    /// Puts the current step's question.
    static func ask(_ state: State) -> Effect {
        .show(.ask(state.question))
    }

    /// Shows `messages` as an error, with a `hint` on how to go on.
    static func error(_ messages: [String], hint: String? = nil) -> Effect {
        .show(.error(FlightSearchErrorViewModel(messages: messages, hint: hint)))
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
        case .choosePlace, .cabin, .connections: [ask(state)]
        case .done: []
        }
    }
}
