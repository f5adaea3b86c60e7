import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI

/// What must happen outside the bookings screen's rules.
typealias FlightBookingsEffect = ScreenEffect<FlightBookingsWork, FlightBookingsRoute>

/// The ways out of the screen, as the router offers them.
enum FlightBookingsRoute: Encodable, Sendable, Equatable {
    /// A new search.
    case search
    /// Leave.
    case back
    /// Move a flight of this order to another day.
    case change(Order)
    /// Choose seats for `order` on the maps of the offer it was booked from; the seats chosen come back as an action.
    case seats(Order, offerID: String)
}

/// The bookings screen's rules: the list, one booking, and what can be done from it (cancelling, paying, accepting
/// the airline's new times, bags and seats), each asked of the traveller before the core does it. Pure: the clock
/// comes in actions, the bookings come in as answers.
enum FlightBookingsReducer: ScreenFeature {
    typealias State = FlightBookingsState
    typealias Action = FlightBookingsAction
    typealias Effect = FlightBookingsEffect
    typealias Work = FlightBookingsWork
    typealias Route = FlightBookingsRoute

    static let module = "FlightBookings"

    static func reduce(_ state: inout State, _ action: FlightBookingsAction) -> [Effect] {
        let effects = apply(&state, action)
        // Nothing is asked while an answer is awaited; an answer ends the wait unless it asks for more work.
        if effects.contains(where: { if case .run = $0 { true } else { false } }) {
            state.waiting = true
        } else if action.isAnswer {
            state.waiting = false
        }
        return effects
    }

    private static func apply(_ state: inout State, _ action: FlightBookingsAction) -> [Effect] {
        switch action {
        case .appeared(let now):
            state.now = now
            state.stopped = false
            return appeared(&state)
        case .entered(let text):
            switch state.step {
            case .list: return answerList(&state, text)
            case .detail: return answerDetail(&state, text)
            default: return []
            }
        case .answered(let yes):
            return [.run(.readClock(confirming: yes))]
        case .confirmed(let yes, let now):
            state.now = now
            switch state.step {
            case .confirmCancel(let quote): return yes ? confirm(&state, quote) : decline(&state)
            case .confirmPay(let amount): return yes ? pay(&state, amount) : declinePayment(&state)
            case .confirmAcceptChange(let change): return yes ? acceptChange(&state, change) : declineChange(&state)
            case .confirmExtras(let quote): return yes ? addExtras(&state, quote) : declineExtras(&state)
            default: return []
            }
        case .back:
            return back(&state)
        case .interrupted, .inputEnded:
            // Ctrl-C or the end of the input: nothing more is asked; the screen stays where it was, to come back
            // there.
            state.stopped = true
            return []
        case .disappeared:
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
        case .airlineChangeAnswered(let outcome, let now):
            state.now = now
            return airlineChangeAnswered(&state, outcome)
        case .bagsOffered(let outcome, let now):
            state.now = now
            return bagsOffered(&state, outcome)
        case .seatsChosen(let seats, let now):
            state.now = now
            return seatsChosen(&state, seats)
        case .extrasAdded(let outcome, let now):
            state.now = now
            return extrasAdded(&state, outcome)
        }
    }

    // MARK: Events

    /// The first time, do what was asked; after that, the screen shows again where it was.
    private static func appeared(_ state: inout State) -> [Effect] {
        guard state.step == .start, !state.waiting else { return [] }
        switch state.input.request {
        case .list: return openList(&state)
        case .show(let reference): return openBooking(&state, reference: reference)
        }
    }

    /// Esc.
    private static func back(_ state: inout State) -> [Effect] {
        switch state.step {
        case .list: leave(&state)
        case .detail: openList(&state)
        case .confirmCancel: decline(&state)
        case .confirmPay: declinePayment(&state)
        case .confirmAcceptChange: declineChange(&state)
        case .confirmExtras: declineExtras(&state)
        case .start: []
        }
    }

    // MARK: Moving between steps

    /// After `effects`, goes back to the open booking's page, its question asked again: what a "no", Esc or a
    /// failed change does.
    static func backToBooking(_ state: inout State, _ effects: [Effect]) -> [Effect] {
        state.step = .detail
        return effects
    }

