import Entities
import Trips
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
    static func unattendedLookups(_ input: FlightSearchInput) -> [(text: String, field: SearchField)] {
        SearchFlights.lookups(query(input))
    }

    /// The input as the core's query.
    static func query(_ input: FlightSearchInput) -> TripQuery {
        TripQuery(
            legs: input.legs, returnDate: input.returnDate,
            adults: input.adults ?? 1, childAges: input.childAges, infants: input.infants ?? 0, cabin: input.cabin,
            maxConnections: input.maxConnections, departureWindow: input.departureWindow)
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

    /// Everything `input` says, resolved and judged without asking (the core's `SearchFlights`): the request,
    /// or every problem at once.
    static func unattendedRequest(
        _ input: FlightSearchInput, found: [[Place]], today: CalendarDate
    ) -> Result<SearchRequest, FlightSearchFailure> {
        SearchFlights.request(for: query(input), found: found, today: today).mapError { failure in
            switch failure {
            case .invalidInput(let problems): .invalidInput(problems)
            case .service(let error): .service(error)
            }
        }
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
