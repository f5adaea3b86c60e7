public import Entities
public import Foundation
public import Services

/// Cancels a booking: a quote first (what the airline would refund), then the cancellation confirmed at the refund
/// agreed to. A confirmation whose answer was lost is settled by reading the order again, never by confirming twice.
public struct CancelBooking: Sendable {
    private let trip: TripServices

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.trip = trip
    }

    /// Asks what cancelling order `orderID` would refund; nothing is cancelled.
    public func quote(orderID: String) async -> Result<OrderCancellation, ServiceError> {
        do {
            return .success(try await trip.orders.quoteCancellation(orderID: orderID))
        } catch {
            return .failure(error)
        }
    }

    /// Confirms `quote` for `booking` when its refund is `agreedRefund` (none counts as zero in the quote's
    /// currency); at another refund nothing is sent and the answer is ``CancellationOutcome/refundChanged(_:)``
    /// with the refund now. `nil` agrees to the quote as it is (a traveller who has just seen it).
    ///
    /// Then reads the order again so the local record follows it (cancelled). When the order cannot be read, the
    /// record is marked cancelled from the confirmation itself. A lost answer is resolved by reading the order (a few
    /// times: the airline may still be cancelling), never by confirming again.
    public func confirm(_ quote: OrderCancellation, of booking: Booking, agreedRefund: Decimal? = nil) async
        -> CancellationOutcome
    {
        if let agreedRefund, !AgreedAmount.matches(agreedRefund, quote.refundOrZero) {
            return .refundChanged(quote.refundOrZero)
        }
        // Shielded: once the confirmation is on its way, its answer is kept even if the caller goes away.
        return await Task { await self.send(quote, of: booking) }.value
    }

    private func send(_ quote: OrderCancellation, of booking: Booking) async -> CancellationOutcome {
        let confirmed: OrderCancellation
        do {
            confirmed = try await trip.orders.confirmCancellation(id: quote.id)
        } catch {
            // A state conflict may be about our own confirmation: made, then refused with a 429 that the client
            // waited out and sent again ("already confirmed"). The order, read again, says whether it is cancelled.
            if error.mayHaveTakenEffect { return await recover(quote, of: booking, lost: error) }
            if error.apiError?.has(.invalidState) == true {
                return await recover(quote, of: booking, lost: error, delays: [.zero])
            }
            return .notCancelled(error)
        }
        do {
            var order = try await trip.orders.order(id: confirmed.orderId.isEmpty ? quote.orderId : confirmed.orderId)
            // The confirmation is the API's word that the order is cancelled; a read that lags behind it does not
            // undo it.
            if order.cancelledAt == nil {
                order.cancelledAt = confirmed.confirmedAt ?? trip.now()
                order.availableActions = []
            }
            return .cancelled(CancellationDone(cancellation: confirmed, booking: trip.updated(booking, with: order)), recovered: false)
        } catch {
            var updated = booking
            updated.refreshProblem = error
            if var record = booking.record {
                record.state = .cancelled
                record.updatedAt = trip.now()
                updated.record = record
                updated.storeProblem = trip.save(record)
            }
            updated.order?.cancelledAt = confirmed.confirmedAt ?? trip.now()
            updated.order?.availableActions = []
            return .cancelled(CancellationDone(cancellation: confirmed, booking: updated), recovered: false)
        }
    }

    /// The confirmation's answer was lost, or said the cancellation was made already: the order, read again (after
    /// each of `delays`, the lost-answer waits by default), says whether it was cancelled.
    private func recover(
        _ quote: OrderCancellation, of booking: Booking, lost: ServiceError, delays: [Duration]? = nil
    ) async -> CancellationOutcome {
        let orders = trip.orders
        let resolution = await LostAnswer.resolve(delays: delays ?? trip.lookupDelays) { () async throws(ServiceError) -> Order? in
            let order = try await orders.order(id: quote.orderId)
            return order.cancelledAt == nil ? nil : order
        }
        switch resolution {
        case .found(let order):
            var cancellation = quote
            cancellation.confirmedAt = order.cancelledAt
            return .cancelled(CancellationDone(cancellation: cancellation, booking: trip.updated(booking, with: order)), recovered: true)
        case .notFound:
            return .notCancelled(lost)
        case .lookupFailed(let lookup):
            return .unknown(lost, lookup: lookup)
        }
    }
}

extension OrderCancellation {
    /// What the quote refunds: none is zero (in no currency: a quote without a refund names none; compare amounts).
    public var refundOrZero: Money { refundAmount ?? Money.zero("") }

    /// What comes back, or `nil` when nothing does: an airline that quotes £0.00 refunds nothing, and is worded so.
    public var refund: Money? {
        guard let amount = refundAmount, amount.amount > 0 else { return nil }
        return amount
    }

    /// Whether the quote has passed its expiry at `now`, so a new one is needed.
    public func hasExpired(at now: Date) -> Bool {
        expiresAt.map { $0 <= now } ?? false
    }
}

extension Booking {
    /// Why the booking cannot be cancelled now, or `nil` when it can.
    public var cancellationBlocker: CancellationBlocker? {
        if let otherBackend { return .otherBackend(otherBackend) }
        guard let order else {
            if let record, record.orderID == nil {
                return record.state == .failed ? .neverBooked : .neverConfirmed
            }
            return .unreadable(refreshProblem)
        }
        // The API has the last word: an order that offers `cancel` is asked for a quote even when it also says it
        // was cancelled (Duffel's own examples say both), and one that does not say what it allows is asked too.
        if order.canBeCancelled { return nil }
        if let cancelledAt = order.cancelledAt { return .alreadyCancelled(cancelledAt) }
        return .notAllowed(order.availableActions ?? [])
    }
}

/// Why a booking cannot be cancelled now.
public enum CancellationBlocker: Sendable, Hashable, Codable {
    /// It was made through another API than the one this run talks to.
    case otherBackend(String)
    /// The airline refused the order: nothing was booked.
    case neverBooked
    /// The flight service has no order for it (yet): nothing to cancel.
    case neverConfirmed
    /// Its order could not be read.
    case unreadable(ServiceError?)
    /// It is cancelled already.
    case alreadyCancelled(Date)
    /// The airline does not offer a cancellation now; these are what it offers.
    case notAllowed([OrderAction])
}

/// A confirmed cancellation and the booking as it stands after it.
public struct CancellationDone: Sendable, Hashable, Codable {
    /// The cancellation as confirmed.
    public var cancellation: OrderCancellation
    /// The booking after it.
    public var booking: Booking

    /// Creates a result.
    public init(cancellation: OrderCancellation, booking: Booking) {
        self.cancellation = cancellation
        self.booking = booking
    }
}

/// How confirming a cancellation ended.
public enum CancellationOutcome: Sendable, Hashable, Codable {
    /// Cancelled; `recovered` when the answer was lost and the order, read again, said so.
    case cancelled(CancellationDone, recovered: Bool)
    /// The quote refunds another amount than the one agreed: nothing was sent. The refund now.
    case refundChanged(Money)
    /// Refused, or the answer was lost and the order, read again, is not cancelled: nothing was cancelled.
    case notCancelled(ServiceError)
    /// The answer was lost and the order could not be read again: it may or may not be cancelled.
    case unknown(ServiceError, lookup: ServiceError)
}
