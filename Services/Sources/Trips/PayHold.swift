public import Entities
public import Foundation
public import Services

/// Pays a held booking with the total agreed to. A `price_changed` reads the order again for its new total; a lost
/// answer reads it again to see whether it was paid, never paying twice.
public struct PayHold: Sendable {
    private let trip: TripServices

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.trip = trip
    }

    /// Pays `booking`'s held order with `amount`, the total the traveller agreed to, in the order's currency. When
    /// the order, as read, costs another total now, nothing is sent: ``PaymentOutcome/priceChanged(old:booking:)``
    /// with the total now; when its total is not known, nothing is sent either.
    public func pay(_ booking: Booking, amount: Money) async -> PaymentOutcome {
        guard let order = booking.order else { return .failed(.transport("The order could not be read.")) }
        guard let total = booking.shownOrder?.totalAmount else {
            return .failed(.malformedResponse("The total to pay for the booking is not known; read it again before paying."))
        }
        if !AgreedAmount.matches(amount.amount, total) { return .priceChanged(old: amount, booking: booking) }
        let agreed = Money(amount: amount.amount, currency: total.currency)
        // Shielded: once the payment is on its way, its answer is kept even if the caller goes away.
        return await Task { await self.send(booking, order: order, amount: agreed) }.value
    }

    private func send(_ booking: Booking, order: Order, amount: Money) async -> PaymentOutcome {
        let payment: OrderPayment
        do {
            payment = try await trip.orders.payOrder(OrderPaymentCreation(orderId: order.id, payment: Payment(amount: amount)))
        } catch {
            return await recover(booking, order: order, amount: amount, lost: error)
        }
        guard payment.isTaken else {
            return .failed(.transport("The payment was \(payment.status?.rawValue ?? "refused")\(payment.failureReason.map { ": \($0)" } ?? "")."))
        }
        // The API took the money: the order is paid whatever a later read of it says.
        var paid = (try? await trip.orders.order(id: order.id)) ?? order
        if paid.paymentStatus.awaitingPayment {
            paid.paymentStatus = PaymentStatus(awaitingPayment: false, paidAt: payment.createdAt ?? trip.now())
        }
        if paid.totalAmount == nil { paid.totalAmount = payment.amount ?? amount }
        return .paid(payment, trip.updated(booking, with: paid))
    }

    /// The payment failed or its answer was lost: the order, read again, says whether it was paid (a lost answer
    /// is read a few times, as the airline may still be taking it) or what its new price is.
    private func recover(_ booking: Booking, order: Order, amount: Money, lost error: ServiceError) async -> PaymentOutcome {
        var answered = false
        let trip = trip
        let resolution = await LostAnswer.resolve(
            delays: error.mayHaveTakenEffect ? trip.lookupDelays : [.zero]
        ) { () async throws(ServiceError) -> PaymentOutcome? in
            let read = try await trip.orders.order(id: order.id)
            answered = true
            if !read.paymentStatus.awaitingPayment, read.cancelledAt == nil {
                return .paid(nil, trip.updated(booking, with: read))
            }
            if error.has(.priceChanged), let total = read.totalAmount, total != amount {
                return .priceChanged(old: amount, booking: trip.updated(booking, with: read))
            }
            return nil
        }
        if case .found(let outcome) = resolution { return outcome }
        // Any read answered says the payment was not taken then; only when none was is it not known.
        return error.mayHaveTakenEffect && !answered ? .unknown(error) : .failed(error)
    }
}

extension Booking {
    /// Why the booking cannot be paid now, or `nil` when it is a hold awaiting payment within its deadline at `now`.
    public func paymentBlocker(at now: Date) -> PaymentBlocker? {
        if let otherBackend { return .otherBackend(otherBackend) }
        guard let order = shownOrder else { return .unreadable(refreshProblem) }
        if order.cancelledAt != nil { return .cancelled }
        guard order.paymentStatus.awaitingPayment else { return .notAwaitingPayment }
        if let deadline = order.paymentStatus.paymentRequiredBy, deadline <= now { return .lapsed(deadline) }
        return nil
    }
}

/// Why a booking cannot be paid now.
public enum PaymentBlocker: Sendable, Hashable, Codable {
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
public enum PaymentOutcome: Sendable, Hashable, Codable {
    /// Paid; the booking as it stands after it.
    case paid(OrderPayment?, Booking)
    /// The airline's price moved (or the total agreed is not the order's): nothing was paid; the booking with its
    /// total now, to confirm again.
    case priceChanged(old: Money, booking: Booking)
    /// Refused or failed; nothing was paid (as far as the order says).
    case failed(ServiceError)
    /// The answer was lost and the order could not be read again: it may or may not be paid.
    case unknown(ServiceError)
}
