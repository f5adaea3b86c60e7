import Entities
import ModuleCore
import Services

/// The modes that never ask: an unattended search (`flights search … --json`) and a place look-up (`flights places`).
extension FlightSearchReducer {
    static func unattendedAnswered(_ state: inout State, _ outcome: Outcome<SearchRequest, FlightSearchFailure>) -> [Effect] {
        switch outcome {
        case .failure(.service(.cancelled)):
            // Cancelled before it could finish: try again when shown again.
            state.appearances = 0
            return []
        case .success(let request):
            state.step = .done
            return [.show(.finish), .navigate(.availability(request))]
        case .failure(let failure):
            return fail(&state, failure)
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
        return [.show(.finish), .show(.failure(lines)), .navigate(.failed(failure))]
    }

    /// Starts the look-up of `query` for a place listing.
    static func lookUpListing(_ state: inout State, _ query: String) -> [Effect] {
        let text = query.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            return fail(&state, .invalidInput(["Give a text to look up: a code (LHR), a city (london) or an airport (heathrow)."]))
        }
        state.lastLookupID += 1
        state.lookup = State.Lookup(id: state.lastLookupID, text: text, field: .origin(leg: 0))
        return [.lookUpPlaces(id: state.lastLookupID, text: text)]
    }

    /// Lists the places found for a place look-up, as a table or as JSON, and leaves.
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
        let listing: FlightSearchPlacesViewModel
        if json {
            guard let encoded = FlightSearchPlaces.json(places) else {
                return fail(&state, .service(.malformedResponse("The places could not be written as JSON.")))
            }
            listing = .json(encoded)
        } else {
            listing = .table(columns: FlightSearchPlaces.columns, rows: places.map(FlightSearchPlaces.row))
        }
        state.step = .done
        return [.show(.places(listing)), .show(.finish), .navigate(.back)]
    }
}
