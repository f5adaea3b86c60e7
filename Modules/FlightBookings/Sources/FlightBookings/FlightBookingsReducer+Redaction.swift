import Entities
import ModuleCore

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
