import Entities
import Foundation
import Services
import Testing

/// Duffel's published order change requests, change offers and order changes, read as live answers are.
extension ConformanceTests {
    func expectOrderChanges(_ entry: ConformanceEntry, body: Data, data: Any?) throws {
        switch entry.kind {
        case "order_change_request":
            let request = try decodeChange(DataEnvelope<OrderChangeRequest>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            #expect(request.id == object["id"] as? String)
            #expect(request.orderId == (object["order_id"] as? String ?? ""))
            let slices = object["slices"] as? [String: Any] ?? [:]
            let added = slices["add"] as? [[String: Any]] ?? []
            // A code, or (in the javascript example) a whole place.
            #expect(request.slices.add.map(\.origin)
                == added.compactMap { $0["origin"] as? String ?? ($0["origin"] as? [String: Any])?["iata_code"] as? String })
            #expect(request.slices.add.map(\.departureDate.description) == added.compactMap { $0["departure_date"] as? String })
            #expect(request.slices.remove.map(\.sliceId)
                == (slices["remove"] as? [[String: Any]] ?? []).compactMap { $0["slice_id"] as? String })
            try expectChangeOffers(request.orderChangeOffers, match: object["order_change_offers"] as? [[String: Any]] ?? [])
        case "order_change_offer":
            let offer = try decodeChange(DataEnvelope<OrderChangeOffer>.self, entry, body).data
            try expectChangeOffers([offer], match: [try #require(data as? [String: Any])])
        case "order_change_offer_list":
            let page = try decodeChange(Page<OrderChangeOffer>.self, entry, body)
            try expectChangeOffers(page.items, match: data as? [[String: Any]] ?? [])
        default:
            let change = try decodeChange(DataEnvelope<OrderChange>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            #expect(change.id == object["id"] as? String)
            #expect(change.orderId == (object["order_id"] as? String ?? ""))
            #expect(change.changeTotalAmount?.amount == decimal(object["change_total_amount"]))
            #expect(change.newTotalAmount?.amount == decimal(object["new_total_amount"]))
            #expect(change.penaltyTotalAmount?.amount == decimal(object["penalty_total_amount"]))
            #expect(change.isConfirmed == (object["confirmed_at"] is String))
            #expect(change.refundTo == object["refund_to"] as? String)
            try expectChangeSlices(change.slices, match: object["slices"] as? [String: Any] ?? [:])
        }
    }

    /// Every published change offer is read, with its id, its change and new totals, its penalty (under either of
    /// Duffel's names) and the flights it adds and removes.
    private func expectChangeOffers(_ offers: [OrderChangeOffer], match raw: [[String: Any]]) throws {
        #expect(offers.map(\.id) == raw.compactMap { $0["id"] as? String })
        for (offer, object) in zip(offers, raw) {
            #expect(offer.changeTotalAmount.amount == decimal(object["change_total_amount"]))
            #expect(offer.changeTotalAmount.currency == (object["change_total_currency"] as? String)?.uppercased())
            #expect(offer.newTotalAmount?.amount == decimal(object["new_total_amount"]))
            #expect(offer.penaltyTotalAmount?.amount
                == decimal(object["penalty_total_amount"]) ?? decimal(object["penalty_amount"]))
            #expect(offer.orderChangeId == object["order_change_id"] as? String)
            #expect(offer.expiresAt != nil)
            try expectChangeSlices(offer.slices, match: object["slices"] as? [String: Any] ?? [:])
        }
    }

    private func expectChangeSlices(_ slices: OrderChangeSlices, match raw: [String: Any]) throws {
        for (read, key) in [(slices.add, "add"), (slices.remove, "remove")] {
            let published = raw[key] as? [[String: Any]] ?? []
            #expect(read.map(\.id) == published.compactMap { $0["id"] as? String }, "slices.\(key)")
            #expect(read.map { $0.segments.count } == published.map { ($0["segments"] as? [Any])?.count ?? 0 })
            #expect(read.flatMap { $0.segments.map(\.origin.iataCode) }
                == published.flatMap { ($0["segments"] as? [[String: Any]] ?? []).compactMap { ($0["origin"] as? [String: Any])?["iata_code"] as? String } })
        }
    }

    private func decimal(_ value: Any?) -> Decimal? {
        (value as? String).flatMap { Money($0, currency: "GBP")?.amount }
    }

    private func decodeChange<T: Decodable>(_ type: T.Type, _ entry: ConformanceEntry, _ body: Data) throws -> T {
        do {
            return try DuffelResponseDecoder.decode(type, status: entry.status ?? 200, body: body)
        } catch {
            Issue.record("\(entry.file): \(error.message)")
            throw error
        }
    }
}
