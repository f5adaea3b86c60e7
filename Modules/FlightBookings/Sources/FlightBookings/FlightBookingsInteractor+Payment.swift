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
        guard let order = booking.shownOrder else { return .unreadable(booking.refreshProblem) }
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
        let delays = error.mayHaveTakenEffect ? lookupDelays : [.zero]
        var reread: Order?
        for delay in delays {
            if delay > .zero { try? await Task.sleep(for: delay) }
            guard let read = try? await orders.order(id: order.id) else { continue }
            reread = read
            if !read.paymentStatus.awaitingPayment, read.cancelledAt == nil {
                return .paid(nil, updated(booking, with: read))
            }
            if error.has(.priceChanged), let total = read.totalAmount, total != amount {
                return .priceChanged(old: amount, booking: updated(booking, with: read))
            }
        }
        if error.mayHaveTakenEffect, reread == nil { return .unknown(error) }
        return .failed(error)
    }

    private func updated(_ booking: Booking, with order: Order) -> Booking {
        guard let record = booking.record else { return Booking(order: order) }
        return follow(order, record: record)
    }
}
