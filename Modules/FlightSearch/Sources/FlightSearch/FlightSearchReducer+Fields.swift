import Entities
import Trips
import ModuleCore
import Services

/// Reading what is typed into each field of the form.
extension FlightSearchReducer {
    static func enterPlace(_ state: inout State, _ text: String, in field: SearchField) -> [Effect] {
        state.retryText = nil
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else {
            return error(["Type a city, an airport or a code, like London, Heathrow or LHR."], state)
        }
        if let current = state.draft.place(in: field), typed == current.code {
            return settle(&state, current, in: field)
        }
        state.lastLookupID += 1
        state.lookup = State.Lookup(id: state.lastLookupID, text: typed, field: field)
        let progress: [Effect] = state.isInteractive ? [.note(.progress(lookingUp(state)))] : []
        return progress + [.run(.lookUpPlaces(id: state.lastLookupID, text: typed))]
    }

    /// The suggestions for what was typed in a place field came back.
    static func placesAnswered(
        _ state: inout State, _ lookup: State.Lookup, _ outcome: Outcome<[Place], ServiceError>
    ) -> [Effect] {
        let typed = lookup.text
        let effects = progressEnded(state)
        switch outcome {
        case .failure(.cancelled):
            // The screen is being covered; the question comes back with it, holding what was typed.
            state.retryText = State.RetryText(step: state.step, text: typed)
            return effects
        case .failure(let failure):
            state.retryText = State.RetryText(step: state.step, text: typed)
            return effects + error(
                [[failure.message, failure.suggestion].filter { !$0.isEmpty }.joined(separator: " ")],
                hint: "Press Enter to look up “\(typed)” again, or type another place.", state)
        case .success(let places) where places.isEmpty:
            return effects + error([FlightSearchInputError.unknownPlace(typed).message], state)
        case .success(let places):
            if let exact = PlaceMatching.exactCode(typed, in: places) {
                return effects + settle(&state, ChosenPlace(exact), in: lookup.field)
            }
            state.suggestions = Array(places.prefix(FlightSearchPlaces.suggestionLimit))
            state.step = .choosePlace(lookup.field)
            return effects
        }
    }

    static func settle(
        _ state: inout State, _ place: ChosenPlace, in field: SearchField, listed: Bool = false
    ) -> [Effect] {
        state.suggestions = []
        state.step = field.step
        state.draft.setPlace(place, in: field)
        let problems = issues(state.draft, state).filter { $0.field == field }
        guard problems.isEmpty else {
            state.draft.setPlace(nil, in: field)
            return error(problems.map(\.message), state)
        }
        return confirm(TravelFormat.named(place.longName, code: place.code), state, listed: listed) + advance(&state)
    }

    /// What `draft` breaks, filled in so far, on the state's today.
    static func issues(_ draft: SearchDraft, _ state: State) -> [SearchIssue] {
        SearchRules.issues(in: draft, complete: false, today: state.today)
    }

    private static func date(_ state: State, _ text: String, base: CalendarDate?) throws(FlightSearchInputError) -> CalendarDate {
        do {
            return try TravelDateReader(today: state.today).read(text, base: base ?? state.today)
        } catch {
            throw .date(error)
        }
    }

    static func enterDeparture(_ state: inout State, _ text: String, leg: Int) -> [Effect] {
        let base = leg > 0 ? state.draft.legs[leg - 1].date : nil
        let date: CalendarDate
        do {
            date = try Self.date(state, text, base: base)
        } catch {
            return Self.error([error.message], state)
        }
        let previous = state.draft.legs[leg].date
        state.draft.legs[leg].date = date
        let problems = issues(state.draft, state).filter { $0.field == .departure(leg: leg) }
        guard problems.isEmpty else {
            state.draft.legs[leg].date = previous
            return error(problems.map(\.message), state)
        }
        return confirm(TravelFormat.day(date), state) + advance(&state)
    }

    static func enterReturn(_ state: inout State, _ text: String) -> [Effect] {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if FlightSearchCommands.noneWords.contains(word) {
            state.draft.returnDate = nil
            return confirm("One way", state) + advance(&state)
        }
        let date: CalendarDate
        do {
            date = try Self.date(state, text, base: state.draft.legs.first?.date)
        } catch {
            return Self.error([error.message], state)
        }
        let previous = state.draft.returnDate
        state.draft.returnDate = date
        let problems = issues(state.draft, state).filter { $0.field == .returnDate }
        guard problems.isEmpty else {
            state.draft.returnDate = previous
            return error(problems.map(\.message), state)
        }
        return confirm(TravelFormat.day(date), state) + advance(&state)
    }

    static func enterAdults(_ state: inout State, _ text: String) -> [Effect] {
        do {
            state.draft.adults = try FlightSearchCommands.count(
                text, in: 1...BookingRules.maxPassengers,
                problem: "Give the number of adults, from 1 to \(BookingRules.maxPassengers); children and infants travel with an adult.")
        } catch {
            return Self.error([error.message], state)
        }
        return advance(&state)
    }

    static func enterChildren(_ state: inout State, _ text: String) -> [Effect] {
        let ages: [Int]
        do {
            ages = try FlightSearchCommands.childAges(text)
        } catch {
            return Self.error([error.message], state)
        }
        // Infants are asked next; judge the children without the infants typed before.
        var probe = state.draft
        probe.childAges = ages
        probe.infants = 0
        let problems = issues(probe, state).filter { $0.field == .passengers }
        guard problems.isEmpty else { return error(problems.map(\.message), state) }
        state.draft.childAges = ages
        return advance(&state)
    }

    static func enterInfants(_ state: inout State, _ text: String) -> [Effect] {
        let infants: Int
        do {
            infants = try FlightSearchCommands.count(
                text, in: 0...BookingRules.maxPassengers,
                problem: "Give the number of infants under \(BookingRules.infantAgeLimit) on a lap, from 0 to \(state.draft.adults) (one per adult).")
        } catch {
            return Self.error([error.message], state)
        }
        var probe = state.draft
        probe.infants = infants
        let problems = issues(probe, state).filter { $0.field == .passengers }
        guard problems.isEmpty else { return error(problems.map(\.message), state) }
        state.draft.infants = infants
        return confirm(TravelFormat.passengers(state.draft.passengers), state) + advance(&state)
    }

    static func enterDepartureWindow(_ state: inout State, _ text: String) -> [Effect] {
        let window: TimeWindow?
        do {
            window = try FlightSearchCommands.departureWindow(text)
        } catch {
            return Self.error([error.message], state)
        }
        var probe = state.draft
        probe.departureWindow = window
        let problems = issues(probe, state).filter { $0.field == .departureWindow }
        guard problems.isEmpty else { return error(problems.map(\.message), state) }
        state.draft.departureWindow = window
        return confirm(TravelFormat.window(window, short: false), state) + advance(&state)
    }
}

extension SearchField {
    /// The step that asks this field.
    var step: FlightSearchStep {
        switch self {
        case .origin(let leg): .origin(leg: leg)
        case .destination(let leg): .destination(leg: leg)
        case .departure(let leg): .departure(leg: leg)
        case .returnDate: .returnDate
        case .passengers: .adults
        case .cabin: .cabin
        case .connections: .connections
        case .departureWindow: .departureWindow
        case .legs: .legs
        }
    }
}
