import Entities
import Foundation
import Testing

/// Seat maps, available services and an order's services read tolerantly, and told in words.
@Suite("Seats and extras")
struct SeatsAndExtrasTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try DuffelJSON.decoder().decode(type, from: Data(json.utf8))
    }

    @Test("a seat map keeps what it can: an odd element, a service without a passenger or a bad row leaves the rest")
    func seatMapTolerance() throws {
        let map = try decode(SeatMap.self, """
        {"id": "sea_1", "segment_id": "seg_1", "slice_id": null, "cabins": [{"deck": "main", "cabin_class": "economy",
          "aisles": 1, "wings": {"first_row_index": 1, "last_row_index": "x"}, "rows": [
            {"sections": [{"elements": [
              {"type": "seat", "designator": "1A", "available_services": [
                {"id": "ase_1", "passenger_id": "pas_1", "total_amount": "12.00", "total_currency": "GBP"},
                {"id": "ase_2", "total_amount": "12.00", "total_currency": "GBP"}]},
              {"type": "hovercraft"},
              {"type": "seat", "designator": "1B", "available_services": null, "disclosures": ["No recline", 7]}]}]},
            "not a row",
            {"sections": [{"elements": [{"type": "seat", "designator": "2A", "available_services": []}]}]}]}]}
        """)
        #expect(map.segmentId == "seg_1")
        #expect(map.cabins[0].deck == 0)
        #expect(map.cabins[0].wings == nil)
        #expect(map.cabins[0].rows.count == 2)
        #expect(map.seats.map(\.designator) == ["1A", "1B", "2A"])
        #expect(map.cabins[0].rows[0].sections[0].elements[1].type == .init(rawValue: "hovercraft"))
        let seat = try #require(map.seat(" 1a "))
        #expect(seat.availableServices.map(\.id) == ["ase_1"])
        #expect(seat.service(for: "pas_1")?.totalAmount == Money(amount: 12, currency: "GBP"))
        #expect(seat.service(for: "pas_2") == nil)
        #expect(map.seat("1B")?.isTaken == true)
        #expect(map.seat("1B")?.disclosures == ["No recline"])
        #expect(map.cabins[0].rows[1].number == 2)
        #expect(seat.column == "A" && seat.rowNumber == 1)
    }

    @Test("a seat map without its segment cannot be read: it would describe no flight")
    func seatMapNeedsSegment() {
        #expect(throws: (any Error).self) { try decode(SeatMap.self, #"{"id": "sea_1", "cabins": []}"#) }
    }

    @Test("an offer's services: bags with their limits; one odd service is left out; none asked for is nil")
    func availableServices() throws {
        struct Holder: Decodable { var available_services: [AvailableService]? }
        let services = try decode([AvailableService].self, """
        [{"id": "ase_b", "type": "baggage", "maximum_quantity": 2, "passenger_ids": ["pas_1"], "segment_ids": ["seg_1"],
          "total_amount": "30.00", "total_currency": "GBP", "metadata": {"type": "checked", "maximum_weight_kg": 23}},
         {"id": "ase_c", "type": "cancel_for_any_reason", "total_amount": "9.50", "total_currency": "EUR",
          "metadata": {"merchant_copy": "…"}}]
        """)
        #expect(services.map(\.id) == ["ase_b", "ase_c"])
        #expect(services[0].maximumQuantity == 2)
        #expect(services[0].metadata?.baggageType == .checked)
        #expect(services[0].metadata?.maximumWeightKg == 23)
        #expect(services[1].type == .cancelForAnyReason)
        #expect(services[1].maximumQuantity == 1)
        #expect(services[1].passengerIds.isEmpty)
    }

    @Test("an order's seats and bags are told in words, with the flights and the passengers")
    func bookedServicesInWords() throws {
        let order = try decode(Order.self, """
        {"id": "ord_1", "booking_reference": "ABC123",
         "passengers": [{"id": "pas_1", "given_name": "Ada", "family_name": "Lovelace"}],
         "slices": [{"id": "sli_1", "origin": {"iata_code": "LHR", "name": "Heathrow", "type": "airport"},
           "destination": {"iata_code": "JFK", "name": "JFK", "type": "airport"},
           "segments": [{"id": "seg_1", "origin": {"iata_code": "LHR", "name": "Heathrow", "time_zone": "Europe/London"},
             "destination": {"iata_code": "JFK", "name": "JFK", "time_zone": "America/New_York"},
             "departing_at": "2026-12-18T08:25:00", "arriving_at": "2026-12-18T11:30:00",
             "marketing_carrier": {"iata_code": "ZZ", "name": "Duffel Airways"}, "marketing_carrier_flight_number": "117",
             "operating_carrier": {"iata_code": "ZZ", "name": "Duffel Airways"}}]}],
         "services": [
           {"id": "ser_1", "type": "seat", "quantity": 1, "passenger_ids": ["pas_1"], "segment_ids": ["seg_1"],
            "total_amount": "15.00", "total_currency": "GBP", "metadata": {"designator": "14B", "name": "Exit row seat"}},
           {"id": "ser_2", "type": "baggage", "quantity": 2, "passenger_ids": ["pas_1"], "segment_ids": ["seg_1"],
            "total_amount": "40.00", "total_currency": "GBP", "metadata": {"type": "checked", "maximum_weight_kg": 23}},
           {"id": "ser_3"}]}
        """)
        #expect(order.services.map(\.id) == ["ser_1", "ser_2", "ser_3"])
        let rows = TravelFormat.bookedServices(order)
        #expect(rows.map(\.label) == ["Seats", "Bags", "Extras"])
        #expect(rows.map(\.value) == [
            "14B on ZZ117 (Ada Lovelace)", "2 checked bags up to 23 kg for Ada Lovelace on LHR → JFK", "1 × unknown",
        ])
        // Written and read back, the services are the same.
        let again = try DuffelJSON.decoder().decode(Order.self, from: DuffelJSON.encoder().encode(order))
        #expect(again.services == order.services)
    }

    @Test("an order body names its services only when there are some")
    func orderBody() throws {
        let plain = OrderCreation(type: .instant, selectedOffers: ["off_1"], passengers: [], payments: [])
        let text = String(decoding: try DuffelJSON.encoder().encode(plain), as: UTF8.self)
        #expect(!text.contains("services"))
        let extras = OrderCreation(
            type: .instant, selectedOffers: ["off_1"], passengers: [], payments: [],
            services: [SelectedService(id: "ase_1", quantity: 2)])
        let json = try JSONSerialization.jsonObject(with: DuffelJSON.encoder().encode(extras)) as? [String: Any]
        let services = json?["services"] as? [[String: Any]]
        #expect(services?.first?["id"] as? String == "ase_1")
        #expect(services?.first?["quantity"] as? Int == 2)
    }

    @Test("weights and extras' prices as a traveller reads them")
    func words() {
        #expect(TravelFormat.kilograms(23) == "23 kg")
        #expect(TravelFormat.kilograms(Decimal(string: "2669.6")!) == "2,670 kg")
        #expect(TravelFormat.kilograms(430...1_640) == "430–1,640 kg")
        #expect(TravelFormat.price(Money(amount: 0, currency: "GBP")) == "free")
        #expect(TravelFormat.price(Money(amount: 18, currency: "GBP")) == "£18.00")
    }
}
