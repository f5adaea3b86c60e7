public import Entities
import Foundation
public import Services
import Synchronization

/// Order changes with no network, over a ``FixtureOrderService``'s kept orders: a change request answers two
/// offers per request (the removed slices' flights moved to the new date), one dearer (the fare difference plus
/// the penalty to pay) and one cheaper (money back); confirming one moves the kept order. Scripted replies make a
/// confirmation fail, or go through and lose its answer, as a server that changed the order would.
public final class FixtureOrderChangeService: OrderChangeService {
    private let orders: FixtureOrderService
    private let state = Mutex<State>(State())

    private struct State {
        var requests: [OrderChangeRequestCreation] = []
        var offers: [String: (offer: OrderChangeOffer, orderID: String)] = [:]
        var changes: [String: OrderChange] = [:]
        var payments: [Payment?] = []
        var confirmFailures: [ServiceError] = []
        var lostConfirmationAnswers: [ServiceError] = []
        var count = 0
    }

    /// What the dearer offer's new flights cost beyond the old ones.
    public static let fareDifference = Money(amount: 30, currency: "GBP")
    /// What the cheaper offer gives back on the fare.
    public static let fareSaving = Money(amount: 60, currency: "GBP")

    /// Changes over the orders `orders` keeps.
    public init(orders: FixtureOrderService) { self.orders = orders }

    /// Every change request sent, in order.
    public var requests: [OrderChangeRequestCreation] { state.withLock { $0.requests } }
    /// Every confirmation's payment, in order (including the ones that failed).
    public var payments: [Payment?] { state.withLock { $0.payments } }

    /// Makes the next confirmations fail with `errors`, in order, changing nothing.
    public func failConfirmations(with errors: ServiceError...) {
        state.withLock { $0.confirmFailures += errors }
    }

    /// Makes the next confirmations move the order, then fail with `errors`, in order: the answer was lost.
    public func loseConfirmationAnswers(_ errors: ServiceError...) {
        state.withLock { $0.lostConfirmationAnswers += errors }
    }

    public func createOrderChangeRequest(
        _ request: OrderChangeRequestCreation
    ) async throws(ServiceError) -> OrderChangeRequest {
        state.withLock { $0.requests.append(request) }
        let order = try await orders.order(id: request.orderId)
        guard order.conditions.changeBeforeDeparture?.allowed == true, !order.paymentStatus.awaitingPayment,
              order.cancelledAt == nil else { throw FixtureFile.errorInvalidState.error }
        let removed = order.slices.filter { slice in request.slices.remove.contains { $0.sliceId == slice.id } }
        guard !removed.isEmpty, let total = order.totalAmount else { throw FixtureFile.errorValidation.error }
        let currency = total.currency
        let penalty = order.conditions.changeBeforeDeparture?.penalty ?? .zero(currency)
        let now = Date()
        let number = state.withLock { state -> Int in
            state.count += 1
            return state.count
        }
        let added = zip(removed, request.slices.add).map { slice, search in
            FixtureOrderChangeService.moved(slice, to: search.departureDate, tag: "\(number)")
        }
        let offers = [FixtureOrderChangeService.fareDifference.amount, -FixtureOrderChangeService.fareSaving.amount]
            .enumerated().map { index, difference in
                let change = Money(amount: difference + penalty.amount, currency: currency)
                return OrderChangeOffer(
                    id: "oco_0000fixture\(number)_\(index + 1)", changeTotalAmount: change,
                    newTotalAmount: total.adding(change), penaltyTotalAmount: penalty,
                    expiresAt: now.addingTimeInterval(1_800), refundTo: "original_form_of_payment",
                    slices: OrderChangeSlices(add: added, remove: removed), conditions: order.conditions, createdAt: now,
                    updatedAt: now)
            }
        state.withLock { state in
            for offer in offers { state.offers[offer.id] = (offer, order.id) }
        }
        return OrderChangeRequest(
            id: "ocr_0000fixture\(number)", orderId: order.id, slices: request.slices, orderChangeOffers: offers,
            createdAt: now, updatedAt: now)
    }

    public func orderChangeOffers(requestID: String) async throws(ServiceError) -> [OrderChangeOffer] {
        let suffix = requestID.replacingOccurrences(of: "ocr_0000fixture", with: "")
        let offers = state.withLock { state in
            state.offers.values.map { $0.offer }.filter { $0.id.hasPrefix("oco_0000fixture\(suffix)_") }
        }
        guard !offers.isEmpty else { throw FixtureFile.errorNotFound.error }
        return offers.sorted { $0.id < $1.id }
    }

