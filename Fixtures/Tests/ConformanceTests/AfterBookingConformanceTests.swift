import Entities
import Foundation
import Services
import Testing

/// Duffel's published answers about what happens after a booking (the airline's changes, services added to an
/// order), read through the decoder live answers go through, as `DuffelAirlineChangeService` and
/// `DuffelOrderExtrasService` read them.
@Suite("Duffel's published after-booking payloads decode")
struct AfterBookingConformanceTests {
    static func entries(_ kinds: Set<String>) throws -> [ConformanceEntry] {
        try ConformanceCorpus.entries().filter { kinds.contains($0.kind) }
    }

    @Test("the corpus has the airline's changes and an order's available services")
    func coverage() throws {
        let kinds = Set(try ConformanceCorpus.entries().map(\.kind))
        for kind in ["airline_initiated_change", "airline_initiated_change_list", "order_available_services"] {
            #expect(kinds.contains(kind), "no example of \(kind)")
        }
    }

    @Test("a single change: its id, order, action and slices",
          arguments: try entries(["airline_initiated_change"]))
    func change(_ entry: ConformanceEntry) throws {
        let body = try entry.body()
        let change = try DuffelResponseDecoder.decode(
            DataEnvelope<AirlineInitiatedChange>.self, status: entry.status ?? 200, body: body).data
        let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        try expect(change, matches: try #require(raw["data"] as? [String: Any]))
    }

    @Test("an order's changes: every change listed",
          arguments: try entries(["airline_initiated_change_list"]))
    func changes(_ entry: ConformanceEntry) throws {
        let body = try entry.body()
        let changes = try DuffelResponseDecoder.decode(
            Page<AirlineInitiatedChange>.self, status: entry.status ?? 200, body: body).items
        let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let objects = try #require(raw["data"] as? [[String: Any]])
        #expect(changes.count == objects.count)
        for (change, object) in zip(changes, objects) { try expect(change, matches: object) }
    }

    @Test("an order's available services: each id, price and quantity",
          arguments: try entries(["order_available_services"]))
    func availableServices(_ entry: ConformanceEntry) throws {
        let body = try entry.body()
        let services = try DuffelResponseDecoder.decode(Page<AvailableService>.self, status: entry.status ?? 200, body: body).items
        let raw = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let objects = try #require(raw["data"] as? [[String: Any]])
        #expect(services.map(\.id) == objects.compactMap { $0["id"] as? String })
        #expect(services.map(\.totalAmount.amount) == objects.compactMap { ($0["total_amount"] as? String).flatMap { Decimal(string: $0) } })
        #expect(services.map(\.maximumQuantity) == objects.map { $0["maximum_quantity"] as? Int ?? 1 })
        #expect(services.map(\.type.rawValue) == objects.map { $0["type"] as? String ?? "unknown" })
    }

    /// The change's fields as published; its slices where they have the shape of an order's slices (segments with
    /// `departing_at`), none where they do not.
    private func expect(_ change: AirlineInitiatedChange, matches object: [String: Any]) throws {
        #expect(change.id == object["id"] as? String)
        #expect(change.orderId == object["order_id"] as? String)
        #expect(change.actionTaken?.rawValue == object["action_taken"] as? String)
        #expect((change.actionTakenAt != nil) == (object["action_taken_at"] is String))
        #expect(change.availableActions.map(\.rawValue) == object["available_actions"] as? [String])
        #expect(change.isPending == !(object["action_taken"] is String))
        for (slices, key) in [(change.added, "added"), (change.removed, "removed")] {
            let rawSlices = (object[key] as? [[String: Any]] ?? []).filter { slice in
                (slice["segments"] as? [[String: Any]] ?? []).allSatisfy { $0["departing_at"] is String }
            }
            #expect(slices.map(\.id) == rawSlices.compactMap { $0["id"] as? String }, "\(key)")
            for (slice, rawSlice) in zip(slices, rawSlices) {
                let segments = rawSlice["segments"] as? [[String: Any]] ?? []
                #expect(slice.segments.map(\.id) == segments.compactMap { $0["id"] as? String })
                #expect(slice.segments.map { String($0.departingAt.description.prefix(16)) }
                    == segments.compactMap { ($0["departing_at"] as? String).map { String($0.prefix(16)) } })
            }
        }
    }
}
