import Entities
import Foundation
import Testing

/// The tolerant reader: only what the app cannot work without is required; odd fields read as unknown, and one odd
/// element never sinks a whole answer.
@Suite("Tolerant reader")
struct TolerantReaderTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try DuffelJSON.decoder().decode(type, from: Data(json.utf8))
    }

    static func segment(origin: String = "LHR", departing: String = "2026-12-18T09:45:00", extra: String = "") -> String {
        """
        {"origin": {"iata_code": "\(origin)"}, "destination": {"iata_code": "JFK", "time_zone": "America/New_York"},
         "departing_at": "\(departing)", "arriving_at": "2026-12-18T12:50:00"\(extra)}
        """
    }

    static func offer(id: String, total: String = #""total_amount": "412.50", "total_currency": "GBP","#, extra: String = "") -> String {
        """
        {"id": "\(id)", \(total) "slices": [{"segments": [\(segment())]}]\(extra)}
        """
    }

    @Test("an order with only its id and reference readable still gives the reference")
    func orderWithUnknownFields() throws {
        let order = try decode(DataEnvelope<Order>.self, """
        {"data": {"id": "ord_1", "booking_reference": "RZPNX8", "total_amount": {"value": 1}, "owner": null,
          "slices": [{"segments": "soon"}], "passengers": [{"given_name": "Amelia"}, {"id": "pas_2", "title": "captain"}],
          "payment_status": "paid", "documents": [{"unique_identifier": "1252106312810"}], "created_at": "yesterday",
          "available_actions": ["cancel", 7, "teleport"], "metadata": {"a": "b", "n": 3}, "type": "instant"}}
        """).data
        #expect(order.id == "ord_1")
        #expect(order.bookingReference == "RZPNX8")
        #expect(order.totalAmount == nil)
        #expect(order.slices.isEmpty)
        #expect(order.passengers.map(\.id) == ["pas_2"])
        #expect(order.passengers.first?.title == nil)
        #expect(order.documents == [OrderDocument(type: nil, uniqueIdentifier: "1252106312810")])
        #expect(order.createdAt == nil)
        #expect(order.availableActions == [.cancel, OrderAction(rawValue: "teleport")])
        #expect(order.metadata == ["a": "b"])
        #expect(order.status == .confirmed)
        #expect(order.owner == .unknown)
    }

    @Test("an order that does not say what it allows is written so, and reads back as cancellable")
    func orderWithoutActionsReadsBack() throws {
        let order = try decode(Order.self, #"{"id": "ord_1", "booking_reference": "RZPNX8"}"#)
        #expect(order.availableActions == nil && order.canBeCancelled)
        let again = try decode(Order.self, String(decoding: try DuffelJSON.encoder().encode(order), as: UTF8.self))
        #expect(again == order)
        #expect(again.canBeCancelled)
    }

    @Test("an order without its booking reference is not an order")
    func orderNeedsReference() {
        #expect(throws: DecodingError.self) {
            try decode(DataEnvelope<Order>.self, #"{"data": {"id": "ord_1", "total_amount": "1.00", "total_currency": "GBP"}}"#)
        }
    }

    @Test("one unreadable offer is left out of a page; the rest and the cursor are kept")
    func lossyOfferPage() throws {
        let page = try decode(Page<Offer>.self, """
        {"data": [\(Self.offer(id: "off_1")), \(Self.offer(id: "off_2", total: "")), \(Self.offer(id: "off_3"))],
         "meta": {"limit": 50, "after": "g2wA", "before": null}}
        """)
        #expect(page.items.map(\.id) == ["off_1", "off_3"])
        #expect(page.after == "g2wA")
    }

    @Test("an offer with its inessential fields missing or odd reads with them unknown")
    func offerDefaults() throws {
        let offer = try decode(Offer.self, Self.offer(id: "off_1", extra: """
        , "payment_requirements": null, "expires_at": null, "conditions": {"refund_before_departure": "maybe"},
          "passengers": [{"id": "pas_1", "type": "adult", "age": 14}, {"type": "child"}], "tax_amount": null,
          "total_emissions_kg": 460, "passenger_identity_documents_required": "yes"
        """))
        #expect(offer.totalAmount == Money(amount: Decimal(string: "412.50")!, currency: "GBP"))
        #expect(offer.paymentRequirements.requiresInstantPayment)
        #expect(offer.expiresAt == nil && !offer.isExpired(at: Date()))
        #expect(offer.conditions == Conditions())
        #expect(offer.passengers == [OfferPassenger(id: "pas_1", type: .adult, age: 14)])
        #expect(offer.totalEmissionsKg == "460")
        #expect(!offer.passengerIdentityDocumentsRequired)
        let segment = try #require(offer.slices.first?.segments.first)
        #expect(segment.origin.name == "LHR" && segment.origin.iataCountryCode.isEmpty)
        #expect(segment.marketingCarrier == .unknown)
        #expect(offer.owner == .unknown)
        #expect(offer.slices.first?.origin.iataCode == "LHR")
    }

    @Test("an offer without a readable segment time is not an offer")
    func offerNeedsSegmentTimes() {
        #expect(throws: DecodingError.self) {
            try decode(Offer.self, """
            {"id": "off_1", "total_amount": "1.00", "total_currency": "GBP",
             "slices": [{"segments": [\(Self.segment(departing: "soon"))]}]}
            """)
        }
    }

    @Test("durations with padded numbers and times with fractions or offsets read as their wall clock")
    func oddTimes() throws {
        let segment = try decode(Segment.self, Self.segment(
            departing: "2026-12-18T09:45:00.000Z", extra: #", "duration": "PT02H26M""#))
        #expect(segment.duration == ISODuration(minutes: 146))
        #expect(segment.departingAt.description == "2026-12-18T09:45:00")
        #expect(LocalDateTime(wallClockOf: "2026-12-18T09:45:00+01:00")?.description == "2026-12-18T09:45:00")
        #expect(LocalDateTime(wallClockOf: "2026-12-18T09:45:00junk") == nil)
    }

    @Test("unknown values of Duffel's tokens are kept, not refused")
    func unknownTokens() throws {
        let passenger = try decode(SegmentPassenger.self, #"{"passenger_id": "pas_1", "cabin_class": "galactic", "baggages": [{"type": "pet", "quantity": 1}, {"quantity": "two"}]}"#)
        #expect(passenger.cabinClass.rawValue == "galactic")
        #expect(passenger.baggages == [Baggage(type: BaggageType(rawValue: "pet"), quantity: 1), Baggage(type: BaggageType(rawValue: "bag"), quantity: 1)])
        let place = try decode(Place.self, #"{"type": "train_station", "iata_code": "QQS", "name": "St Pancras"}"#)
        #expect(place.kind == .airport && place.name == "St Pancras")
    }

    @Test("an error envelope without meta or with odd details still reads")
    func oddErrors() throws {
        let error = try decode(APIError.self, #"{"errors": [{"type": "airline_error", "message": "The airline is down."}, 42, {"title": "Odd"}]}"#)
        #expect(error.errors.map(\.type) == [.airline, APIErrorType(rawValue: "unknown_error")])
        #expect(error.errors.last?.message == "Odd")
    }
}
