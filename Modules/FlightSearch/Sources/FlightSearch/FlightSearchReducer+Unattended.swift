import Entities
import ModuleCore
import Services

/// The modes that never ask: an unattended search (`flights search … --json`) and a place look-up (`flights places`).
/// The place service only answers; which place a text names, and what the search is, are decided here.
extension FlightSearchReducer {
    // MARK: Unattended search

    /// Looks up every place the input names at once; the answer is judged in ``unattendedAnswered(_:_:)``.
    static func searchUnattended(_ state: inout State) -> [Effect] {
        let texts = unattendedLookups(state.input).map(\.text).filter { !$0.isEmpty }
        guard !texts.isEmpty else { return unattendedAnswered(&state, []) }
        return [.run(.lookUpAll(texts))]
    }

    /// Each leg's places as typed (trimmed), with their fields, in the order they are looked up.
    static func unattendedLookups(_ input: FlightSearchInput) -> [(text: String, field: FlightSearchField)] {
        input.legs.prefix(BookingRules.maxSlices).enumerated().flatMap { index, leg in
            [(leg.from, FlightSearchField.origin(leg: index)), (leg.to, FlightSearchField.destination(leg: index))]
                .map { (text: $0.0.trimmingCharacters(in: .whitespaces), field: $0.1) }
        }
    }

    /// The place service answered every place of the input (those not blank, in order): resolve and judge the
    /// whole input, then search or fail.
    static func unattendedAnswered(_ state: inout State, _ answers: [Outcome<[Place], ServiceError>]) -> [Effect] {
        var found: [[Place]] = []
        for answer in answers {
            switch answer {
            case .success(let places): found.append(places)
            case .failure(.cancelled):
                // Cancelled before it could finish: try again when shown again.
                state.appearances = 0
                return []
            case .failure(let error):
                return fail(&state, .service(error))
            }
        }
        switch unattendedRequest(state.input, found: found, today: state.today) {
        case .success(let request):
            state.step = .done
            return [.leave(.availability(request))]
        case .failure(let failure):
            return fail(&state, failure)
        }
    }

    /// Everything `input` says, resolved and judged without asking: the request, or every problem at once.
    static func unattendedRequest(
        _ input: FlightSearchInput, found: [[Place]], today: CalendarDate
    ) -> Result<SearchRequest, FlightSearchFailure> {
        var problems: [FlightSearchIssue] = []
        var draft = FlightSearchDraft(input: input)
        if input.legs.isEmpty {
            problems.append(FlightSearchIssue(field: .origin(leg: 0), message: "Give where from, where to and the departure date."))
        }
        if input.legs.count > BookingRules.maxSlices {
            problems.append(FlightSearchIssue(field: .legs, message: "At most \(BookingRules.maxSlices) legs can be searched at once."))
        }
        let legs = Array(input.legs.prefix(BookingRules.maxSlices))
        draft.legs = legs.map { _ in FlightSearchDraft.Leg() }
        var answers = found.makeIterator()
        for lookup in unattendedLookups(input) {
            let places = lookup.text.isEmpty ? nil : answers.next()
            switch resolve(lookup.text, places ?? [], field: lookup.field) {
            case .success(let place): draft.setPlace(place, in: lookup.field)
            case .failure(let issue): problems.append(issue)
            }
        }
        let reader = TravelDateReader(today: today)
        for (index, leg) in legs.enumerated() {
            do {
                draft.legs[index].date = try reader.read(leg.date, base: (index > 0 ? draft.legs[index - 1].date : nil) ?? today)
            } catch {
                problems.append(FlightSearchIssue(field: .departure(leg: index), message: error.message))
            }
        }
        if let returnText = input.returnDate {
            if legs.count > 1 {
                problems.append(FlightSearchIssue(
                    field: .returnDate, message: "A return date goes with one leg; for multi-city give each leg its own date."))
            } else if let outbound = draft.legs.first?.date {
                do {
                    draft.returnDate = try reader.read(returnText, base: outbound)
                } catch {
                    problems.append(FlightSearchIssue(field: .returnDate, message: error.message))
                }
            }
        }
        if let windowText = input.departureWindow {
            do {
                draft.departureWindow = try FlightSearchCommands.departureWindow(windowText)
            } catch {
                problems.append(FlightSearchIssue(field: .departureWindow, message: error.message))
            }
        }
        // Fields already reported above (an unknown place, an unreadable date) are missing, not wrong again.
        let reported = Set(problems.map(\.field))
        problems += FlightSearchRules.issues(in: draft, complete: false, today: today).filter { !reported.contains($0.field) }
        let legCount = max(1, draft.legs.count)
        if problems.isEmpty {
            switch FlightSearchRules.request(for: draft, today: today) {
            case .valid(let request): return .success(request)
            case .invalid(let remaining): problems = remaining
            }
        }
        return .failure(.invalidInput(problems.map { "\($0.field.label(legCount: legCount)): \($0.message)" }))
    }

