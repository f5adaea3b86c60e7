import Entities
import Foundation
import Services

/// The bookings' use case: keeps the local records in step with the API, finds bookings, and cancels them.
final class FlightBookingsInteractor: Sendable {
    let orders: any OrderService
    private let bookings: any BookingStore
    let backend: String
    private let clock: @Sendable () -> Date
    let timeZone: TimeZone
    /// How long to wait before each read of an order after a lost answer (a cancellation, a payment).
    let lookupDelays: [Duration]

    init(
        orders: any OrderService, bookings: any BookingStore, backend: String, now: @escaping @Sendable () -> Date,
        timeZone: TimeZone, lookupDelays: [Duration] = LostAnswer.lookupDelays
    ) {
        self.lookupDelays = lookupDelays.isEmpty ? [.zero] : lookupDelays
        self.orders = orders
        self.bookings = bookings
        self.backend = backend
        self.clock = now
        self.timeZone = timeZone
    }

    /// The current instant.
    var now: Date { clock() }

    /// Where bookings are kept, for the traveller.
    var storeLocation: String { bookings.location }

    /// Settles pending bookings against the API's orders.
    private var ledger: BookingLedger { BookingLedger(orders: orders, store: bookings, now: clock) }

    // MARK: The list

    /// Every booking kept here, newest first, after checking each pending one of this API by its key (the ledger's
    /// rules: found means booked; not found, pending until it lapses).
    func loadBookings() async -> Result<BookingList, BookingStoreError> {
        let records: [BookingRecord]
        do {
            records = try bookings.records()
        } catch {
            return .failure(error)
        }
        let pending = records.filter { $0.state == .pending && $0.backend == backend }
        guard !pending.isEmpty else { return .success(BookingList(records: records, reconciliations: [])) }
        let reconciled = await ledger.reconcile(pending)
        return .success(BookingList(
            records: reconciled.applied(to: records), reconciliations: reconciled.outcomes,
            storeProblem: reconciled.storeProblem))
    }

    // MARK: One booking

    /// The booking with `reference` (any case): the local record refreshed from the API, or, when it is not kept
    /// here, the order the API has under that reference.
    func booking(reference: String) async -> BookingLookup {
        let wanted = reference.trimmingCharacters(in: .whitespaces).uppercased()
        let record: BookingRecord?
        do {
            record = try bookings.record(reference: wanted)
        } catch {
            return .storeFailed(error)
        }
        if let record { return .found(await refresh(record)) }
        do {
            let page = try await orders.orders(OrderQuery(bookingReference: wanted))
            guard let order = page.items.first(where: { $0.bookingReference.uppercased() == wanted }) else {
                return .notFound
            }
            return .found(Booking(order: order))
        } catch {
            if error.apiError?.status == 404 { return .notFound }
            return .failed(error)
        }
    }

    /// `record` with its order as the API has it now, the record updated to follow it. A pending record is looked
    /// for by its key first; a record of another API is left as it is.
    func refresh(_ record: BookingRecord) async -> Booking {
        guard record.backend == backend else { return Booking(record: record, otherBackend: record.backend) }
        do {
            let order: Order
            if let orderID = record.orderID {
                order = try await orders.order(id: orderID)
            } else {
                guard let found = try await orders.order(withBookingKey: record.bookingKey, since: record.createdAt) else {
                    return Booking(record: record)
                }
                order = found
            }
            return follow(order, record: record)
        } catch {
            return Booking(record: record, refreshProblem: error)
        }
    }

    /// Why `booking` cannot be cancelled now, or `nil` when it can. Pure: the reducer asks it.
    static func cancellationBlocker(_ booking: Booking) -> CancellationBlocker? {
        if let other = booking.otherBackend { return .otherBackend(other) }
        guard let order = booking.order else {
            if let record = booking.record, record.orderID == nil {
                return record.state == .failed ? .neverBooked : .neverConfirmed
            }
            return .unreadable(booking.refreshProblem)
        }
        // The API has the last word: an order that offers `cancel` is asked for a quote even when it also says it
        // was cancelled (Duffel's own examples say both), and one that does not say what it allows is asked too.
        if order.canBeCancelled { return nil }
        if let cancelledAt = order.cancelledAt { return .alreadyCancelled(cancelledAt) }
        return .notAllowed(order.availableActions ?? [])
    }

    // MARK: Cancelling

