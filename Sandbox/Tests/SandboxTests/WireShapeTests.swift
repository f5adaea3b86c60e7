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

    private func data(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try object(response)["data"] as? [String: Any])
    }

    private func missing(_ keys: [String], in object: [String: Any]?) -> [String] {
        keys.filter { object?[$0] == nil }
    }

    private func first(_ key: String, of object: [String: Any]?) -> [String: Any]? {
        (object?[key] as? [[String: Any]])?.first
    }

    private static let pageKeys = ["after", "before", "limit"]
    private static let placeKeys = [
        "id", "type", "name", "iata_code", "icao_code", "iata_country_code", "iata_city_code", "city_name", "latitude",
        "longitude", "time_zone", "city", "airports",
    ]

    @Test("offer requests, offers, slices, segments, places and airlines carry every listed key")
    func searchShapes() async throws {
        try await Harness.run { harness in
            let body = #"{"data": {"slices": [{"origin": "LHR", "destination": "JFK", "departure_date": "\#(harness.clock.date(daysAhead: 30))"}], "passengers": [{"type": "adult"}]}}"#
            let request = try data(try await harness.raw(.post, "/air/offer_requests?return_offers=true", body: body))
            #expect(missing(["id", "client_key", "cabin_class", "live_mode", "created_at", "airline_credit_ids"], in: request) == [])
            #expect((request["client_key"] as? String)?.isEmpty == false)
            let searched = first("slices", of: request)
            #expect(missing(["origin_type", "destination_type", "departure_date", "departure_time", "arrival_time"], in: searched) == [])
            #expect(missing(["age", "type", "id", "given_name", "family_name", "loyalty_programme_accounts"], in: first("passengers", of: request)) == [])

            let offer = try #require(first("offers", of: request))
            #expect(missing([
                "partial", "base_amount", "base_currency", "tax_amount", "tax_currency", "total_emissions_kg", "created_at",
                "updated_at", "expires_at", "live_mode", "available_services", "private_fares", "supported_loyalty_programmes",
                "passenger_identity_documents_required", "allowed_passenger_identity_document_types",
                "supported_passenger_identity_document_types",
            ], in: offer) == [])
            #expect(missing(["refund_before_departure", "change_before_departure"], in: offer["conditions"] as? [String: Any]) == [])
            #expect(missing(["requires_instant_payment", "payment_required_by", "price_guarantee_expires_at"],
                            in: offer["payment_requirements"] as? [String: Any]) == [])
            #expect(missing(["id", "name", "iata_code", "logo_symbol_url", "logo_lockup_url", "conditions_of_carriage_url"],
                            in: offer["owner"] as? [String: Any]) == [])

            let slice = try #require(first("slices", of: offer))
            #expect(missing(["id", "conditions", "fare_brand_name", "origin_type", "destination_type", "duration", "comparison_key"], in: slice) == [])
            #expect(missing([
                "change_before_departure", "refund_before_departure", "advance_seat_selection", "priority_boarding",
                "priority_check_in",
            ], in: slice["conditions"] as? [String: Any]) == [])
            let sliceOrigin = slice["origin"] as? [String: Any]
            #expect(missing(Self.placeKeys, in: sliceOrigin) == [])
            #expect(sliceOrigin?["icao_code"] as? String == "EGLL", "a slice's airport has its ICAO code, as its segment's has")
            let london = sliceOrigin?["city"] as? [String: Any]
            #expect(london?["id"] as? String == "cit_lon_gb" && london?["name"] as? String == "London")
            #expect(missing(["iata_code", "iata_country_code", "type"], in: london) == [])

            let segment = try #require(first("segments", of: slice))
            #expect(missing([
                "operating_carrier_flight_number", "distance", "stops", "aircraft", "origin_terminal", "destination_terminal",
                "duration",
            ], in: segment) == [])
            #expect(missing(Self.placeKeys, in: segment["origin"] as? [String: Any]) == [])
            #expect(missing(["id", "iata_code", "name"], in: segment["aircraft"] as? [String: Any]) == [])
            let seat = first("passengers", of: segment)
            #expect(missing(["cabin_class", "cabin_class_marketing_name", "passenger_id", "baggages", "cabin", "fare_basis_code"], in: seat) == [])
            #expect(missing(["name", "marketing_name", "amenities"], in: seat?["cabin"] as? [String: Any]) == [])

            let id = try #require(request["id"] as? String)
            let page = try object(try await harness.raw(.get, "/air/offers?offer_request_id=\(id)&limit=200"))
            let meta = try #require(page["meta"] as? [String: Any])
            #expect(missing(Self.pageKeys, in: meta) == [])
            #expect(meta["after"] is NSNull, "the last page names no next one")
            #expect(meta["before"] is NSNull)
        }
    }

    private static let serviceKeys = ["id", "type", "passenger_ids", "segment_ids", "total_amount", "total_currency", "metadata"]
    private static let bagMetadataKeys = ["type", "maximum_weight_kg", "maximum_length_cm", "maximum_height_cm", "maximum_depth_cm"]

    @Test("one offer: available_services is null unless asked for, then its bags with every listed key")
    func offerServices() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "JFK"), returnOffers: true).offers
            let id = try #require(offers.first?.id)
            let plain = try data(try await harness.raw(.get, "/air/offers/\(id)"))
            #expect(plain["available_services"] is NSNull)
            let asked = try data(try await harness.raw(.get, "/air/offers/\(id)?return_available_services=true"))
            let bag = try #require(first("available_services", of: asked))
            #expect(missing(Self.serviceKeys + ["maximum_quantity"], in: bag) == [])
            #expect(bag["type"] as? String == "baggage")
            #expect(missing(Self.bagMetadataKeys, in: bag["metadata"] as? [String: Any]) == [])
            #expect((bag["metadata"] as? [String: Any])?["maximum_weight_kg"] as? Int == 23)
        }
    }

    @Test("seat maps: a list with meta null; maps, cabins, rows, sections and elements with every listed key")
    func seatMapShapes() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "AMS"), returnOffers: true).offers
            let id = try #require(offers.first?.id)
            let body = try object(try await harness.raw(.get, "/air/seat_maps?offer_id=\(id)"))
            #expect(body["meta"] is NSNull)
            let map = try #require((body["data"] as? [[String: Any]])?.first)
            #expect(missing(["id", "slice_id", "segment_id", "cabins"], in: map) == [])
            let cabin = try #require(first("cabins", of: map))
            #expect(missing(["deck", "cabin_class", "aisles", "wings", "rows"], in: cabin) == [])
            #expect(missing(["first_row_index", "last_row_index"], in: cabin["wings"] as? [String: Any]) == [])
            let elements = (cabin["rows"] as? [[String: Any]] ?? [])
                .flatMap { $0["sections"] as? [[String: Any]] ?? [] }
                .flatMap { $0["elements"] as? [[String: Any]] ?? [] }
            let elementKeys = ["type", "designator", "name", "disclosures", "available_services"]
            #expect(elements.allSatisfy { missing(elementKeys, in: $0) == [] })
            let seat = try #require(elements.first { ($0["available_services"] as? [Any])?.isEmpty == false })
            #expect(missing(["id", "passenger_id", "total_amount", "total_currency"], in: first("available_services", of: seat)) == [])
            let galley = try #require(elements.first { $0["type"] as? String == "galley" })
            #expect(galley["available_services"] is NSNull && galley["designator"] is NSNull)
        }
    }

    @Test("a city search echoes the city with its airports, each with its metropolitan area")
    func citySearch() async throws {
        try await Harness.run { harness in
            let body = #"{"data": {"slices": [{"origin": "LON", "destination": "NYC", "departure_date": "\#(harness.clock.date(daysAhead: 30))"}], "passengers": [{"type": "adult"}]}}"#
            let request = try data(try await harness.raw(.post, "/air/offer_requests?return_offers=false", body: body))
            let searched = first("slices", of: request)
            #expect(searched?["origin_type"] as? String == "city")
            let city = searched?["origin"] as? [String: Any]
            #expect(missing(Self.placeKeys, in: city) == [])
            #expect(city?["city"] is NSNull)
            let airport = first("airports", of: city)
            #expect(missing(Self.placeKeys, in: airport) == [])
            #expect((airport?["city"] as? [String: Any])?["iata_code"] as? String == "LON")
        }
    }

    @Test("place suggestions are a page with every place key")
    func placeShapes() async throws {
        try await Harness.run { harness in
            let page = try object(try await harness.raw(.get, "/places/suggestions?query=heathrow"))
            #expect(missing(Self.pageKeys, in: page["meta"] as? [String: Any]) == [])
            let place = try #require((page["data"] as? [[String: Any]])?.first)
            #expect(missing(Self.placeKeys, in: place) == [])
            #expect(place["icao_code"] as? String == "EGLL")
        }
    }

    @Test("orders and their passengers and slices carry every listed key, and still decode as the app reads them")
    func orderShapes() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "JFK"), returnOffers: true).offers
            let offer = try #require(offers.first)
            let booked = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            let response = try await harness.raw(.get, "/air/orders/\(booked.id)")
            let order = try data(response)
            #expect(missing([
                "content", "metadata", "available_actions", "tax_amount", "tax_currency", "base_amount", "services", "users",
                "conditions", "documents", "synced_at", "cancelled_at", "live_mode", "owner",
            ], in: order) == [])
            #expect(missing(["awaiting_payment", "payment_required_by", "price_guarantee_expires_at", "paid_at"],
                            in: order["payment_status"] as? [String: Any]) == [])
            let slice = first("slices", of: order)
            #expect(slice?["changeable"] as? Bool == false)
            #expect(missing(["origin_type", "destination_type", "conditions", "duration"], in: slice) == [])
            let passenger = first("passengers", of: order)
            #expect(missing(["born_on", "gender", "title", "type", "infant_passenger_id", "loyalty_programme_accounts"], in: passenger) == [])
            #expect(missing(["type", "unique_identifier"], in: first("documents", of: order)) == [])
            let decoded = try DuffelJSON.decoder().decode(DataEnvelope<Order>.self, from: response.body).data
            #expect(decoded == booked)

            let withServices = try await harness.client.extrasService.offerWithServices(id: try #require(offers.dropFirst().first?.id))
            let bag = try #require(withServices.availableServices?.first)
            let traveller = try #require(bag.passengerIds.first)
            let seat = try #require(try await harness.client.extrasService.seatMaps(offerID: withServices.id).first?.seats
                .compactMap { $0.service(for: traveller) }.first)
            var creation = harness.instantOrder(withServices, departure: harness.clock.date(daysAhead: 30))
            creation.services = [SelectedService(id: bag.id), SelectedService(id: seat.id)]
            creation.payments = [Payment(amount: try #require(withServices.totalAmount.adding(bag.totalAmount)?.adding(seat.totalAmount)))]
            let servicesOrder = try await harness.orders.createOrder(creation)
            let services = try data(try await harness.raw(.get, "/air/orders/\(servicesOrder.id)"))["services"] as? [[String: Any]] ?? []
            #expect(services.count == 2)
            #expect(services.allSatisfy { missing(Self.serviceKeys + ["quantity"], in: $0) == [] })
            let bagMetadata = services.first { $0["type"] as? String == "baggage" }?["metadata"] as? [String: Any]
            #expect(missing(Self.bagMetadataKeys, in: bagMetadata) == [])
            let seatMetadata = services.first { $0["type"] as? String == "seat" }?["metadata"] as? [String: Any]
            #expect(missing(["designator", "name", "disclosures"], in: seatMetadata) == [])

            let list = try object(try await harness.raw(.get, "/air/orders?limit=1"))
            #expect(missing(Self.pageKeys, in: list["meta"] as? [String: Any]) == [])

            let quote = try data(try await harness.raw(.post, "/air/order_cancellations", body: #"{"data": {"order_id": "\#(booked.id)"}}"#))
            #expect(missing([
                "id", "order_id", "refund_amount", "refund_currency", "refund_to", "expires_at", "confirmed_at", "created_at",
                "live_mode", "airline_credits",
            ], in: quote) == [])
            #expect(quote["refund_to"] as? String == "balance")
        }
    }

    @Test("an unpaid hold's cancellation refunds to awaiting_payment, a value Duffel's clients accept")
    func heldCancellation() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("JFK", "EWR"), returnOffers: true).offers
            let offer = try #require(offers.first)
            let held = try await harness.orders.createOrder(OrderCreation(
                type: .hold, selectedOffers: [offer.id],
                passengers: harness.details(for: offer, departure: harness.clock.date(daysAhead: 30)), payments: []))
            let quote = try data(try await harness.raw(.post, "/air/order_cancellations", body: #"{"data": {"order_id": "\#(held.id)"}}"#))
            #expect(quote["refund_to"] as? String == "awaiting_payment")
            #expect(quote["refund_amount"] as? String == "0.00")
        }
    }
}
