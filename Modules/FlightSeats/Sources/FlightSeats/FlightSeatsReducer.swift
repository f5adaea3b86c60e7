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
            if state.phase == .loading { return load(state) }
            return screen(state)
        case .offerLoaded(.success(let offer)):
            state.offer = offer
            return [.loadMaps(offerID: offer.id)]
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
            guard let command = FlightSeatsCommand(key: key, state: &state) else { return screen(state) }
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
            if case .show(let json) = state.mode {
                state.phase = .done
                guard !state.flights.isEmpty else {
                    return [.show(.note(.progressEnded)), .show(.note(.error(
                        "The airline gives no seat map for this offer.",
                        suggestion: "Seats are given at check-in."))), .navigate(.shown(.noSeatMaps))]
                }
                let output: FlightSeatsOutput = json
                    ? .json(state.flights.map(\.map)) : .maps(FlightSeatsViewModel.allMaps(state))
                return [.show(.note(.progressEnded)), .show(output), .navigate(.shown(.shown))]
            }
            guard !state.flights.isEmpty else {
                state.phase = .unavailable
                return [.show(.note(.progressEnded))] + screen(state)
            }
            state.phase = .choosing
            state.flightIndex = 0
            state.passengerIndex = 0
            placeCursor(&state)
            return [.show(.note(.progressEnded))] + screen(state)
        case .failure(let error):
            if case .show = state.mode {
                state.phase = .done
                return [.show(.note(.progressEnded)), .show(.note(.error(error.message, suggestion: error.suggestion))),
                        .navigate(.shown(.failed(error)))]
            }
            state.phase = .failed(error.message, suggestion: error.suggestion)
            return [.show(.note(.progressEnded))] + screen(state)
        }
    }

    static func run(_ command: FlightSeatsCommand, _ state: inout FlightSeatsState) -> [FlightSeatsEffect] {
        state.notice = nil
        switch command {
        case .back:
            return leave(&state, .back)
        case .retry:
            guard case .failed = state.phase else { return screen(state) }
            state.phase = .loading
            return load(state)
        case .confirm:
            switch state.phase {
            case .review: return leave(&state, .chosen(state.choices))
            case .unavailable, .failed: return leave(&state, .back)
            default: return choose(state.cursor, &state)
            }
        case .change:
            guard state.phase == .review else { return screen(state) }
            state.phase = .choosing
            state.flightIndex = 0
            state.passengerIndex = 0
            placeCursor(&state)
            return screen(state)
        case .toggleKeys:
            state.showsKeys.toggle()
            return screen(state)
        case .unknown(let text):
            state.notice = .problem("“\(text)” is not a seat or a key here. Type a seat such as 32A, or ? for the keys.")
            return screen(state)
        default:
            guard state.phase == .choosing else { return screen(state) }
            return choosing(command, &state)
        }
    }

    /// Reads the offer first when only its id is known, then its seat maps.
    private static func load(_ state: FlightSeatsState) -> [FlightSeatsEffect] {
        guard state.offer != nil else {
            return [.show(.note(.progress("Reading offer \(state.offerID)"))), .loadOffer(id: state.offerID)]
        }
        return [.show(.note(.progress("Reading the seat maps"))), .loadMaps(offerID: state.offerID)]
    }

    static func leave(_ state: inout FlightSeatsState, _ route: FlightSeatsRoute) -> [FlightSeatsEffect] {
        state.phase = .done
        return [.show(.finished), .navigate(route)]
    }

    /// The screen as it stands, and the question it puts next.
    static func screen(_ state: FlightSeatsState) -> [FlightSeatsEffect] {
        guard state.phase != .done, state.phase != .loading else { return [] }
        return [.show(.screen(FlightSeatsViewModel(state))), .show(.question(prompt: FlightSeatsViewModel.prompt(state)))]
    }
}
