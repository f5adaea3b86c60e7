import Entities
import Foundation
import GRDB

/// What confirming an order change came to.
enum ChangeConfirmation: Sendable {
    /// Confirmed now: the change, and the order as it now stands.
    case confirmed(OrderChange, Order)
    /// No such change (or its order is gone).
    case missing
    /// Confirmed before; the order was not touched again.
    case alreadyConfirmed(OrderChange)
    /// The order was cancelled in the meantime.
    case orderCancelled
    /// The order no longer has a slice the change takes out: another change moved it first.
    case slicesGone
}

/// Order change requests, their offers and order changes, beside the orders they change.
extension SandboxStore {
    static func registerOrderChangeTables(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("order changes") { db in
            try db.execute(sql: """
                CREATE TABLE order_change_requests (
                    id TEXT PRIMARY KEY NOT NULL,
                    order_id TEXT NOT NULL REFERENCES orders(id),
                    body TEXT NOT NULL
                );
                CREATE TABLE order_change_offers (
                    id TEXT PRIMARY KEY NOT NULL,
                    request_id TEXT NOT NULL REFERENCES order_change_requests(id),
                    position INTEGER NOT NULL,
                    body TEXT NOT NULL
                );
                CREATE TABLE order_changes (
                    id TEXT PRIMARY KEY NOT NULL,
                    order_id TEXT NOT NULL REFERENCES orders(id),
                    body TEXT NOT NULL
                );
                """)
        }
    }

    /// Keeps a change request and its offers, in their order.
    func insertChangeRequest(_ request: OrderChangeRequest) async throws(StoreError) {
        var bare = request
        bare.orderChangeOffers = []
        let body = try SandboxStore.encode(bare)
        var offers: [(String, String)] = []
        for offer in request.orderChangeOffers { offers.append((offer.id, try SandboxStore.encode(offer))) }
        let rows = offers
        try await run { db in
            try db.execute(
                sql: "INSERT INTO order_change_requests (id, order_id, body) VALUES (?, ?, ?)",
                arguments: [request.id, request.orderId, body])
            for (position, offer) in rows.enumerated() {
                try db.execute(
                    sql: "INSERT INTO order_change_offers (id, request_id, position, body) VALUES (?, ?, ?, ?)",
                    arguments: [offer.0, request.id, position, offer.1])
            }
        } write: { true }
    }

    /// A change request with its offers.
    func changeRequest(id: String) async throws(StoreError) -> OrderChangeRequest? {
        let found: (String, [String])? = try await run { db in
            guard let body = try String.fetchOne(
                db, sql: "SELECT body FROM order_change_requests WHERE id = ?", arguments: [id]) else { return nil }
            let offers = try String.fetchAll(
                db, sql: "SELECT body FROM order_change_offers WHERE request_id = ? ORDER BY position", arguments: [id])
            return (body, offers)
        } write: { false }
        guard let found else { return nil }
        var request: OrderChangeRequest = try SandboxStore.decode(found.0)
        request.orderChangeOffers = []
        for offer in found.1 { request.orderChangeOffers.append(try SandboxStore.decode(offer)) }
        return request
    }

    func changeOffer(id: String) async throws(StoreError) -> OrderChangeOffer? {
        let body = try await run { db in
            try String.fetchOne(db, sql: "SELECT body FROM order_change_offers WHERE id = ?", arguments: [id])
        } write: { false }
        return try body.map(SandboxStore.decode)
    }

    /// A change offer and the order its request is for.
    func changeOfferWithOrder(id: String) async throws(StoreError) -> (OrderChangeOffer, String)? {
        let row: (String, String)? = try await run { db in
            try Row.fetchOne(db, sql: """
                SELECT offers.body AS body, requests.order_id AS order_id FROM order_change_offers AS offers
                JOIN order_change_requests AS requests ON requests.id = offers.request_id WHERE offers.id = ?
                """, arguments: [id]).map { row in
                (try row.decode(String.self, forColumn: "body"), try row.decode(String.self, forColumn: "order_id"))
            }
        } write: { false }
        guard let row else { return nil }
        return (try SandboxStore.decode(row.0), row.1)
    }

    /// Keeps a new order change, and notes it on the offer it was made from.
    func insertOrderChange(_ change: OrderChange, offerID: String) async throws(StoreError) {
        let body = try SandboxStore.encode(change)
        try await run { db in
            try db.execute(
                sql: "INSERT INTO order_changes (id, order_id, body) VALUES (?, ?, ?)",
                arguments: [change.id, change.orderId, body])
            if let offerBody = try String.fetchOne(
                db, sql: "SELECT body FROM order_change_offers WHERE id = ?", arguments: [offerID]) {
                var offer: OrderChangeOffer = try SandboxStore.decodeForDatabase(offerBody)
                offer.orderChangeId = change.id
                offer.updatedAt = change.createdAt
                try db.execute(
                    sql: "UPDATE order_change_offers SET body = ? WHERE id = ?",
                    arguments: [try SandboxStore.encodeForDatabase(offer), offerID])
            }
        } write: { true }
    }

    func orderChange(id: String) async throws(StoreError) -> OrderChange? {
        let body = try await run { db in
            try String.fetchOne(db, sql: "SELECT body FROM order_changes WHERE id = ?", arguments: [id])
        } write: { false }
        return try body.map(SandboxStore.decode)
    }

    /// Confirms a change and moves its order in one transaction: a confirmation sent twice, or two changes of one
    /// order confirmed at once from two processes, move the order once.
    func confirmOrderChange(
        id: String, at date: Date, update: @escaping @Sendable (Order, OrderChange) -> Order
    ) async throws(StoreError) -> ChangeConfirmation {
        try await run { db in
            guard let changeBody = try String.fetchOne(
                db, sql: "SELECT body FROM order_changes WHERE id = ?", arguments: [id]) else { return .missing }
            var change: OrderChange = try SandboxStore.decodeForDatabase(changeBody)
            if change.confirmedAt != nil { return .alreadyConfirmed(change) }
            guard let orderBody = try String.fetchOne(
                db, sql: "SELECT body FROM orders WHERE id = ?", arguments: [change.orderId]) else { return .missing }
            let order: Order = try SandboxStore.decodeForDatabase(orderBody)
            if order.cancelledAt != nil { return .orderCancelled }
            let held = Set(order.slices.map(\.id))
            guard change.slices.remove.allSatisfy({ held.contains($0.id) }) else { return .slicesGone }
            change.confirmedAt = date
            change.updatedAt = date
            let changed = update(order, change)
            try db.execute(
                sql: "UPDATE order_changes SET body = ? WHERE id = ?",
                arguments: [try SandboxStore.encodeForDatabase(change), id])
            try db.execute(
                sql: "UPDATE orders SET body = ? WHERE id = ?",
                arguments: [try SandboxStore.encodeForDatabase(changed), order.id])
            return .confirmed(change, changed)
        } write: { true }
    }
}
