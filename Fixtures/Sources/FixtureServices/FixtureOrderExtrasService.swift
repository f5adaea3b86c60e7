public import Entities
import Foundation
public import Services
import Synchronization

/// Services after booking with no network, on the orders a ``FixtureOrderService`` keeps. An order can add the
/// recorded offer's extra bag (`offer.json`, on the order's own segments), or what a test sets with
/// ``setAvailableServices(_:for:)``. Adding services is paid like Duffel's: a paid order pays their total now, a held
/// order pays nothing now and its total grows. The order then lists them. Every addition is kept for assertions.
public final class FixtureOrderExtrasService: OrderExtrasService {
    private let orders: FixtureOrderService
    private let state = Mutex<State>(State())

    private struct State {
        var available: [String: [AvailableService]] = [:]
        var additions: [(orderID: String, addition: ServicesAddition)] = []
        var replies: [ServiceError] = []
        var lostAnswers: [ServiceError] = []
    }

    /// Creates the service over the orders `orders` keeps.
    public init(orders: FixtureOrderService) {
        self.orders = orders
    }

    /// Every addition sent, in order (the refused ones too).
    public var additions: [(orderID: String, addition: ServicesAddition)] { state.withLock { $0.additions } }

    /// What order `orderID` can add from now on, instead of the recorded offer's bag.
    public func setAvailableServices(_ services: [AvailableService], for orderID: String) {
        state.withLock { $0.available[orderID] = services }
    }

    /// Makes the next calls fail with `errors`, in order, adding nothing.
    public func failCalls(with errors: ServiceError...) {
        state.withLock { $0.replies += errors }
    }

    /// Makes the next additions go through, then fail with `errors`, in order: the answer was lost on the way.
    public func loseAdditionAnswers(_ errors: ServiceError...) {
        state.withLock { $0.lostAnswers += errors }
    }

    public func availableServices(orderID: String) async throws(ServiceError) -> [AvailableService] {
        try takeFailure()
        guard let order = orders.orders.first(where: { $0.id == orderID }) else { throw FixtureFile.errorNotFound.error }
        return try available(to: order)
    }

    public func addServices(orderID: String, _ addition: ServicesAddition) async throws(ServiceError) -> Order {
        state.withLock { $0.additions.append((orderID, addition)) }
        try takeFailure()
        guard let order = orders.orders.first(where: { $0.id == orderID }) else { throw FixtureFile.errorNotFound.error }
        guard order.cancelledAt == nil, !addition.addServices.isEmpty else { throw FixtureFile.errorInvalidState.error }
        let offered = Dictionary(try available(to: order).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var added: [BookedService] = []
        for selection in addition.addServices {
            guard let service = offered[selection.id], (1...max(service.maximumQuantity, 1)).contains(selection.quantity)
            else { throw FixtureFile.errorValidation.error }
            added.append(BookedService(
                id: "ser_0000fixture\(order.services.count + added.count + 1)", type: service.type,
                quantity: selection.quantity, passengerIds: service.passengerIds, segmentIds: service.segmentIds,
                totalAmount: service.totalAmount.multiplied(by: selection.quantity), metadata: service.metadata))
        }
        let currency = order.totalAmount?.currency ?? added.first?.totalAmount?.currency ?? "GBP"
        let total = added.reduce(Money.zero(currency)) { sum, service in service.totalAmount.flatMap { sum.adding($0) } ?? sum }
        // Paid like Duffel's: a paid order pays the services now; a held one pays them with the order.
        if order.paymentStatus.awaitingPayment {
            guard addition.payment == nil else { throw FixtureFile.errorValidation.error }
        } else {
            guard addition.payment?.amount == total else { throw FixtureFile.errorValidation.error }
        }
        let kept = try orders.updateOrder(id: orderID) { (order: inout Order) -> Void in
            order.services += added
            order.totalAmount = order.totalAmount.flatMap { $0.adding(total) } ?? total
        }
        let lost = state.withLock { state -> ServiceError? in state.lostAnswers.isEmpty ? nil : state.lostAnswers.removeFirst() }
        if let lost { throw lost }
        guard let kept else { throw FixtureFile.errorNotFound.error }
        return kept
    }

    private func takeFailure() throws(ServiceError) {
        let failure = state.withLock { state -> ServiceError? in state.replies.isEmpty ? nil : state.replies.removeFirst() }
        if let failure { throw failure }
    }

    /// What `order` can add: a cancelled order nothing; otherwise what was set for it, or the recorded offer's extra
    /// bags on the order's own segments (the n-th segment of the offer is the n-th of the order), each as many times as
    /// it has not been bought yet.
    private func available(to order: Order) throws(ServiceError) -> [AvailableService] {
        guard order.cancelledAt == nil else { return [] }
        if let set = state.withLock({ $0.available[order.id] }) { return set }
        let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
        let segments = Dictionary(
            zip(offer.slices.flatMap(\.segments).map(\.id), order.slices.flatMap(\.segments).map(\.id)),
            uniquingKeysWith: { first, _ in first })
        let passengers = Set(order.passengers.map(\.id))
        return (offer.availableServices ?? []).compactMap { service in
            var mapped = service
            mapped.segmentIds = service.segmentIds.compactMap { segments[$0] }
            guard !mapped.segmentIds.isEmpty, mapped.passengerIds.allSatisfy(passengers.contains) else { return nil }
            let bought = order.services
                .filter { $0.type == mapped.type && $0.passengerIds == mapped.passengerIds && $0.segmentIds == mapped.segmentIds }
                .reduce(0) { $0 + $1.quantity }
            mapped.maximumQuantity = service.maximumQuantity - bought
            return mapped.maximumQuantity > 0 ? mapped : nil
        }
    }
}
