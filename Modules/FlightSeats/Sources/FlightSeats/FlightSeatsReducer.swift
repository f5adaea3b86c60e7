import Entities
import Foundation
import ModuleCore
import Services

/// The seats screen's rules: pure, synchronous, no clock and no services. Loading and leaving are here; choosing a
/// seat is in `FlightSeatsReducer+Choosing.swift`, what a key or a line means in `FlightSeatsCommands.swift`.
enum FlightSeatsReducer: Reducer {
    static let module = "FlightSeats"

    static func reduce(_ state: inout FlightSeatsState, _ action: FlightSeatsAction) -> [FlightSeatsEffect] {
        guard state.phase != .done else { return [] }
        switch action {
        case .appeared:
            return state.phase == .loading ? load(state) : []
        case .offerLoaded(.success(let offer)):
            state.offer = offer
            return [.run(.loadMaps(offerID: offer.id))]
        case .offerLoaded(.failure(let error)):
            return loaded(&state, .failure(error))
        case .mapsLoaded(let outcome):
            return loaded(&state, outcome)
        case .back:
            return leave(&state, .back)
        case .interrupted, .inputEnded:
            // The composer ends its flow too; nothing chosen here is kept.
            return leave(&state, .back)
        case .key(let key):
            guard let command = FlightSeatsCommand(key: key, state: &state) else { return [] }
            return run(command, &state)
        case .entered(let line):
            return run(FlightSeatsCommand(line: line, phase: state.phase), &state)
        }
    }

    private static func loaded(
        _ state: inout FlightSeatsState, _ outcome: Outcome<[SeatMap], ServiceError>
    ) -> [FlightSeatsEffect] {
        switch outcome {
        case .success(let maps):
            state.maps = maps
            guard !state.flights.isEmpty else {
                state.phase = .unavailable
                return [.note(.progressEnded)]
            }
            state.phase = .choosing
            state.flightIndex = 0
            state.passengerIndex = 0
            placeCursor(&state)
            return [.note(.progressEnded)]
        case .failure(let error):
            state.phase = .failed(error.message, suggestion: error.suggestion)
            return [.note(.progressEnded)]
        }
    }

    static func run(_ command: FlightSeatsCommand, _ state: inout FlightSeatsState) -> [FlightSeatsEffect] {
        state.notice = nil
        let effects = perform(command, &state)
        // The keys listed go with the seat question: gone with it, not back when it is asked again.
        if state.phase != .choosing { state.showsKeys = false }
        return effects
    }

    private static func perform(_ command: FlightSeatsCommand, _ state: inout FlightSeatsState) -> [FlightSeatsEffect] {
        switch command {
        case .back:
            return leave(&state, .back)
        case .retry:
            guard case .failed = state.phase else { return [] }
            state.phase = .loading
            return load(state)
        case .confirm:
            switch state.phase {
            case .review: return leave(&state, .chosen(state.choices))
            case .unavailable, .failed: return leave(&state, .back)
            default: return choose(state.cursor, &state)
            }
        case .change:
            guard state.phase == .review else { return [] }
            state.phase = .choosing
            state.flightIndex = 0
            state.passengerIndex = 0
            placeCursor(&state)
            return []
        case .toggleKeys:
            // Elsewhere the prompt says every key.
            if state.phase == .choosing { state.showsKeys.toggle() }
            return []
        case .unknown(let text):
            state.notice = .problem(state.phase == .choosing
                ? "“\(text)” is not a seat or a key here. Type a seat such as 32A, or ? for the keys."
                : "“\(text)” is not a key here.")
            return []
        default:
            guard state.phase == .choosing else { return [] }
            return choosing(command, &state)
        }
    }

    /// Reads the offer first when only its id is known, then its seat maps.
    private static func load(_ state: FlightSeatsState) -> [FlightSeatsEffect] {
        guard state.offer != nil else {
            return [.note(.progress("Reading offer \(state.offerID)")), .run(.loadOffer(id: state.offerID))]
        }
        return [.note(.progress("Reading the seat maps")), .run(.loadMaps(offerID: state.offerID))]
    }

    static func leave(_ state: inout FlightSeatsState, _ route: FlightSeatsRoute) -> [FlightSeatsEffect] {
        state.phase = .done
        return [.leave(route)]
    }
}
