import Entities
import Trips

/// The review line and the list of legs: searching, changing one thing, adding and removing legs.
extension FlightSearchReducer {
    static func enterReviewAction(_ state: inout State, _ text: String) -> [Effect] {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": return search(&state)
        case "p": return start(&state, State.Plan(steps: [.adults, .children, .infants, .review], exit: .review))
        case "c": return start(&state, State.Plan(steps: [.cabin, .review], exit: .review))
        case "o": return start(&state, State.Plan(steps: [.connections, .review], exit: .review))
        case "t": return start(&state, State.Plan(steps: [.departureWindow, .review], exit: .review))
        case "r":
            // Back from the first field goes back to the review it was opened from.
            var plan = routePlan(state.draft)
            plan.exit = .review
            return start(&state, plan)
        case "m": return openLegs(&state)
        default:
            return error(["Press Enter to search, or one of the letters shown to change something."], state)
        }
    }

    private static func openLegs(_ state: inout State) -> [Effect] {
        guard state.draft.legs.count == 1, let first = state.draft.legs.first else { return enter(&state, .legs) }
        if let back = state.draft.returnDate {
            // A round trip is two legs already: show them as such.
            state.draft.legs.append(SearchDraft.Leg(from: first.to, to: first.from, date: back))
            state.draft.returnDate = nil
            return enter(&state, .legs)
        }
        return addLeg(&state)
    }

    private static func addLeg(_ state: inout State) -> [Effect] {
        guard state.draft.legs.count < BookingRules.maxSlices else {
            return error(["At most \(BookingRules.maxSlices) legs can be searched at once."], state)
        }
        let index = state.draft.legs.count
        state.draft.returnDate = nil
        state.draft.legs.append(SearchDraft.Leg(from: state.draft.legs.last?.to))
        state.addingLeg = index
        return start(&state, State.Plan(
            steps: [.origin(leg: index), .destination(leg: index), .departure(leg: index), .legs], exit: .legs))
    }

    static func enterLegsAction(_ state: inout State, _ text: String) -> [Effect] {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "":
            return enter(&state, .review)
        case "a":
            return addLeg(&state)
        case "d":
            guard state.draft.legs.count > 1 else { return error(["A trip needs at least one leg."], state) }
            state.draft.legs.removeLast()
            return enter(&state, .legs)
        default:
            guard let number = Int(word), state.draft.legs.indices.contains(number - 1) else {
                return error(["Press Enter when the legs are right, or one of the keys shown."], state)
            }
            let leg = number - 1
            return start(&state, State.Plan(
                steps: [.origin(leg: leg), .destination(leg: leg), .departure(leg: leg), .legs], exit: .legs))
        }
    }

    private static func search(_ state: inout State) -> [Effect] {
        switch SearchRules.request(for: state.draft, today: state.today) {
        case .valid(let request):
            state.step = .done
            return [.leave(.availability(request))]
        case .invalid(let problems):
            let legCount = state.draft.legs.count
            let messages = problems.map { "\($0.field.label(legCount: legCount)): \($0.message)" }
            guard let first = problems.first else { return error(messages, state) }
            return errors(messages) + correct(&state, first.field)
        }
    }

    /// Takes the traveller to `field` to fix it, and back to the review after.
    private static func correct(_ state: inout State, _ field: SearchField) -> [Effect] {
        switch field {
        case .passengers: start(&state, State.Plan(steps: [.adults, .children, .infants, .review], exit: .review))
        case .legs: enter(&state, .legs)
        default: start(&state, State.Plan(steps: [field.step, .review], exit: .review))
        }
    }

    /// The fields the input gave, read as if typed when their steps come up.
    static func applyPrefill(_ state: inout State) {
        let input = state.input
        let legs = Array(input.legs.prefix(BookingRules.maxSlices))
        if input.legs.count > BookingRules.maxSlices {
            state.inputProblems.append(
                "At most \(BookingRules.maxSlices) legs can be searched at once; the first \(BookingRules.maxSlices) are kept.")
        }
        if !legs.isEmpty { state.draft.legs = legs.map { _ in SearchDraft.Leg() } }
        for (index, leg) in legs.enumerated() {
            let given: [(FlightSearchStep, String)] = [
                (.origin(leg: index), leg.from), (.destination(leg: index), leg.to), (.departure(leg: index), leg.date),
            ]
            for (step, text) in given where !text.trimmingCharacters(in: .whitespaces).isEmpty {
                state.prefill[step] = text
            }
        }
        if let returnText = input.returnDate {
            if legs.count == 1 {
                state.prefill[.returnDate] = returnText
            } else {
                state.inputProblems.append("A return date goes with one leg; for multi-city, give each leg its own date.")
            }
        } else if legs.count == 1, state.prefill.count == 3 {
            // A whole leg and no return: the command line said one way.
            state.prefill[.returnDate] = ""
        }
        if let window = input.departureWindow { state.prefill[.departureWindow] = window }
    }
}
