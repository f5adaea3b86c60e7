import Foundation
import ModuleCore

/// The FlightSeats screen's rules: pure, synchronous, no clock and no services.
enum FlightSeatsReducer: Reducer {
    static let module = "FlightSeats"

    static func reduce(_ state: inout FlightSeatsState, _ action: FlightSeatsAction) -> [FlightSeatsEffect] {
        guard !state.isDone else { return [] }
        switch action {
        case .appeared:
            return state.openedAt == nil ? [.load] : [.show(.screen(FlightSeatsViewModel(state))), ask(state)]
        case .loaded(let date):
            state.openedAt = date
            return [.show(.screen(FlightSeatsViewModel(state))), ask(state)]
        case .entered(let line) where line.trimmingCharacters(in: .whitespaces).lowercased() == "b":
            return leave(&state, .back)
        case .entered:
            return leave(&state, .finish)
        case .back, .interrupted, .inputEnded:
            return leave(&state, .back)
        }
    }

    private static func ask(_ state: FlightSeatsState) -> FlightSeatsEffect {
        .show(.question(prompt: "Enter to continue, \(state.isInteractive ? "Esc" : "b") to go back: "))
    }

    private static func leave(_ state: inout FlightSeatsState, _ route: FlightSeatsRoute) -> [FlightSeatsEffect] {
        state.isDone = true
        return [.show(.finished), .navigate(route)]
    }
}
