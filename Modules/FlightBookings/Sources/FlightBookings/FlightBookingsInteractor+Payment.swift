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

extension FlightBookingsInteractor {
    /// Why `booking` cannot be paid now, or `nil` when it is a hold awaiting payment within its deadline at `now`.
    /// Pure: the reducer asks it.
    static func paymentBlocker(_ booking: Booking, at now: Date) -> PaymentBlocker? {
        if let other = booking.otherBackend { return .otherBackend(other) }
        guard let order = booking.order else { return .unreadable(booking.refreshProblem) }
        if order.cancelledAt != nil { return .cancelled }
        guard order.paymentStatus.awaitingPayment else { return .notAwaitingPayment }
        if let deadline = order.paymentStatus.paymentRequiredBy, deadline <= now { return .lapsed(deadline) }
        return nil
    }

    /// Pays `booking`'s held order with `amount` (the total the traveller confirmed). A `price_changed` reads the
    /// order again for its new total; a lost answer reads it again to see whether it was paid, never paying twice.
    func pay(_ booking: Booking, amount: Money) async -> PaymentOutcome {
        // The presenter runs this shielded: once the payment is on its way, its answer is kept even if the screen
        // goes away.
        guard let order = booking.order else { return .failed(.transport("The order could not be read.")) }
        let payment: OrderPayment
        do {
            payment = try await orders.payOrder(OrderPaymentCreation(orderId: order.id, payment: Payment(amount: amount)))
        } catch {
            let reread = try? await orders.order(id: order.id)
            if let reread, !reread.paymentStatus.awaitingPayment, reread.cancelledAt == nil {
                return .paid(nil, updated(booking, with: reread))
            }
            if error.has(.priceChanged), let reread, let total = reread.totalAmount, total != amount {
                return .priceChanged(old: amount, booking: updated(booking, with: reread))
            }
            if Self.mayHavePaid(error), reread == nil { return .unknown(error) }
            return .failed(error)
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

    /// Whether a failed payment may still have been taken: anything but a refusal from the API (a 4xx).
    static func mayHavePaid(_ error: ServiceError) -> Bool {
        switch error {
        case .api(let apiError, _): apiError.status >= 500
        case .unexpectedStatus(let code, _): code >= 500
        case .timedOut, .cannotConnect, .insecureConnection, .transport, .malformedResponse, .responseTooLarge, .cancelled:
            true
        }
    }

    private func updated(_ booking: Booking, with order: Order) -> Booking {
        guard let record = booking.record else { return Booking(order: order) }
        return follow(order, record: record)
    }
}
