import Foundation
import ModuleCore

/// What must happen outside the FlightChange rules.
typealias FlightChangeEffect = ScreenEffect<FlightChangeWork, FlightChangeRoute>

/// The work the FlightChange rules ask for; the Builder does it.
enum FlightChangeWork: ScreenWork {
    /// Read when the screen is opened (the Builder's clock).
    case open

    /// A newer read replaces the one under way.
    var id: String { "open" }
}

/// The ways out, as data; the Builder says which router method each one calls.
enum FlightChangeRoute: Encodable, Sendable, Equatable {
    case finish, back
}

/// The FlightChange screen's rules: pure, synchronous, no clock and no services.
enum FlightChangeReducer: Reducer {
    static let module = "FlightChange"

    static func reduce(_ state: inout FlightChangeState, _ action: FlightChangeAction) -> [FlightChangeEffect] {
        guard !state.isDone else { return [] }
        switch action {
        case .appeared:
            return state.openedAt == nil ? [.note(.progress("Opening FlightChange")), .run(.open)] : []
        case .opened(let date):
            state.openedAt = date
            return [.note(.progressEnded)]
        case .proceed, .back, .interrupted, .inputEnded:
            state.isDone = true
            return [.leave(action == .proceed ? .finish : .back)]
        }
    }
}
