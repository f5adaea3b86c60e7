import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI

/// What must happen outside the change's rules.
typealias FlightChangeEffect = ScreenEffect<FlightChangeWork, FlightChangeRoute>

/// The ways out, as data; the Builder says which router method each one calls.
enum FlightChangeRoute: Encodable, Sendable, Equatable {
    case back
    case finished(FlightChangeOutcome)
}

/// The change's rules: pure, synchronous, no clock and no services. Moving a booked flight: which flights, which
/// day, which cabin; the airline's change offers; one chosen, read again and made into a change; its total confirmed
/// (by the traveller, or a command's `--yes` and `--total`), then sent once. A price that moved is asked again, an
/// offer that expired is searched again once, and a lost answer is resolved by reading, never by confirming twice.
enum FlightChangeReducer: Reducer {
    typealias State = FlightChangeState
    typealias Action = FlightChangeAction
    typealias Effect = FlightChangeEffect

    static let module = "FlightChange"

    static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
        if case .appeared(let now) = action { state.now = now }
        switch action {
        case .found(_, let now), .searched(_, let now), .rechecked(_, let now), .confirmed(_, let now): state.now = now
        default: break
        }
        guard state.step != .finished else { return [] }
        switch action {
        case .appeared: return state.step == .start ? start(&state) : []
        case .entered(let line): return entered(&state, line)
        case .answered(let yes): return yes ? confirm(&state) : decline(&state)
        case .back: return back(&state)
        case .interrupted, .inputEnded:
            // Nothing is sent before the traveller confirms; while a confirmation is on its way, the runner waits.
            return state.step == .confirming ? [] : leave(&state)
        case .found(let outcome, _): return found(&state, outcome)
        case .searched(let outcome, _): return searched(&state, outcome)
        case .rechecked(let recheck, _): return rechecked(&state, recheck)
        case .confirmed(let confirmation, _): return confirmed(&state, confirmation)
        }
    }

    /// A typed line, read as the step asks.
    private static func entered(_ state: inout State, _ line: String) -> [Effect] {
        let text = line.trimmingCharacters(in: .whitespaces)
        if state.isInteractive == false, text.lowercased() == "b" { return back(&state) }
        switch state.step {
        case .chooseFlights: return chooseFlights(&state, text)
        case .chooseDay(let index): return chooseDay(&state, index, text)
        case .chooseCabin: return chooseCabin(&state, text)
        case .offers: return chooseOffer(&state, text)
        case .confirm:
            switch text.lowercased() {
            case "y", "yes", "": return confirm(&state)
            case "n", "no": return decline(&state)
            default:
                state.problem = "Type y to change the booking, or n to keep it."
                return []
            }
        case .start, .finding, .searching, .rechecking, .confirming, .finished: return []
        }
    }

    /// Back a step: from the offers to the last day asked, from the first question out of the screen.
    private static func back(_ state: inout State) -> [Effect] {
        state.problem = nil
        switch state.step {
        case .chooseDay(let index) where index > 0:
            state.step = .chooseDay(index - 1)
        case .chooseDay where state.slices.count > 1:
            state.step = .chooseFlights
        case .chooseCabin:
            state.step = .chooseDay(max(0, state.moving.count - 1))
        case .offers, .searching, .rechecking:
            state.offers = []
            state.chosen = nil
            state.step = .chooseCabin
            return [.cancel("search"), .cancel("recheck"), hideProgress]
        case .confirm:
            return decline(&state)
        case .confirming, .finished:
            return []
        case .start, .finding, .chooseFlights, .chooseDay:
            return leave(&state)
        }
        return []
    }

    /// Leaves without changing anything.
    static func leave(_ state: inout State) -> [Effect] {
        state.step = .finished
        return [.leave(.back)]
    }

    /// Ends with `outcome`.
    static func finish(_ state: inout State, _ outcome: FlightChangeOutcome) -> [Effect] {
        state.step = .finished
        return [.leave(.finished(outcome))]
    }

    // MARK: Notes

    static func progress(_ message: String) -> Effect { .note(.progress(message)) }

    static let hideProgress = Effect.note(.progressEnded)

    static func message(_ kind: Notice.Kind, _ message: String) -> Effect { .note(.message(Notice(kind, message))) }

    static func error(_ message: String, suggestion: String? = nil) -> Effect {
        .note(.error(message, suggestion: suggestion))
    }
}
