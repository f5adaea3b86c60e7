public import Entities
import Foundation
public import Services
import Synchronization

/// Orders with no network, from recorded files, keeping what was booked in memory so a test can book, look the
/// order up, list it and cancel it. Scripted replies let a test make a booking time out, or fail with any of
/// Duffel's errors, while the order is kept (as a server that booked but whose answer was lost would).
public final class FixtureOrderService: OrderService {
    let state = Mutex<State>(State())

    struct State {
        var created: [OrderCreation] = []
        var orders: [Order] = []
        var createReplies: [CreateReply] = []
        var quoteReplies: [FixtureReply] = []
        var confirmReplies: [FixtureReply] = []
        var paymentReplies: [ServiceError] = []
        var lostPaymentAnswers: [ServiceError] = []
        var lostConfirmationAnswers: [ServiceError] = []
        var payments: [OrderPaymentCreation] = []
        var cancellations: [String: OrderCancellation] = [:]
        var lookups: [OrderQuery] = []
        var readFailure: ServiceError?
    }

    /// How the next ``createOrder(_:)`` answers.
    public enum CreateReply: Sendable {
        /// Book it and answer with this file (an error file throws its error and books nothing).
        case file(FixtureFile)
        /// Book nothing and fail with this error.
        case failure(ServiceError)
        /// Book it, then fail with this error: the answer was lost on the way (a timeout at booking).
        case bookThenFail(ServiceError)
    }

    /// Creates the service.
    public init() {}

    /// Every order body sent, in order (including the ones that failed).
    public var created: [OrderCreation] { state.withLock { $0.created } }
    /// The orders booked and kept.
    public var orders: [Order] { state.withLock { $0.orders } }
    /// Every list query made, in order.
    public var lookups: [OrderQuery] { state.withLock { $0.lookups } }
    /// Every payment sent for a held order, in order (including the ones that failed).
    public var payments: [OrderPaymentCreation] { state.withLock { $0.payments } }

    /// Makes the next payments fail with `errors`, in order (a `price_changed`, a timeout), paying nothing.
    public func failPayments(with errors: ServiceError...) {
        state.withLock { $0.paymentReplies += errors }
    }

    /// Makes the next payments go through, then fail with `errors`, in order: the answer was lost on the way.
    public func losePaymentAnswers(_ errors: ServiceError...) {
        state.withLock { $0.lostPaymentAnswers += errors }
    }

    /// Makes the next cancellation confirmations cancel the order, then fail with `errors`, in order: the answer
    /// was lost on the way.
    public func loseConfirmationAnswers(_ errors: ServiceError...) {
        state.withLock { $0.lostConfirmationAnswers += errors }
    }

    /// Sets the total a kept order now costs (a held order repriced by the airline).
    public func reprice(orderID: String, to total: Money) {
        state.withLock { state in
            guard let index = state.orders.firstIndex(where: { $0.id == orderID }) else { return }
            state.orders[index].totalAmount = total
        }
    }

    /// Changes kept order `id` in place and answers it as changed; `nil` when there is no such order. For the services
    /// that change orders after booking (``FixtureOrderExtrasService``, ``FixtureAirlineChangeService``).
    func updateOrder(id: String, _ change: (inout Order) throws(ServiceError) -> Void) throws(ServiceError) -> Order? {
        try state.withLock { state throws(ServiceError) -> Order? in
            guard let index = state.orders.firstIndex(where: { $0.id == id }) else { return nil }
            try change(&state.orders[index])
            return state.orders[index]
        }
    }

    /// Answers the next bookings with `replies`, in order, before booking from `order.json`.
    public func replyCreates(with replies: CreateReply...) {
        state.withLock { $0.createReplies += replies }
    }

    /// Makes order reads (`order(id:)`, `orders(_:)`) fail with `error`, as when the network drops after a
    /// booking was sent; `nil` lets them through again.
    public func failReads(with error: ServiceError?) {
        state.withLock { $0.readFailure = error }
    }

    /// Answers the next cancellation quotes with `replies`, in order.
    public func replyQuotes(with replies: FixtureReply...) {
        state.withLock { $0.quoteReplies += replies }
    }

    /// Answers the next cancellation confirmations with `replies`, in order.
    public func replyConfirmations(with replies: FixtureReply...) {
        state.withLock { $0.confirmReplies += replies }
    }

    public func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order {
        let reply = state.withLock { state -> CreateReply in
            state.created.append(order)
            return state.createReplies.isEmpty ? .file(.order) : state.createReplies.removeFirst()
        }
        switch reply {
        case .failure(let error):
            throw error
        case .file(let file):
            return try book(order, from: file)
        case .bookThenFail(let error):
            _ = try book(order, from: .order)
            throw error
        }
    }

