import Entities
import Foundation
import ModuleCore
import TerminalUI

/// The bookings screen's rules: the list, one booking, cancelling and paying, interactively or as one printed
/// answer. Pure: the clock comes in actions, the bookings come in as answers.
enum FlightBookingsReducer: Reducer {
    typealias State = FlightBookingsState
    typealias Effect = FlightBookingsEffect

    static let module = "FlightBookings"

    static func reduce(_ state: inout State, _ action: FlightBookingsAction) -> [Effect] {
        switch action {
        case .appeared(let now):
            state.now = now
            return appeared(&state)
        case .entered(let text):
            switch state.step {
            case .list: return answerList(&state, text)
            case .detail: return answerDetail(&state, text)
            default: return [ask(state)]
            }
        case .confirmed(let yes, let now):
            state.now = now
            switch state.step {
            case .confirmCancel(let quote): return yes ? confirm(&state, quote) : decline(&state)
            case .confirmPay(let amount): return yes ? pay(&state, amount) : declinePayment(&state)
            default: return [ask(state)]
            }
        case .back:
            return back(&state)
        case .interrupted, .inputEnded, .disappeared:
            // Ctrl-C, the end of the input or the screen going: nothing more is asked; the screen stays where it
            // was, to come back there.
            return []
        case .bookingsLoaded(let outcome, let now):
            state.now = now
            return bookingsLoaded(&state, outcome)
        case .lookedUp(let lookup, let now):
            state.now = now
            return lookedUp(&state, lookup)
        case .refreshed(let booking, let now):
            state.now = now
            return [hideProgress] + show(&state, booking)
        case .quoted(let outcome, let now):
            state.now = now
            return quoted(&state, outcome)
        case .cancellationConfirmed(let outcome, let now):
            state.now = now
            return cancellationConfirmed(&state, outcome)
        case .paid(let outcome, let now):
            state.now = now
            return paid(&state, outcome)
        }
    }

    // MARK: Events

    /// The first time, do what was asked; after that, show again where the screen was.
    private static func appeared(_ state: inout State) -> [Effect] {
        guard state.step == .start else { return redisplay(state) }
        switch (state.input.presentation, state.input.request) {
        case (.interactive, .list):
            return openList(&state)
        case (_, .list):
            return [progress("Reading your bookings…"), .loadBookings]
        case (_, .show(let reference)):
            return openBooking(&state, reference: reference, for: .show)
        case (_, .cancel(let reference)):
            return openBooking(&state, reference: reference, for: .cancel)
        case (_, .pay(let reference)):
            return openBooking(&state, reference: reference, for: .pay)
        }
    }

    /// Esc.
    private static func back(_ state: inout State) -> [Effect] {
        switch state.step {
        case .list: leave(&state)
        case .detail: openList(&state)
        case .confirmCancel: decline(&state)
        case .confirmPay: declinePayment(&state)
        case .start, .finished: []
        }
    }

    // MARK: Moving between steps

    /// Puts the current step's question.
    static func ask(_ state: State) -> Effect {
        .show(.prompt(state.prompt))
    }

    /// Asks again when interactive, or ends a printed run with `outcome`.
    static func askOrFinish(_ state: inout State, _ outcome: FlightBookingsOutcome) -> [Effect] {
        state.isInteractive ? [ask(state)] : finish(&state, outcome)
    }

    /// Shows `booking` in full and, on the interactive screen, asks what next.
    static func show(_ state: inout State, _ booking: Booking) -> [Effect] {
        state.current = booking
        var effects: [Effect] = [.show(.detail(state.detailViewModel(booking)))]
        if state.isInteractive {
            state.step = .detail
            effects.append(ask(state))
        }
        return effects
    }

    /// Leaves for a new search.
    static func newSearch(_ state: inout State) -> [Effect] {
        [.show(.prompt(nil)), .navigate(.search)]
    }

    /// Leaves the screen.
    static func leave(_ state: inout State) -> [Effect] {
        [.show(.prompt(nil)), .navigate(.back)]
    }

    /// Ends a printed run with `outcome`.
    static func finish(_ state: inout State, _ outcome: FlightBookingsOutcome) -> [Effect] {
        state.step = .finished
        return [.show(.prompt(nil)), .navigate(.finished(outcome))]
    }

    /// Shows again what the screen showed where it is, then asks.
    private static func redisplay(_ state: State) -> [Effect] {
        var effects: [Effect] = []
        switch state.step {
        case .list:
            effects.append(.show(.list(state.listViewModel())))
        case .detail, .confirmPay:
            if let current = state.current { effects.append(.show(.detail(state.detailViewModel(current)))) }
        case .confirmCancel(let quote):
            if let current = state.current {
                effects.append(.show(.detail(state.detailViewModel(current))))
                effects.append(.show(.quote(state.quoteViewModel(quote, booking: current))))
            }
        case .start, .finished:
            break
        }
        return effects + [ask(state)]
    }

    /// Shows that work is under way.
    static func progress(_ message: String) -> Effect { .show(.note(.progress(message))) }

    /// Says a change to booking `reference` (`what`: "cancelled", "paid") is on its way: Ctrl-C meanwhile waits for
    /// the airline's answer rather than leave the traveller not knowing whether it was done.
    static func changing(_ message: String, reference: String, what: String) -> Effect {
        .show(.note(.change(PendingChange(
            message,
            whenInterrupted: "Ctrl-C: the booking may have been \(what) — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: booking \(reference) may have been \(what). `flights booking \(reference)` checks it."))))
    }

    /// Ends the progress shown.
    static let hideProgress = Effect.show(.note(.progressEnded))

    /// Shows `message` of `kind`.
    static func message(_ kind: Notice.Kind, _ message: String) -> Effect { .show(.note(.message(Notice(kind, message)))) }

    /// Shows what went wrong and the way forward.
    static func error(_ message: String, suggestion: String? = nil) -> Effect {
        .show(.note(.error(message, suggestion: suggestion)))
    }

    /// `value` as pretty JSON in Duffel's shape, or `nil` when it cannot be written.
    static func encode<Value: Encodable>(_ value: Value) -> String? {
        guard let data = try? DuffelJSON.encoder(pretty: true).encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
