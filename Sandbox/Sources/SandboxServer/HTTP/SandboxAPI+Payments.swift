import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Paying for a held order

    /// How much a held order's fare rises once its price guarantee has passed, as the airline reprices it.
    static let repricingAfterGuarantee: Decimal = 1.05

    /// `POST /air/payments`: pays a held order with its current total. A payment of the price it had before its
    /// guarantee ran out is `price_changed`; a hold past its deadline, a cancelled or paid order cannot be paid.
    func createPayment(body: Data) async throws(APIFailure) -> APIReply {
        let creation = try RequestBody.decode(OrderPaymentCreation.self, from: body)
        let paidAt = now()
        let found: Order?
        do { found = try await store.order(id: creation.orderId) } catch { throw .internalError(error.description) }
        guard let stored = found else {
            throw .notFound("No order has the id \(creation.orderId).", source: APIErrorSource(field: "order_id"))
        }
        let order = repriced(stored, at: paidAt)
        try checkPayable(order, at: paidAt)
        let due = order.totalAmount ?? .zero("GBP")
        let payment = creation.payment
        guard ["balance", "arc_bsp_cash"].contains(payment.type) else {
            throw .validation(field: "payment.type", "The sandbox takes payments of type balance.")
        }
        guard payment.amount.currency == due.currency else {
            throw .validation(
                field: "payment.currency", "The order is priced in \(due.currency); pay in that currency, not \(payment.amount.currency).")
        }
        if payment.amount.amount != due.amount {
            if payment.amount.amount == stored.totalAmount?.amount {
                throw APIFailure(
                    status: 422, type: .airline, code: .priceChanged, title: "Price changed",
                    message: "The price of order \(order.id) changed from \(payment.amount.wireAmount) to \(due.wireAmount) \(due.currency) when its price guarantee ended. Fetch the order again and confirm the new total.")
            }
            throw APIFailure(
                status: 422, type: .validation, code: .invalidPaymentAmount, title: "Invalid payment amount",
                message: "The payment must equal the order's total of \(due.wireAmount) \(due.currency), not \(payment.amount.wireAmount).",
                source: APIErrorSource(field: "payment.amount", pointer: "/data/payment/amount"))
        }
        let paid: Order?
        do {
            paid = try await store.updateOrder(id: order.id) { current in
                // Checked again inside the transaction: two payments racing from two processes pay once.
                guard current.paymentStatus.awaitingPayment, current.cancelledAt == nil else { return nil }
                return SandboxAPI.markPaid(current, total: due, at: paidAt)
            }
        } catch {
            throw .internalError(error.description)
        }
        guard paid != nil else {
            throw .invalidState(APIErrorCode(rawValue: "already_paid"), title: "Already paid", "Order \(order.id) is already paid.")
        }
        let receipt = OrderPayment(
            id: SandboxID.random("pay_"), amount: due, type: payment.type, status: .succeeded, createdAt: paidAt)
        return try .json(DataEnvelope(receipt), status: 201)
    }

    /// Why `order` cannot be paid now, thrown; nothing when it can.
    private func checkPayable(_ order: Order, at date: Date) throws(APIFailure) {
        if order.cancelledAt != nil {
            throw .invalidState(APIErrorCode(rawValue: "order_cancelled"), title: "Order cancelled", "Order \(order.id) is cancelled.")
        }
        guard order.paymentStatus.awaitingPayment else {
            throw .invalidState(APIErrorCode(rawValue: "already_paid"), title: "Already paid", "Order \(order.id) is already paid.")
        }
        if let deadline = order.paymentStatus.paymentRequiredBy, deadline <= date {
            throw .invalidState(
                APIErrorCode(rawValue: "payment_deadline_passed"), title: "Hold lapsed",
                "The hold on order \(order.id) had to be paid by \(DuffelJSON.formatTimestamp(deadline)); it can no longer be paid.")
        }
    }

    /// A held order as it stands at `date`: past its price guarantee, at the airline's new fare.
    func repriced(_ order: Order, at date: Date) -> Order {
        guard order.paymentStatus.awaitingPayment, order.cancelledAt == nil,
              let guarantee = order.paymentStatus.priceGuaranteeExpiresAt, guarantee <= date,
              let total = order.totalAmount else { return order }
        var repriced = order
        repriced.totalAmount = Money(amount: total.amount * SandboxAPI.repricingAfterGuarantee, currency: total.currency).rounded
        repriced.paymentStatus.priceGuaranteeExpiresAt = nil
        return repriced
    }

    /// The order paid: no longer awaiting payment, ticketed, at the total paid.
    static func markPaid(_ order: Order, total: Money, at date: Date) -> Order {
        var paid = order
        paid.totalAmount = total
        paid.paymentStatus = PaymentStatus(awaitingPayment: false, paidAt: date)
        let prefix = ticketPrefix(order.owner.iataCode ?? "ZZ")
        paid.documents = order.passengers.enumerated().map { index, passenger in
            OrderDocument(
                type: "electronic_ticket", uniqueIdentifier: prefix + SandboxID.ticketDigits(order.id, passenger.id, index: index),
                passengerIds: [passenger.id])
        }
        return paid
    }
}
