public import Entities
public import Foundation

/// The one place a pending booking is settled: the bookings kept on this machine, put in step with the API's orders.
///
/// A booking is written pending before its order is sent, with a key the order carries in its metadata. When the
/// answer is lost (a timeout, a crash, a `kill -9`), the key finds the order again: found, the booking is made, and
/// the record takes the order's reference; not found once no order can come of it any more, it never went through.
/// The summary settles earlier attempts at an offer it has just booked; the bookings list settles whatever is still
/// pending when it opens. Both call ``reconcile(_:offersTaken:)``.
public struct BookingLedger: Sendable {
    /// How long after it was sent a pending booking that the API still does not have is taken as not booked, when its
    /// offer's expiry is not known: an order is made in seconds, and its answer lost at most for a request's time-out
    /// and the look-ups after it.
    public static let pendingLapse: TimeInterval = 3600

    private let orders: any OrderService
    private let store: any BookingStore
    private let clock: @Sendable () -> Date

    /// A ledger over `store`, looking orders up through `orders`, at the time `now` gives.
    public init(orders: any OrderService, store: any BookingStore, now: @escaping @Sendable () -> Date) {
        self.orders = orders
        self.store = store
        self.clock = now
    }

    /// Looks each of `pending` up by its key and writes what was learnt.
    ///
    /// - Found: booked; the record is updated from its order.
    /// - Not found: never made once it has lapsed (its offer is no longer sold, or it was sent an hour ago, or its offer
    ///   is in `offersTaken`: booked by a later attempt, so this one cannot still be made); otherwise it stays pending.
    /// - The orders cannot be read: every one stays pending, and the reason is given.
    public func reconcile(_ pending: [BookingRecord], offersTaken: Set<String> = []) async -> BookingReconciliation {
        guard !pending.isEmpty else { return BookingReconciliation() }
        let found: [String: Order]
        do {
            found = try await orders.orders(
                withBookingKeys: Set(pending.map(\.bookingKey)), since: pending.map(\.createdAt).min())
        } catch {
            return BookingReconciliation(outcomes: [.lookupFailed(pending, error)])
        }
        var result = BookingReconciliation()
        for record in pending {
            guard let order = found[record.bookingKey] else {
                let now = clock()
                if offersTaken.contains(record.offerID) || record.hasLapsed(at: now, lapse: Self.pendingLapse) {
                    var lapsed = record
                    lapsed.state = .failed
                    lapsed.updatedAt = now
                    result.record(lapsed, problem: save(lapsed))
                }
                result.outcomes.append(.notFound(record))
                continue
            }
            let updated = record.updated(from: order, at: clock())
            result.record(updated, problem: save(updated))
            result.outcomes.append(.confirmed(updated))
        }
        return result
    }

    private func save(_ record: BookingRecord) -> BookingStoreError? {
        do {
            try store.save(record)
            return nil
        } catch {
            return error
        }
    }
}

/// What a ``BookingLedger`` learnt about pending bookings, and what it wrote.
public struct BookingReconciliation: Sendable, Hashable {
    /// One outcome per pending booking looked up, in the order given (or one for all, when the orders could not be
    /// read).
    public var outcomes: [PendingBookingOutcome] = []
    /// The records as now written, by booking key: those confirmed, and those settled as not booked.
    public var settled: [String: BookingRecord] = [:]
    /// The store's problem, when a record learnt about could not be written back.
    public var storeProblem: BookingStoreError?

    /// Nothing learnt yet.
    public init() {}

    /// Outcomes alone (the orders could not be read).
    init(outcomes: [PendingBookingOutcome]) {
        self.outcomes = outcomes
    }

    /// `records`, with the ones settled here replaced by what was written.
    public func applied(to records: [BookingRecord]) -> [BookingRecord] {
        records.map { settled[$0.bookingKey] ?? $0 }
    }

    mutating func record(_ record: BookingRecord, problem: BookingStoreError?) {
        settled[record.bookingKey] = record
        storeProblem = problem ?? storeProblem
    }
}

/// What became of one pending booking looked up by its key.
public enum PendingBookingOutcome: Sendable, Hashable, Codable {
    /// The order carrying its key exists: it is booked, and the record (as given) says so now.
    case confirmed(BookingRecord)
    /// No order carries its key: as far as the API can tell, it did not go through (the record as it was).
    case notFound(BookingRecord)
    /// The orders could not be read; these stay pending.
    case lookupFailed([BookingRecord], ServiceError)
}