    private func book(_ creation: OrderCreation, from file: FixtureFile) throws(ServiceError) -> Order {
        var order = try file.decode(DataEnvelope<Order>.self).data
        let count = state.withLock { $0.orders.count }
        if count > 0 {
            // Every booking gets its own id and reference, as on the server.
            order.id = "\(order.id)_\(count + 1)"
            order.bookingReference = String(order.bookingReference.prefix(5)) + String(count % 10)
        }
        order.metadata = creation.metadata
        if creation.type == .hold {
            order.type = .hold
            order.paymentStatus.awaitingPayment = true
            order.paymentStatus.paidAt = nil
        }
        let kept = order
        state.withLock { $0.orders.append(kept) }
        return kept
    }

    public func order(id: String) async throws(ServiceError) -> Order {
        let (order, failure) = state.withLock { state in (state.orders.first { $0.id == id }, state.readFailure) }
        if let failure { throw failure }
        guard let order else { throw FixtureFile.errorNotFound.error }
        return order
    }

    public func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        let (orders, failure) = state.withLock { state in
            state.lookups.append(query)
            let matching = state.orders.reversed().filter {
                query.bookingReference == nil || $0.bookingReference == query.bookingReference
            }
            return (matching, state.readFailure)
        }
        if let failure { throw failure }
        return Page(items: Array(orders), limit: query.limit ?? 50)
    }

    public func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        let (reply, known) = state.withLock { state in
            (state.quoteReplies.isEmpty ? nil : state.quoteReplies.removeFirst(), state.orders.contains { $0.id == orderID })
        }
        if case .failure(let error)? = reply { throw error }
        guard known else { throw FixtureFile.errorNotFound.error }
        var file = FixtureFile.orderCancellationQuote
        if case .file(let recorded)? = reply { file = recorded }
        var quote = try file.decode(DataEnvelope<OrderCancellation>.self).data
        quote.orderId = orderID
        let kept = quote
        state.withLock { $0.cancellations[kept.id] = kept }
        return kept
    }

    /// Pays a kept held order when the amount is its total: it is then paid and ticketed. Another amount is
    /// Duffel's `price_changed` (422).
    public func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        let (failure, order) = state.withLock { state in
            state.payments.append(payment)
            let failure = state.paymentReplies.isEmpty ? nil : state.paymentReplies.removeFirst()
            return (failure, state.orders.first { $0.id == payment.orderId })
        }
        if let failure { throw failure }
        guard let order else { throw FixtureFile.errorNotFound.error }
        guard order.totalAmount == payment.payment.amount else { throw FixtureFile.errorPriceChanged.error }
        let paidAt = Date()
        let lost = state.withLock { state -> ServiceError? in
            state.lostPaymentAnswers.isEmpty ? nil : state.lostPaymentAnswers.removeFirst()
        }
        state.withLock { state in
            guard let index = state.orders.firstIndex(where: { $0.id == order.id }) else { return }
            state.orders[index].paymentStatus = PaymentStatus(awaitingPayment: false, paidAt: paidAt)
            state.orders[index].documents = order.passengers.enumerated().map { number, passenger in
                OrderDocument(
                    type: "electronic_ticket", uniqueIdentifier: "125000000000\(number + 1)", passengerIds: [passenger.id])
            }
        }
        if let lost { throw lost }
        return OrderPayment(
            id: "pay_0000fixture\(state.withLock { $0.payments.count })", amount: payment.payment.amount,
            status: .succeeded, createdAt: paidAt)
    }

    public func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        let (reply, quote) = state.withLock { state in
            (state.confirmReplies.isEmpty ? nil : state.confirmReplies.removeFirst(), state.cancellations[id])
        }
        if case .failure(let error)? = reply { throw error }
        guard let quote else { throw FixtureFile.errorNotFound.error }
        var file = FixtureFile.orderCancellationConfirmed
        if case .file(let recorded)? = reply { file = recorded }
        var confirmed = try file.decode(DataEnvelope<OrderCancellation>.self).data
        confirmed.id = quote.id
        confirmed.orderId = quote.orderId
        let cancelledAt = confirmed.confirmedAt ?? Date()
        let lost = state.withLock { state -> ServiceError? in
            if let index = state.orders.firstIndex(where: { $0.id == quote.orderId }) {
                state.orders[index].cancelledAt = cancelledAt
                state.orders[index].availableActions = []
            }
            return state.lostConfirmationAnswers.isEmpty ? nil : state.lostConfirmationAnswers.removeFirst()
        }
        if let lost { throw lost }
        return confirmed
    }
}
