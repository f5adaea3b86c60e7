import CurlHTTP
import Entities
import Foundation
import Services
import Testing

/// What the sandbox sends has every field Duffel's reference lists for it (`null` where it has no value), as
/// Duffel's official clients expect; `scripts/check-python-client` drives Duffel's Python client through it all.
@Suite("Wire shapes as Duffel's clients read them")
struct WireShapeTests {
    private func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    private func missing(_ keys: [String], in object: [String: Any]?) -> [String] {
        keys.filter { object?[$0] == nil }
    }

    @Test("offer requests, offers, slices, segments, places and airlines carry every listed key")
    func searchShapes() async throws {
        try await Harness.run { harness in
            let body = #"{"data": {"slices": [{"origin": "LHR", "destination": "JFK", "departure_date": "\#(harness.clock.date(daysAhead: 30))"}], "passengers": [{"type": "adult"}]}}"#
            let created = try object(try await harness.raw(.post, "/air/offer_requests?return_offers=true", body: body))
            let request = try #require(created["data"] as? [String: Any])
            #expect(missing(["client_key", "cabin_class", "live_mode", "created_at"], in: request).isEmpty)
            let searched = try #require((request["slices"] as? [[String: Any]])?.first)
            #expect(missing(["origin_type", "destination_type", "departure_date"], in: searched).isEmpty)
            let passenger = try #require((request["passengers"] as? [[String: Any]])?.first)
            #expect(missing(["age", "type", "id"], in: passenger).isEmpty)

            let offer = try #require((request["offers"] as? [[String: Any]])?.first)
            #expect(missing([
                "partial", "base_amount", "base_currency", "tax_amount", "total_emissions_kg", "created_at", "updated_at",
                "expires_at", "allowed_passenger_identity_document_types", "conditions", "payment_requirements",
            ], in: offer).isEmpty)
            let owner = offer["owner"] as? [String: Any]
            #expect(missing(["id", "name", "iata_code", "logo_symbol_url"], in: owner).isEmpty)
            let slice = try #require((offer["slices"] as? [[String: Any]])?.first)
            #expect(missing(["conditions", "fare_brand_name", "origin_type", "destination_type"], in: slice).isEmpty)
            let segment = try #require((slice["segments"] as? [[String: Any]])?.first)
            #expect(missing(["operating_carrier_flight_number", "distance", "stops", "aircraft"], in: segment).isEmpty)
            let origin = segment["origin"] as? [String: Any]
            #expect(missing(["id", "latitude", "longitude", "time_zone", "iata_country_code"], in: origin).isEmpty)
            let seat = (segment["passengers"] as? [[String: Any]])?.first
            #expect(missing(["cabin_class_marketing_name", "passenger_id", "baggages"], in: seat).isEmpty)

            let id = try #require(request["id"] as? String)
            let page = try object(try await harness.raw(.get, "/air/offers?offer_request_id=\(id)&limit=200"))
            let meta = try #require(page["meta"] as? [String: Any])
            #expect(missing(["after", "before", "limit"], in: meta).isEmpty)
            #expect(meta["after"] is NSNull, "the last page names no next one")
        }
    }

    @Test("orders and their passengers and slices carry every listed key, and still decode as the app reads them")
    func orderShapes() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "JFK"), returnOffers: true).offers
            let offer = try #require(offers.first)
            let booked = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            let response = try await harness.raw(.get, "/air/orders/\(booked.id)")
            let order = try #require(try object(response)["data"] as? [String: Any])
            #expect(missing(["content", "metadata", "available_actions", "tax_amount", "services", "conditions"], in: order).isEmpty)
            let slice = (order["slices"] as? [[String: Any]])?.first
            #expect(slice?["changeable"] as? Bool == false)
            #expect(missing(["origin_type", "destination_type", "conditions"], in: slice).isEmpty)
            let passenger = (order["passengers"] as? [[String: Any]])?.first
            #expect(missing(["born_on", "gender", "title", "type"], in: passenger).isEmpty)
            let decoded = try DuffelJSON.decoder().decode(DataEnvelope<Order>.self, from: response.body).data
            #expect(decoded == booked)
        }
    }
}
