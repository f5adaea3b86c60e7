import Entities
import Foundation
import Services
import Testing

/// Duffel's own published payloads (`Fixtures/conformance/`), read through the decoder live answers go through.
/// Each check compares what was read with the raw JSON, so a reader that drops or garbles what it should keep fails.
@Suite("Duffel's published payloads decode")
struct ConformanceTests {
    @Test("the corpus covers every endpoint the app calls")
    func coverage() throws {
        let kinds = Set(try ConformanceCorpus.entries().map(\.kind))
        for kind in ["place_suggestions", "offer_request", "offer_list", "offer", "order", "order_list",
                     "order_cancellation", "error", "seat_maps", "order_change_request", "order_change_offer",
                     "order_change_offer_list", "order_change", "batch_offer_request"] {
            #expect(kinds.contains(kind), "no example of \(kind)")
        }
    }

    @Test("every file decodes and keeps what the app needs", arguments: try ConformanceCorpus.entries())
    func decodes(_ entry: ConformanceEntry) throws {
        let body = try entry.body()
        let raw = try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        let data = raw["data"]
        switch entry.kind {
        case "place_suggestions":
            let places = try decode(Page<Place>.self, entry, body).items
            let rawPlaces = data as? [[String: Any]] ?? []
            #expect(places.map(\.iataCode) == rawPlaces.compactMap { $0["iata_code"] as? String })
        case "offer_request":
            let request = try decode(DataEnvelope<OfferRequest>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            #expect(request.id == object["id"] as? String)
            #expect(request.passengers.map(\.id) == (object["passengers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            try expectOffers(request.offers, match: object["offers"] as? [[String: Any]] ?? [])
        case "offer_list":
            let page = try decode(Page<Offer>.self, entry, body)
            try expectOffers(page.items, match: data as? [[String: Any]] ?? [])
        case "offer":
            let offer = try decode(DataEnvelope<Offer>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            try expectOffers([offer], match: [object])
            let rawServices = object["available_services"] as? [[String: Any]]
            #expect(offer.availableServices?.map(\.id) == rawServices?.compactMap { $0["id"] as? String })
            #expect(offer.availableServices?.map(\.maximumQuantity) == rawServices?.map { $0["maximum_quantity"] as? Int ?? 1 })
        case "order":
            let order = try decode(DataEnvelope<Order>.self, entry, body).data
            try expectOrders([order], match: [try #require(data as? [String: Any])])
        case "order_list":
            let page = try decode(Page<Order>.self, entry, body)
            try expectOrders(page.items, match: data as? [[String: Any]] ?? [])
        case "order_cancellation":
            let cancellation = try decode(DataEnvelope<OrderCancellation>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            #expect(cancellation.id == object["id"] as? String)
            #expect(cancellation.orderId == (object["order_id"] as? String ?? ""))
            #expect(cancellation.refundAmount?.wireAmount == object["refund_amount"] as? String)
            #expect(cancellation.isConfirmed == (object["confirmed_at"] is String))
        case "order_cancellation_list":
            let page = try decode(Page<OrderCancellation>.self, entry, body)
            #expect(page.items.map(\.id) == (data as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
        case "payment":
            let payment = try decode(DataEnvelope<OrderPayment>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            #expect(payment.id == object["id"] as? String)
            #expect(payment.amount?.wireAmount == object["amount"] as? String)
        case "seat_maps":
            let maps = try decode(Page<SeatMap>.self, entry, body).items
            let rawMaps = data as? [[String: Any]] ?? []
            #expect(maps.map(\.segmentId) == rawMaps.compactMap { $0["segment_id"] as? String })
            for (map, object) in zip(maps, rawMaps) {
                let elements = (object["cabins"] as? [[String: Any]] ?? []).flatMap { cabin in
                    (cabin["rows"] as? [[String: Any]] ?? []).flatMap { row in
                        (row["sections"] as? [[String: Any]] ?? []).flatMap { $0["elements"] as? [[String: Any]] ?? [] }
                    }
                }
                let rawSeats = elements.filter { $0["type"] as? String == "seat" }
                #expect(map.seats.map(\.designator) == rawSeats.map { $0["designator"] as? String })
                #expect(map.seats.map(\.availableServices.count) == rawSeats.map { ($0["available_services"] as? [Any])?.count ?? 0 })
                let rawPrices = rawSeats.flatMap { $0["available_services"] as? [[String: Any]] ?? [] }
                #expect(map.seats.flatMap(\.availableServices).map(\.totalAmount.amount)
                    == rawPrices.compactMap { ($0["total_amount"] as? String).flatMap { Decimal(string: $0) } })
            }
        case "error":
            let status = try #require(entry.status, "an error example needs its status")
            guard case .api(let error, _) = DuffelResponseDecoder.errorFor(status: status, body: body, rateLimit: nil) else {
                Issue.record("\(entry.file) did not read as an API error")
                return
            }
            let details = raw["errors"] as? [[String: Any]] ?? []
            #expect(error.status == status)
            #expect(error.errors.map(\.type.rawValue) == details.map { $0["type"] as? String ?? "unknown_error" })
            #expect(error.errors.map(\.code?.rawValue) == details.map { $0["code"] as? String })
            #expect(!(error.primary?.message.isEmpty ?? true))
        case "batch_offer_request":
            let batch = try decode(DataEnvelope<BatchOfferRequest>.self, entry, body).data
            let object = try #require(data as? [String: Any])
            #expect(batch.id == object["id"] as? String)
            #expect(batch.totalBatches == object["total_batches"] as? Int)
            #expect(batch.remainingBatches == object["remaining_batches"] as? Int)
            try expectOffers(batch.offers, match: object["offers"] as? [[String: Any]] ?? [])
        case "order_change_request", "order_change_offer", "order_change_offer_list", "order_change":
            try expectOrderChanges(entry, body: body, data: data)
        default:
            // Examples of endpoints the app does not call yet (airlines) are kept for the
            // day it does; they must at least be JSON.
            #expect(raw["data"] != nil || raw["errors"] != nil, "\(entry.file) is neither data nor errors")
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ entry: ConformanceEntry, _ body: Data) throws -> T {
        do {
            return try DuffelResponseDecoder.decode(type, status: entry.status ?? 200, body: body)
        } catch {
            Issue.record("\(entry.file): \(error.message)")
            throw error
        }
    }

    /// Every published offer that has what an offer needs (an id, a total and its slices: Duffel's offer requests
    /// also list offers without slices, which cannot be shown or booked) is read, with its id, its total and currency,
    /// and each segment's places and times.
    private func expectOffers(_ offers: [Offer], match published: [[String: Any]]) throws {
        let raw = published.filter { !(($0["slices"] as? [Any]) ?? []).isEmpty }
        #expect(offers.map(\.id) == raw.compactMap { $0["id"] as? String })
        for (offer, object) in zip(offers, raw) {
            #expect(offer.totalAmount.wireAmount == Money(object["total_amount"] as? String ?? "", currency: "GBP")?.wireAmount)
            #expect(offer.totalAmount.currency == (object["total_currency"] as? String)?.uppercased())
            try expectSlices(offer.slices, match: object["slices"] as? [[String: Any]] ?? [])
        }
    }

    /// Every published order is read, with its id, booking reference and total.
    private func expectOrders(_ orders: [Order], match raw: [[String: Any]]) throws {
        #expect(orders.map(\.id) == raw.compactMap { $0["id"] as? String })
        #expect(orders.map(\.bookingReference) == raw.compactMap { $0["booking_reference"] as? String })
        for (order, object) in zip(orders, raw) {
            #expect(order.totalAmount?.currency == (object["total_currency"] as? String)?.uppercased())
            #expect(order.services.map(\.id) == (object["services"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            #expect(order.services.map(\.metadata?.designator) == (object["services"] as? [[String: Any]] ?? [])
                .map { ($0["metadata"] as? [String: Any])?["designator"] as? String })
            #expect(order.passengers.map(\.id) == (object["passengers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            try expectSlices(order.slices, match: object["slices"] as? [[String: Any]] ?? [])
        }
    }

    private func expectSlices(_ slices: [Slice], match raw: [[String: Any]]) throws {
        #expect(slices.count == raw.count)
        for (slice, object) in zip(slices, raw) {
            let segments = object["segments"] as? [[String: Any]] ?? []
            #expect(slice.segments.count == segments.count)
            for (segment, rawSegment) in zip(slice.segments, segments) {
                #expect(segment.origin.iataCode == (rawSegment["origin"] as? [String: Any])?["iata_code"] as? String)
                #expect(segment.destination.iataCode == (rawSegment["destination"] as? [String: Any])?["iata_code"] as? String)
                #expect(segment.departingAt.description.prefix(16) == (rawSegment["departing_at"] as? String)?.prefix(16))
                #expect(segment.arrivingAt.description.prefix(16) == (rawSegment["arriving_at"] as? String)?.prefix(16))
                if let duration = rawSegment["duration"] as? String, let parsed = ISODuration(duration) {
                    #expect(segment.duration == parsed)
                }
            }
        }
    }
}
