import Entities
import Foundation
import Services

/// Why a booking cannot be paid now.
enum PaymentBlocker: Sendable, Hashable, Codable {
    /// It was made through another API than the one this run talks to.
    case otherBackend(String)
    /// Its order could not be read, so its price is not known.
    case unreadable(ServiceError?)
    /// It is cancelled.
    case cancelled
    /// It is paid (or was never a hold).
    case notAwaitingPayment
    /// The hold had to be paid by then; the airline no longer keeps it.
    case lapsed(Date)
}

/// How paying a held order ended.
enum PaymentOutcome: Sendable, Hashable, Codable {
    /// Paid; the booking as it stands after it.
    case paid(OrderPayment?, Booking)
    /// The airline's price moved: nothing was paid; the booking with its new total, to confirm again.
    case priceChanged(old: Money, booking: Booking)
    /// Refused or failed; nothing was paid (as far as the order says).
    case failed(ServiceError)
    /// The answer was lost and the order could not be read again: it may or may not be paid.
    case unknown(ServiceError)
}

extension FlightBookingsServices {
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
        let resolution = await LostAnswer.resolve(delays: delays ?? lookupDelays) { () async throws(ServiceError) -> Order? in
            let order = try await orders.order(id: quote.orderId)
            return order.cancelledAt == nil ? nil : order
        }
        switch resolution {
        case .found(let order):
            var cancellation = quote
            cancellation.confirmedAt = order.cancelledAt
            let after = booking.record.map { follow(order, record: $0) } ?? Booking(order: order)
            return .cancelled(CancellationDone(cancellation: cancellation, booking: after), recovered: true)
        case .notFound:
            return .notCancelled(lost)
        case .lookupFailed(let lookup):
            return .unknown(lost, lookup: lookup)
        }
    }

    /// Pays `booking`'s held order with `amount` (the total the traveller confirmed). A `price_changed` reads the
    /// order again for its new total; a lost answer reads it again to see whether it was paid, never paying twice.
    func pay(_ booking: Booking, amount: Money) async -> PaymentOutcome {
        // Shielded work: once the payment is on its way, its answer is kept even if the screen goes away.
        guard let order = booking.order else { return .failed(.transport("The order could not be read.")) }
        let payment: OrderPayment
        do {
            payment = try await orders.payOrder(OrderPaymentCreation(orderId: order.id, payment: Payment(amount: amount)))
        } catch {
            return await recoverPayment(of: booking, order: order, amount: amount, lost: error)
        }
        guard payment.isTaken else {
            return .failed(.transport("The payment was \(payment.status?.rawValue ?? "refused")\(payment.failureReason.map { ": \($0)" } ?? "")."))
        }
        // The API took the money: the order is paid whatever a later read of it says.
        var paid = (try? await orders.order(id: order.id)) ?? order
        if paid.paymentStatus.awaitingPayment {
            paid.paymentStatus = PaymentStatus(awaitingPayment: false, paidAt: payment.createdAt ?? now)
        }
        if paid.totalAmount == nil { paid.totalAmount = payment.amount ?? amount }
        return .paid(payment, updated(booking, with: paid))
    }

    /// The payment failed or its answer was lost: the order, read again, says whether it was paid (a lost answer
    /// is read a few times, as the airline may still be taking it) or what its new price is.
    private func recoverPayment(of booking: Booking, order: Order, amount: Money, lost error: ServiceError) async -> PaymentOutcome {
        var answered = false
        let resolution = await LostAnswer.resolve(
            delays: error.mayHaveTakenEffect ? lookupDelays : [.zero]
        ) { () async throws(ServiceError) -> PaymentOutcome? in
            let read = try await orders.order(id: order.id)
            answered = true
            if !read.paymentStatus.awaitingPayment, read.cancelledAt == nil {
                return .paid(nil, updated(booking, with: read))
            }
            if error.has(.priceChanged), let total = read.totalAmount, total != amount {
                return .priceChanged(old: amount, booking: updated(booking, with: read))
            }
            return nil
        }
        if case .found(let outcome) = resolution { return outcome }
        // Any read answered says the payment was not taken then; only when none was is it not known.
        return error.mayHaveTakenEffect && !answered ? .unknown(error) : .failed(error)
    }

    /// `booking` with `order`, its record (when it has one) following it.
    func updated(_ booking: Booking, with order: Order) -> Booking {
        guard let record = booking.record else { return Booking(order: order) }
        return follow(order, record: record)
    }
}