    /// Shows `booking` in full, as its page, asking what next.
    static func show(_ state: inout State, _ booking: Booking) -> [Effect] {
        state.current = booking
        state.step = .detail
        return []
    }

    /// Leaves for a new search.
    static func newSearch(_ state: inout State) -> [Effect] {
        state.stopped = true
        return [.leave(.search)]
    }

    /// Leaves the screen.
    static func leave(_ state: inout State) -> [Effect] {
        state.stopped = true
        return [.leave(.back)]
    }

    /// Shows that work is under way.
    static func progress(_ message: String) -> Effect { .note(.progress(message)) }

    /// Says a change to booking `reference` (`what`: "cancelled", "paid") is on its way: Ctrl-C meanwhile waits for
    /// the airline's answer rather than leave the traveller not knowing whether it was done.
    static func changing(_ message: String, reference: String, what: String) -> Effect {
        .note(.change(PendingChange(
            message,
            whenInterrupted: "Ctrl-C: the booking may have been \(what) — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: booking \(reference) may have been \(what). `flights booking \(reference)` checks it.")))
    }

    /// Ends the progress shown.
    static let hideProgress = Effect.note(.progressEnded)

    /// Shows `message` of `kind`.
    static func message(_ kind: Notice.Kind, _ message: String) -> Effect { .note(.message(Notice(kind, message))) }

    /// Shows what went wrong and the way forward.
    static func error(_ message: String, suggestion: String? = nil) -> Effect {
        .note(.error(message, suggestion: suggestion))
    }
}

/// Personal data out of a recording: the passengers' names a local record keeps (plain strings, which redaction by
/// key does not reach) are replaced by ``Redaction/name``. Orders' names are redacted by key already.
extension FlightBookingsReducer {
    static func redacted(_ action: FlightBookingsAction, in state: State) -> FlightBookingsAction {
        switch action {
        case .bookingsLoaded(.success(let list), let now):
            var list = list
            list.records = list.records.map(redacted)
            list.reconciliations = list.reconciliations.map { reconciliation in
                switch reconciliation {
                case .confirmed(let record): .confirmed(redacted(record))
                case .notFound(let record): .notFound(redacted(record))
                case .lookupFailed(let records, let error): .lookupFailed(records.map(redacted), error)
                }
            }
            return .bookingsLoaded(.success(list), now: now)
        case .lookedUp(.found(let booking), let now):
            return .lookedUp(.found(redacted(booking)), now: now)
        case .refreshed(let booking, let now):
            return .refreshed(redacted(booking), now: now)
        case .cancellationConfirmed(.cancelled(let done, let recovered), let now):
            var done = done
            done.booking = redacted(done.booking)
            return .cancellationConfirmed(.cancelled(done, recovered: recovered), now: now)
        case .paid(.paid(let payment, let booking), let now):
            return .paid(.paid(payment, redacted(booking)), now: now)
        case .paid(.priceChanged(let old, let booking), let now):
            return .paid(.priceChanged(old: old, booking: redacted(booking)), now: now)
        case .airlineChangeAnswered(.accepted(let booking, let recovered), let now):
            return .airlineChangeAnswered(.accepted(redacted(booking), recovered: recovered), now: now)
        case .extrasAdded(.added(let booking, let recovered), let now):
            return .extrasAdded(.added(redacted(booking), recovered: recovered), now: now)
        default:
            return action
        }
    }

    static func redacted(_ state: State) -> State {
        var state = state
        state.records = state.records.map(redacted)
        state.current = state.current.map(redacted)
        return state
    }

    /// `booking` with its record's passengers' names redacted.
    private static func redacted(_ booking: Booking) -> Booking {
        var booking = booking
        booking.record = booking.record.map(redacted)
        return booking
    }

    /// `record` with its passengers' names redacted.
    private static func redacted(_ record: BookingRecord) -> BookingRecord {
        var record = record
        record.passengers = record.passengers.map { _ in Redaction.name }
        return record
    }
}