    /// Asks what cancelling `order` would refund.
    func quoteCancellation(orderID: String) async -> Result<OrderCancellation, ServiceError> {
        do {
            return .success(try await orders.quoteCancellation(orderID: orderID))
        } catch {
            return .failure(error)
        }
    }

    /// Whether `quote` has passed its expiry at `now`, so a new one is needed.
    static func hasExpired(_ quote: OrderCancellation, at now: Date) -> Bool {
        quote.expiresAt.map { $0 <= now } ?? false
    }

    /// Confirms `quote`, then reads the order again so the local record follows it (cancelled). When the order
    /// cannot be read, the record is marked cancelled from the confirmation itself. A lost answer is resolved by
    /// reading the order (a few times: the airline may still be cancelling), never by confirming again.
    func confirmCancellation(_ quote: OrderCancellation, of booking: Booking) async -> CancellationOutcome {
        let confirmed: OrderCancellation
        do {
            confirmed = try await orders.confirmCancellation(id: quote.id)
        } catch {
            // A state conflict may be about our own confirmation: made, then refused with a 429 that the client
            // waited out and sent again ("already confirmed"). The order, read again, says whether it is cancelled.
            if error.mayHaveTakenEffect { return await recoverCancellation(quote, of: booking, lost: error) }
            if error.apiError?.has(.invalidState) == true {
                return await recoverCancellation(quote, of: booking, lost: error, delays: [.zero])
            }
            return .notCancelled(error)
        }
        do {
            var order = try await orders.order(id: confirmed.orderId.isEmpty ? quote.orderId : confirmed.orderId)
            // The confirmation is the API's word that the order is cancelled; a read that lags behind it does not
            // undo it.
            if order.cancelledAt == nil {
                order.cancelledAt = confirmed.confirmedAt ?? clock()
                order.availableActions = []
            }
            guard let record = booking.record else {
                return .cancelled(CancellationDone(cancellation: confirmed, booking: Booking(order: order)), recovered: false)
            }
            return .cancelled(CancellationDone(cancellation: confirmed, booking: follow(order, record: record)), recovered: false)
        } catch {
            var updated = booking
            updated.refreshProblem = error
            if var record = booking.record {
                record.state = .cancelled
                record.updatedAt = clock()
                updated.record = record
                updated.storeProblem = save(record)
            }
            updated.order?.cancelledAt = confirmed.confirmedAt ?? clock()
            updated.order?.availableActions = []
            return .cancelled(CancellationDone(cancellation: confirmed, booking: updated), recovered: false)
        }
    }

    /// The confirmation's answer was lost, or said the cancellation was made already: the order, read again (after
    /// each of `delays`, the lost-answer waits by default), says whether it was cancelled.
    private func recoverCancellation(
        _ quote: OrderCancellation, of booking: Booking, lost: ServiceError, delays: [Duration]? = nil
    ) async -> CancellationOutcome {
        var lookup: ServiceError?
        for delay in delays ?? lookupDelays {
            if delay > .zero { try? await Task.sleep(for: delay) }
            do {
                let order = try await orders.order(id: quote.orderId)
                lookup = nil
                guard let cancelledAt = order.cancelledAt else { continue }
                var cancellation = quote
                cancellation.confirmedAt = cancelledAt
                let after = booking.record.map { follow(order, record: $0) } ?? Booking(order: order)
                return .cancelled(CancellationDone(cancellation: cancellation, booking: after), recovered: true)
            } catch {
                lookup = error
            }
        }
        if let lookup { return .unknown(lost, lookup: lookup) }
        return .notCancelled(lost)
    }

    // MARK: Keeping the store in step

    func follow(_ order: Order, record: BookingRecord) -> Booking {
        let updated = record.updated(from: order, at: clock())
        var booking = Booking(record: updated, order: order)
        if Self.differs(updated, from: record) {
            booking.storeProblem = save(updated)
        } else {
            booking.record = record
        }
        return booking
    }

    /// Whether the record changed in anything but its update time: unchanged records are not written again.
    private static func differs(_ updated: BookingRecord, from record: BookingRecord) -> Bool {
        var same = updated
        same.updatedAt = record.updatedAt
        return same != record
    }

    private func save(_ record: BookingRecord) -> BookingStoreError? {
        do {
            try bookings.save(record)
            return nil
        } catch {
            return error
        }
    }
}
