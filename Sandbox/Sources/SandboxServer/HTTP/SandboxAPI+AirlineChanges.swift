import Entities
import Foundation

extension SandboxAPI {
    // MARK: - Airline-initiated changes

    /// How far the airline moves a flight in the schedule-change scenario.
    static let scheduleChangeHours = 3

    /// `GET /air/airline_initiated_changes?order_id=`: every change the airline made to the order, answered or not;
    /// without `order_id`, every change to any order, the newest orders' first, `limit` (1–200, 50 when not given)
    /// to a page and `after` the cursor of the next, as Duffel lists them.
    func airlineChanges(orderID: String?, limit: String? = nil, after: String? = nil) async throws(APIFailure) -> APIReply {
        guard let orderID else { return try await allAirlineChanges(limit: limit, after: after) }
        guard !orderID.isEmpty else {
            throw .invalidParameter("order_id", "Give the order's id (ord_…) as order_id, or leave order_id out to list every change.")
        }
        let order = try await storedOrder(orderID, source: APIErrorSource(parameter: "order_id"))
        return try .json(ListWire(order.airlineInitiatedChanges.map(AirlineChangeWire.init), meta: .init(limit: 50)))
    }

    /// Every order's changes, a page at a time.
    private func allAirlineChanges(limit: String?, after: String?) async throws(APIFailure) -> APIReply {
        let pageSize = try SandboxAPI.pageSize(limit)
        let scope = "airline_initiated_changes"
        var start = 0
        if let after {
            guard let offset = SandboxID.offset(fromCursor: after, scope: scope) else {
                throw .invalidParameter("after", "after must be the cursor of a previous page of this same listing.")
            }
            start = offset
        }
        var changes: [AirlineInitiatedChange] = []
        var before: Int?
        do {
            // Orders are read in pages until the one past this page's last change is known.
            repeat {
                let page = try await store.orders(bookingReference: nil, limit: 200, before: before)
                changes += page.orders.flatMap(\.airlineInitiatedChanges)
                before = page.nextBefore
            } while before != nil && changes.count <= start + pageSize
        } catch {
            throw .internalError(error.description)
        }
        let shown = changes.dropFirst(start).prefix(pageSize)
        let next = changes.count > start + pageSize ? SandboxID.cursor(offset: start + pageSize, scope: scope) : nil
        return try .json(ListWire(shown.map(AirlineChangeWire.init), meta: .init(limit: pageSize, after: next)))
    }

    /// `POST /air/airline_initiated_changes/{id}/actions/accept`: the order takes the added slices in place of the
    /// removed ones, and the change is `accepted`. Once only.
    func acceptAirlineChange(id: String) async throws(APIFailure) -> APIReply {
        try await answerAirlineChange(id: id, taking: .accepted, allowedBy: .accept)
    }

    /// `PATCH /air/airline_initiated_changes/{id}` with `{action_taken}`: records what was done with the airline
    /// directly. `accepted` gives the order the new flights too, as the airline's booking (which Duffel's order
    /// mirrors) then has them; `cancelled` and `changed` are recorded only (the order is cancelled or changed through
    /// its own endpoints).
    func updateAirlineChange(id: String, body: Data) async throws(APIFailure) -> APIReply {
        struct Update: Decodable {
            var actionTaken: String
            enum CodingKeys: String, CodingKey { case actionTaken = "action_taken" }
        }
        let update = try RequestBody.decode(Update.self, from: body)
        let action = AirlineChangeActionTaken(rawValue: update.actionTaken)
        guard [.accepted, .cancelled, .changed].contains(action) else {
            throw .validation(
                field: "action_taken", "action_taken must be accepted, cancelled or changed, not \"\(update.actionTaken)\".")
        }
        return try await answerAirlineChange(id: id, taking: action, allowedBy: .update)
    }

    /// Records `action` on change `id`, where the change offers `needed` and waits for an answer, in one transaction
    /// (two answers racing from two processes: one wins, the other is refused as answered).
    private func answerAirlineChange(
        id: String, taking action: AirlineChangeActionTaken, allowedBy needed: AirlineChangeAction
    ) async throws(APIFailure) -> APIReply {
        let answeredAt = now()
        guard let orderID = SandboxAPI.orderID(forChange: id) else {
            throw .notFound("No airline-initiated change has the id \(id).")
        }
        let order: Order
        do {
            order = try await storedOrder(orderID)
        } catch {
            throw error.status == 404 ? .notFound("No airline-initiated change has the id \(id).") : error
        }
        guard let change = order.airlineInitiatedChanges.first(where: { $0.id == id }) else {
            throw .notFound("No airline-initiated change has the id \(id).")
        }
        try SandboxAPI.checkAnswerable(change, of: order, needed: needed)
        let updated: Order?
        do {
            updated = try await store.updateOrder(id: orderID) { current in
                guard current.cancelledAt == nil,
                      let index = current.airlineInitiatedChanges.firstIndex(where: { $0.id == id }),
                      current.airlineInitiatedChanges[index].isPending else { return nil }
                return SandboxAPI.answering(index, of: current, with: action, at: answeredAt)
            }
        } catch {
            throw .internalError(error.description)
        }
        guard let answered = updated?.airlineInitiatedChanges.first(where: { $0.id == id }) else {
            // Answered or cancelled since it was read: refused as it would have been a moment later.
            let latest = try await storedOrder(orderID)
            if let change = latest.airlineInitiatedChanges.first(where: { $0.id == id }) {
                try SandboxAPI.checkAnswerable(change, of: latest, needed: needed)
            }
            throw .internalError("The airline-initiated change \(id) could not be answered.")
        }
        return try .json(DataWire(AirlineChangeWire(change: answered)))
    }

