public import Entities
public import Services
import Synchronization

/// Bookings kept in memory, for module tests: the same contract as the file store, plus a switch to make writes
/// fail (a full disk) and a log of every save.
public final class FixtureBookingStore: BookingStore {
    private let state = Mutex<(
        records: [BookingRecord], saves: [BookingRecord], failure: BookingStoreError?,
        saveFailure: (error: BookingStoreError, allowed: Int)?
    )>(([], [], nil, nil))

    /// A store holding `records`.
    public init(records: [BookingRecord] = []) {
        state.withLock { $0.records = records }
    }

    /// Every record saved, in order (a pending record then its confirmation are two saves).
    public var saves: [BookingRecord] { state.withLock { $0.saves } }

    /// Makes every later call fail with `error` (`nil` to stop).
    public func fail(with error: BookingStoreError?) {
        state.withLock { $0.failure = error }
    }

    /// Lets `allowed` more saves through, then makes every save (only) fail with `error`: a disk that fills up
    /// between the pending record and the confirmed one.
    public func failSaves(with error: BookingStoreError, after allowed: Int) {
        state.withLock { $0.saveFailure = (error, allowed) }
    }

    public var location: String { "memory" }

    public func save(_ record: BookingRecord) throws(BookingStoreError) {
        let failure = state.withLock { state -> BookingStoreError? in
            if let failure = state.failure { return failure }
            if let (error, allowed) = state.saveFailure {
                if allowed <= 0 { return error }
                state.saveFailure = (error, allowed - 1)
            }
            state.saves.append(record)
            if let index = state.records.firstIndex(where: { $0.bookingKey == record.bookingKey }) {
                state.records[index] = record
            } else {
                state.records.append(record)
            }
            return nil
        }
        if let failure { throw failure }
    }

    public func records() throws(BookingStoreError) -> [BookingRecord] {
        let (records, failure) = state.withLock { ($0.records, $0.failure) }
        if let failure { throw failure }
        return records.sorted { $0.createdAt > $1.createdAt }
    }
}
