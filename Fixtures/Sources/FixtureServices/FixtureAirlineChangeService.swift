public import Entities
public import Foundation
public import Services
import Synchronization

/// Airline-initiated changes with no network, made on the orders a ``FixtureOrderService`` keeps: a test moves a
/// booked flight (``scheduleChange(orderID:slice:movedBy:at:)``), and the order it then reads shows the change
/// waiting; accepting it gives the order the new flights. Scripted failures let a test lose an answer or refuse a call.
public final class FixtureAirlineChangeService: AirlineChangeService {
    private let orders: FixtureOrderService
    private let state = Mutex<State>(State())

    private struct State {
        var accepted: [String] = []
        var updates: [(id: String, action: AirlineChangeActionTaken)] = []
        var replies: [ServiceError] = []
        var lostAnswers: [ServiceError] = []
    }

    /// Creates the service over the orders `orders` keeps.
    public init(orders: FixtureOrderService) {
        self.orders = orders
    }

    /// Every change id sent to be accepted, in order (the refused ones too).
    public var accepted: [String] { state.withLock { $0.accepted } }
    /// Every update sent, in order (the refused ones too).
    public var updates: [(id: String, action: AirlineChangeActionTaken)] { state.withLock { $0.updates } }

    /// Makes the next accepts and updates fail with `errors`, in order, changing nothing.
    public func failActions(with errors: ServiceError...) {
        state.withLock { $0.replies += errors }
    }

    /// Makes the next accepts and updates take effect, then fail with `errors`, in order: the answer was lost.
    public func loseActionAnswers(_ errors: ServiceError...) {
        state.withLock { $0.lostAnswers += errors }
    }

    /// The airline moves the last flight of slice `slice` of kept order `orderID` by `hours` (later when positive):
    /// the order gets a change waiting for an answer, whose `removed` is the slice as it was and `added` the slice
    /// with the moved flight (a new slice id; its segments keep theirs). `nil` when there is no such order or slice.
    @discardableResult
    public func scheduleChange(orderID: String, slice: Int = 0, movedBy hours: Int, at date: Date = Date()) -> AirlineInitiatedChange? {
        var made: AirlineInitiatedChange?
        _ = try? orders.updateOrder(id: orderID) { (order: inout Order) -> Void in
            guard order.slices.indices.contains(slice) else { return }
            let removed = order.slices[slice]
            let change = AirlineInitiatedChange(
                id: "aic_0000fixture\(order.airlineInitiatedChanges.count + 1)_\(orderID)", orderId: orderID,
                availableActions: [.accept, .cancel, .change, .update],
                added: [Self.moving(removed, byHours: hours)], removed: [removed], createdAt: date, updatedAt: date)
            order.airlineInitiatedChanges.append(change)
            made = change
        }
        return made
    }

    public func airlineChanges(orderID: String) async throws(ServiceError) -> [AirlineInitiatedChange] {
        guard let order = orders.orders.first(where: { $0.id == orderID }) else { throw FixtureFile.errorNotFound.error }
        return order.airlineInitiatedChanges
    }

    public func airlineChanges() async throws(ServiceError) -> [AirlineInitiatedChange] {
        orders.orders.flatMap(\.airlineInitiatedChanges)
    }

    public func acceptAirlineChange(id: String) async throws(ServiceError) -> AirlineInitiatedChange {
        state.withLock { $0.accepted.append(id) }
        return try act(on: id, taking: .accepted, allowedBy: .accept)
    }

    public func updateAirlineChange(
        id: String, actionTaken: AirlineChangeActionTaken
    ) async throws(ServiceError) -> AirlineInitiatedChange {
        state.withLock { $0.updates.append((id, actionTaken)) }
        return try act(on: id, taking: actionTaken, allowedBy: .update)
    }

    /// Records `action` on change `id`; an accepted change gives its order the added slices. A change already
    /// answered, or one that does not offer `allowedBy`, is Duffel's `invalid_state_error`.
    private func act(
        on id: String, taking action: AirlineChangeActionTaken, allowedBy needed: AirlineChangeAction
    ) throws(ServiceError) -> AirlineInitiatedChange {
        let failure = state.withLock { state -> ServiceError? in state.replies.isEmpty ? nil : state.replies.removeFirst() }
        if let failure { throw failure }
        guard let order = orders.orders.first(where: { order in order.airlineInitiatedChanges.contains { $0.id == id } })
        else { throw FixtureFile.errorNotFound.error }
        let now = Date()
        var answered: AirlineInitiatedChange?
        _ = try orders.updateOrder(id: order.id) { (order: inout Order) throws(ServiceError) -> Void in
            guard let index = order.airlineInitiatedChanges.firstIndex(where: { $0.id == id }) else { return }
            var change = order.airlineInitiatedChanges[index]
            guard change.isPending, change.availableActions.contains(needed) else {
                throw FixtureFile.errorInvalidState.error
            }
            change.actionTaken = action
            change.actionTakenAt = now
            change.updatedAt = now
            change.availableActions = []
            if action == .accepted {
                for (old, new) in zip(change.removed, change.added) {
                    if let slice = order.slices.firstIndex(where: { $0.id == old.id }) { order.slices[slice] = new }
                }
            }
            order.airlineInitiatedChanges[index] = change
            answered = change
        }
        let lost = state.withLock { state -> ServiceError? in state.lostAnswers.isEmpty ? nil : state.lostAnswers.removeFirst() }
        if let lost { throw lost }
        guard let answered else { throw FixtureFile.errorNotFound.error }
        return answered
    }

    /// `slice` with its last flight moved by `hours`, at the same wall-clock offsets in its airports' time zones.
    static func moving(_ slice: Slice, byHours hours: Int) -> Slice {
        var moved = slice
        moved.id = slice.id + "_moved"
        guard var last = moved.segments.popLast() else { return moved }
        let shift = TimeInterval(hours * 3_600)
        last.departingAt = LocalDateTime(last.departingAt.instant(in: last.origin.zone).addingTimeInterval(shift), in: last.origin.zone)
        last.arrivingAt = LocalDateTime(last.arrivingAt.instant(in: last.destination.zone).addingTimeInterval(shift), in: last.destination.zone)
        moved.segments.append(last)
        if let duration = slice.duration, moved.segments.count > 1 {
            moved.duration = ISODuration(seconds: duration.seconds + hours * 3_600)
        }
        return moved
    }
}