    /// Why `change` of `order` cannot be answered with `needed` now, thrown (422 `invalid_state_error`).
    private static func checkAnswerable(
        _ change: AirlineInitiatedChange, of order: Order, needed: AirlineChangeAction
    ) throws(APIFailure) {
        if let taken = change.actionTaken {
            let when = change.actionTakenAt.map { " at \(DuffelJSON.formatTimestamp($0))" } ?? ""
            throw .invalidState(
                APIErrorCode(rawValue: "airline_initiated_change_already_actioned"), title: "Change already answered",
                "The airline-initiated change \(change.id) was already answered (\(taken.rawValue)\(when)); it cannot be answered again.")
        }
        if order.cancelledAt != nil {
            throw .invalidState(
                APIErrorCode(rawValue: "order_cancelled"), title: "Order cancelled",
                "Order \(order.id) is cancelled; its airline-initiated change \(change.id) can no longer be answered.")
        }
        guard change.availableActions.contains(needed) else {
            throw .invalidState(
                APIErrorCode(rawValue: "action_not_available"), title: "Action not available",
                "The airline-initiated change \(change.id) does not offer \(needed.rawValue); it offers \(change.availableActions.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    /// `order` with its change at `index` answered with `action` at `date`; accepted, the order flies the added
    /// slices in place of the removed ones.
    static func answering(
        _ index: Int, of order: Order, with action: AirlineChangeActionTaken, at date: Date
    ) -> Order {
        var updated = order
        var change = order.airlineInitiatedChanges[index]
        change.actionTaken = action
        change.actionTakenAt = date
        change.updatedAt = date
        change.availableActions = []
        if action == .accepted {
            for (old, new) in zip(change.removed, change.added) {
                if let slice = updated.slices.firstIndex(where: { $0.id == old.id }) { updated.slices[slice] = new }
            }
        }
        updated.airlineInitiatedChanges[index] = change
        return updated
    }

    // MARK: - The schedule-change scenario

    /// The change the airline makes to an order booked in the schedule-change scenario, noticed as it is booked: the
    /// last flight of the slice on the scenario's route (else the first slice) leaves and lands
    /// ``scheduleChangeHours`` later. The added slice has a new id; its segments keep theirs, so the seats and bags
    /// booked on them stay theirs. The change offers every action Duffel lists, `update` included.
    static func scheduleChange(of order: Order, at date: Date) -> AirlineInitiatedChange? {
        let route = Scenario.airlineScheduleChange.route
        let index = order.slices.firstIndex {
            $0.origin.iataCode == route.origin && $0.destination.iataCode == route.destination
        } ?? 0
        guard order.slices.indices.contains(index) else { return nil }
        let removed = order.slices[index]
        var added = removed
        added.id = SandboxID.derived("sli_", order.id, removed.id, "schedule-change")
        guard var flight = added.segments.popLast() else { return nil }
        let shift = TimeInterval(scheduleChangeHours * 3_600)
        flight.departingAt = LocalDateTime(
            flight.departingAt.instant(in: flight.origin.zone).addingTimeInterval(shift), in: flight.origin.zone)
        flight.arrivingAt = LocalDateTime(
            flight.arrivingAt.instant(in: flight.destination.zone).addingTimeInterval(shift), in: flight.destination.zone)
        added.segments.append(flight)
        if let first = added.segments.first {
            let seconds = flight.arrivingAt.instant(in: flight.destination.zone)
                .timeIntervalSince(first.departingAt.instant(in: first.origin.zone))
            added.duration = ISODuration(seconds: Int(seconds))
        }
        return AirlineInitiatedChange(
            id: changeID(forOrder: order.id), orderId: order.id, availableActions: [.accept, .cancel, .change, .update],
            added: [added], removed: [removed], createdAt: date, updatedAt: date)
    }

    /// A change's id carries its order's (`aic_X` for `ord_X`): the sandbox makes at most one change per order, and
    /// finds the order of a change without an index of its own.
    static func changeID(forOrder orderID: String) -> String {
        "aic_" + orderID.dropFirst("ord_".count)
    }

    static func orderID(forChange changeID: String) -> String? {
        guard changeID.hasPrefix("aic_"), changeID.count > "aic_".count else { return nil }
        return "ord_" + changeID.dropFirst("aic_".count)
    }
}