    /// The place `text` names without asking, among the places `found` for it, or why it names none.
    static func resolve(_ text: String, _ found: [Place], field: FlightSearchField) -> Result<ChosenPlace, FlightSearchIssue> {
        guard !text.isEmpty else {
            return .failure(FlightSearchIssue(field: field, message: "Give a city, an airport or a three-letter code."))
        }
        if found.isEmpty {
            return .failure(FlightSearchIssue(field: field, message: FlightSearchInputError.unknownPlace(text).message))
        }
        if let place = FlightSearchPlaces.unambiguousMatch(text, in: found) {
            return .success(ChosenPlace(place))
        }
        // A code typed in capitals that no suggestion holds is still that code, never another place: the search
        // sends it as it is and the API says whether it knows it.
        if BookingRules.isIATACode(text) {
            return .success(ChosenPlace(Place(kind: .airport, iataCode: text, name: text, iataCountryCode: "")))
        }
        let choices = found.prefix(5).map { place in "\(place.iataCode) (\(ChosenPlace(place).longName))" }
        return .failure(FlightSearchIssue(
            field: field,
            message: "“\(text)” could be several places; give one of these codes: \(choices.joined(separator: ", "))."))
    }

    /// Reports a failure of a mode that never asks: to the person (diagnostics) and to the router.
    static func fail(_ state: inout State, _ failure: FlightSearchFailure) -> [Effect] {
        state.step = .done
        let lines: [String] = switch failure {
        case .invalidInput(let problems): problems
        case .nothingFound(let message): [message]
        case .service(let error): ["The places could not be looked up. \(error.description)"]
        }
        return errors(lines) + [.leave(.failed(failure))]
    }

    // MARK: Place look-up

    /// Starts the look-up of `query` for a place listing.
    static func lookUpListing(_ state: inout State, _ query: String) -> [Effect] {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            return fail(&state, .invalidInput(["Give a text to look up: a code (LHR), a city (london) or an airport (heathrow)."]))
        }
        state.lastLookupID += 1
        state.lookup = State.Lookup(id: state.lastLookupID, text: text, field: .origin(leg: 0))
        return [.run(.lookUpPlaces(id: state.lastLookupID, text: text))]
    }

    /// Lists the places found for a place look-up, as a table or as JSON, on standard output, and leaves.
    static func placesListed(
        _ state: inout State, _ text: String, _ outcome: Outcome<[Place], ServiceError>, json: Bool
    ) -> [Effect] {
        let places: [Place]
        switch outcome {
        case .failure(.cancelled):
            state.appearances = 0
            return []
        case .failure(let error):
            return fail(&state, .service(error))
        case .success(let found):
            places = found
        }
        guard !places.isEmpty else { return fail(&state, .nothingFound(FlightSearchInputError.unknownPlace(text).message)) }
        let listing: String
        if json {
            // The server's data whole, for programs: what a terminal would obey is written as a JSON escape.
            guard let encoded = FlightSearchPlaces.json(places) else {
                return fail(&state, .service(.malformedResponse("The places could not be written as JSON.")))
            }
            listing = encoded
        } else {
            listing = state.placeListing(places)
        }
        state.step = .done
        return [.note(.output(listing)), .leave(.back)]
    }
}