    public func orderChangeOffer(id: String) async throws(ServiceError) -> OrderChangeOffer {
        guard let offer = state.withLock({ $0.offers[id]?.offer }) else { throw FixtureFile.errorNotFound.error }
        return offer
    }

    public func createOrderChange(offerID: String) async throws(ServiceError) -> OrderChange {
        guard let found = state.withLock({ $0.offers[offerID] }) else { throw FixtureFile.errorNotFound.error }
        let (offer, orderID) = (found.offer, found.orderID)
        let now = Date()
        let change = OrderChange(
            id: offerID.replacingOccurrences(of: "oco_", with: "oce_"), orderId: orderID,
            changeTotalAmount: offer.changeTotalAmount, newTotalAmount: offer.newTotalAmount,
            penaltyTotalAmount: offer.penaltyTotalAmount, expiresAt: offer.expiresAt, confirmedAt: nil,
            refundTo: offer.isRefund ? "original_form_of_payment" : nil, slices: offer.slices, createdAt: now, updatedAt: now)
        state.withLock { $0.changes[change.id] = change }
        return change
    }

    /// Confirms a pending change paid with its change total (another amount, or a payment where nothing is due, is
    /// `price_changed`), moving the kept
    /// order to the new slices at the new total; a change confirmed before is `invalid_state`.
    public func confirmOrderChange(id: String, payment: Payment?) async throws(ServiceError) -> OrderChange {
        let (failure, pending) = state.withLock { state in
            state.payments.append(payment)
            return (state.confirmFailures.isEmpty ? nil : state.confirmFailures.removeFirst(), state.changes[id])
        }
        if let failure { throw failure }
        guard var change = pending else { throw FixtureFile.errorNotFound.error }
        guard !change.isConfirmed else { throw FixtureFile.errorInvalidState.error }
        // A change that costs something is paid with its total; one that costs nothing or gives money back takes
        // no payment, as Duffel says.
        let due = change.changeTotalAmount.flatMap { $0.amount > 0 ? $0 : nil }
        guard payment?.amount == due else { throw FixtureFile.errorPriceChanged.error }
        change.confirmedAt = Date()
        let confirmed = change
        orders.update(orderID: change.orderId) { order in
            let removed = Set(confirmed.slices.remove.map(\.id))
            order.slices = order.slices.filter { !removed.contains($0.id) } + confirmed.slices.add
            order.totalAmount = confirmed.newTotalAmount ?? order.totalAmount
        }
        let lost = state.withLock { state -> ServiceError? in
            state.changes[id] = confirmed
            return state.lostConfirmationAnswers.isEmpty ? nil : state.lostConfirmationAnswers.removeFirst()
        }
        if let lost { throw lost }
        return confirmed
    }

    public func orderChange(id: String) async throws(ServiceError) -> OrderChange {
        guard let change = state.withLock({ $0.changes[id] }) else { throw FixtureFile.errorNotFound.error }
        return change
    }

    /// `slice` flown on `date` instead: every segment moved by as many days, with new ids.
    static func moved(_ slice: Slice, to date: CalendarDate, tag: String) -> Slice {
        let shift = (slice.segments.first?.departingAt.date).map { $0.days(until: date) } ?? 0
        var moved = slice
        moved.id = "\(slice.id)_changed\(tag)"
        moved.segments = slice.segments.map { segment in
            var later = segment
            later.id = "\(segment.id)_changed\(tag)"
            later.departingAt = LocalDateTime(
                date: segment.departingAt.date.adding(days: shift), time: segment.departingAt.time,
                second: segment.departingAt.second)
            later.arrivingAt = LocalDateTime(
                date: segment.arrivingAt.date.adding(days: shift), time: segment.arrivingAt.time,
                second: segment.arrivingAt.second)
            return later
        }
        return moved
    }
}

extension FixtureOrderService {
    /// Changes a kept order in place, as a confirmed change does on the server.
    func update(orderID: String, _ change: (inout Order) -> Void) {
        state.withLock { state in
            guard let index = state.orders.firstIndex(where: { $0.id == orderID }) else { return }
            change(&state.orders[index])
        }
    }
}
