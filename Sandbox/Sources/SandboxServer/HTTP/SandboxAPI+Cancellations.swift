import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Cancellations

    func quoteCancellation(body: Data) async throws(APIFailure) -> APIReply {
        struct CancellationRequest: Decodable {
            var orderID: String
            enum CodingKeys: String, CodingKey { case orderID = "order_id" }
        }
        let request = try RequestBody.decode(CancellationRequest.self, from: body)
        let found: Order?
        do { found = try await store.order(id: request.orderID) } catch { throw .internalError(error.description) }
        guard let order = found else {
            throw .notFound("No order has the id \(request.orderID).", source: APIErrorSource(field: "order_id"))
        }
        guard order.cancelledAt == nil, order.availableActions?.contains(.cancel) == true else {
            throw .invalidState(.orderNotCancellable, title: "Order not cancellable", "Order \(order.id) is already cancelled.")
        }
        // The sandbox writes every order it keeps, always with its total.
        let total = order.totalAmount ?? .zero("GBP")
        let currency = total.currency
        var refund = Money.zero(currency)
        if !order.paymentStatus.awaitingPayment, let rule = order.conditions.refundBeforeDeparture, rule.allowed {
            let penalty = rule.penalty ?? .zero(currency)
            let remaining = total.subtracting(penalty) ?? total
            refund = remaining.amount > 0 ? remaining : .zero(currency)
        }
        let quotedAt = now()
        let cancellation = OrderCancellation(
            id: SandboxID.random("ore_"), orderId: order.id, refundAmount: refund,
            // Duffel's word for an unpaid order's refund: nothing was paid, nothing goes anywhere.
            refundTo: order.paymentStatus.awaitingPayment ? "awaiting_payment" : "balance",
            expiresAt: quotedAt.addingTimeInterval(30 * 60), confirmedAt: nil, createdAt: quotedAt, liveMode: false)
        do { try await store.insertCancellation(cancellation) } catch { throw .internalError(error.description) }
        return try .json(DataWire(CancellationWire(cancellation: cancellation)), status: 201)
    }

    func cancellation(id: String) async throws(APIFailure) -> APIReply {
        let found: OrderCancellation?
        do { found = try await store.cancellation(id: id) } catch { throw .internalError(error.description) }
        guard let found else { throw .notFound("No order cancellation has the id \(id).") }
        return try .json(DataWire(CancellationWire(cancellation: found)))
    }

    func confirmCancellation(id: String) async throws(APIFailure) -> APIReply {
        let confirmedAt = now()
        let quote: OrderCancellation?
        do { quote = try await store.cancellation(id: id) } catch { throw .internalError(error.description) }
        guard let quote else { throw .notFound("No order cancellation has the id \(id).") }
        if let expiry = quote.expiresAt, expiry <= confirmedAt, quote.confirmedAt == nil {
            throw .invalidState(
                .orderNotCancellable, title: "Quote expired",
                "The cancellation quote \(id) expired at \(DuffelJSON.formatTimestamp(expiry)); ask for a new quote.")
        }
        let confirmed: OrderCancellation
        do {
            (confirmed, _) = try await store.confirmCancellation(id: id, at: confirmedAt) { order in
                var cancelled = order
                cancelled.cancelledAt = confirmedAt
                cancelled.availableActions = []
                return cancelled
            }
        } catch .cancellationAlreadyConfirmed {
            throw .invalidState(.orderNotCancellable, title: "Already confirmed", "The cancellation \(id) was already confirmed.")
        } catch .orderAlreadyCancelled {
            throw .invalidState(.orderNotCancellable, title: "Order not cancellable", "The order of cancellation \(id) is already cancelled.")
        } catch .notFound {
            throw .notFound("No order cancellation has the id \(id).")
        } catch {
            throw .internalError(error.description)
        }
        return try .json(DataWire(CancellationWire(cancellation: confirmed)))
    }
}
