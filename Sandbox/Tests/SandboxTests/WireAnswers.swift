import CurlHTTP
import Entities
import Foundation
import Testing

/// Recorded answers of the sandbox to a fixed series of requests (`Sandbox/Tests/WireAnswers/*.json`), normalised:
/// the values each run draws at random (order, payment, cancellation and booked-service ids, booking references)
/// are replaced by placeholders, and the JSON is written sorted and indented so that a change reads as a diff.
///
/// Recorded from the sandbox that completed its answers by reading them back into a tree
/// (`SANDBOX_RECORD_WIRE_ANSWERS=1 swift test --filter WireCompatibilityTests`); ``WireCompatibilityTests``
/// holds today's answers to them.
enum WireAnswers {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("WireAnswers", isDirectory: true)

    static var recording: Bool { ProcessInfo.processInfo.environment["SANDBOX_RECORD_WIRE_ANSWERS"] == "1" }

    /// The series: places, a one-way search with its offers, a round trip and its first page, a city search, a
    /// technical stop, one offer with and without its services, a seat map, an instant order with a seat and a
    /// bag (created, read, listed), a hold paid later, and a cancellation quoted and confirmed.
    static func answers(_ harness: Harness) async throws -> [(name: String, body: Data)] {
        var answers: [(String, Data)] = []
        func record(_ name: String, _ response: HTTPResponse) throws -> [String: Any] {
            #expect((200...201).contains(response.status), "\(name): \(String(decoding: response.body, as: UTF8.self))")
            answers.append((name, response.body))
            return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        }
        func id(_ object: [String: Any]) throws -> String {
            try #require((object["data"] as? [String: Any])?["id"] as? String)
        }
        let fewOffers: HTTPHeaders = [
            "Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2", "Accept": "application/json",
            "Content-Type": "application/json", "x-sandbox-offer-count": "3",
        ]
        func search(_ request: SearchRequest, offers: Bool) async throws -> HTTPResponse {
            try await harness.raw(
                .post, "/air/offer_requests?return_offers=\(offers)", body: try json(request), headers: fewOffers)
        }

        _ = try record("places", try await harness.raw(.get, "/places/suggestions?query=lon"))
        let oneWay = try record("one-way-search", try await search(
            harness.search("LHR", "JFK", passengers: [.adult, .child(age: 8), .infantOnLap]), offers: true))
        _ = try record("one-way-offers", try await harness.raw(
            .get, "/air/offers?offer_request_id=\(try id(oneWay))&sort=total_amount&limit=2"))
        let roundTrip = try record("round-trip-search", try await search(
            harness.search("LHR", "JFK", returnDaysAhead: 40, cabin: .business), offers: false))
        _ = try record("round-trip-offers", try await harness.raw(
            .get, "/air/offers?offer_request_id=\(try id(roundTrip))&limit=2"))
        _ = try record("city-search", try await search(harness.search("LON", "NYC"), offers: false))
        let stop = try record("stop-search", try await search(harness.search("DXB", "AMS"), offers: false))
        _ = try record("stop-offers", try await harness.raw(.get, "/air/offers?offer_request_id=\(try id(stop))&limit=1"))

        let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "AMS"), returnOffers: true).offers
        let offer = try #require(offers.first)
        _ = try record("offer", try await harness.raw(.get, "/air/offers/\(offer.id)"))
        _ = try record("offer-with-services", try await harness.raw(.get, "/air/offers/\(offer.id)?return_available_services=true"))
        _ = try record("seat-maps", try await harness.raw(.get, "/air/seat_maps?offer_id=\(offer.id)"))

        let bag = try #require(try await harness.client.extrasService.offerWithServices(id: offer.id).availableServices?.first)
        let maps = try await harness.client.extrasService.seatMaps(offerID: offer.id)
        let passenger = try #require(offer.passengers.first?.id)
        let seat = try #require(maps.first?.seats.lazy.compactMap { $0.service(for: passenger) }.first)
        let departure = harness.clock.date(daysAhead: 30)
        var creation = harness.instantOrder(offer, departure: departure)
        creation.services = [SelectedService(id: bag.id, quantity: 1), SelectedService(id: seat.id, quantity: 1)]
        let total = try #require(offer.totalAmount.adding(bag.totalAmount)?.adding(seat.totalAmount))
        creation.payments = [Payment(amount: total)]
        let order = try record("order-created", try await harness.raw(.post, "/air/orders", body: try json(creation)))
        let orderID = try id(order)
        _ = try record("order", try await harness.raw(.get, "/air/orders/\(orderID)"))
        let reference = try #require((order["data"] as? [String: Any])?["booking_reference"] as? String)
        _ = try record("orders-by-reference", try await harness.raw(.get, "/air/orders?booking_reference=\(reference)"))
        let quote = try record("cancellation-quote", try await harness.raw(
            .post, "/air/order_cancellations", body: #"{"data": {"order_id": "\#(orderID)"}}"#))
        _ = try record("cancellation-confirmed", try await harness.raw(
            .post, "/air/order_cancellations/\(try id(quote))/actions/confirm"))

        let holdable = try #require(try await harness.offers.createOfferRequest(
            harness.search("JFK", "EWR"), returnOffers: true).offers.first)
        var hold = harness.instantOrder(holdable, departure: departure)
        hold.type = .hold
        hold.payments = []
        var holdBody = try #require(try JSONSerialization.jsonObject(with: Data(try json(hold).utf8)) as? [String: Any])
        var holdData = try #require(holdBody["data"] as? [String: Any])
        holdData["payments"] = nil
        holdBody["data"] = holdData
        let held = try record("hold-created", try await harness.raw(
            .post, "/air/orders", body: String(decoding: try JSONSerialization.data(withJSONObject: holdBody), as: UTF8.self)))
        let payment = #"{"data": {"order_id": "\#(try id(held))", "payment": {"type": "balance", "amount": "\#(holdable.totalAmount.wireAmount)", "currency": "\#(holdable.totalAmount.currency)"}}}"#
        _ = try record("payment", try await harness.raw(.post, "/air/payments", body: payment))
        return answers
    }

    private static func json(_ value: some Codable & Sendable) throws -> String {
        String(decoding: try DuffelJSON.encoder().encode(DataEnvelope(value)), as: UTF8.self)
    }

    // MARK: Files

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name + ".json") }

    static func write(_ body: Data, as name: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = try normalisedText(body)
        text.append(UInt8(ascii: "\n"))
        try text.write(to: url(name))
    }

    static func read(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url(name)))
    }

    /// `body` as a value, with each run's random values replaced.
    static func normalised(_ body: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: normalisedText(body))
    }

    private static func normalisedText(_ body: Data) throws -> Data {
        let value = normalise(try JSONSerialization.jsonObject(with: body), key: nil)
        return try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    }

    private static let randomPrefixes = ["ord_", "pay_", "ore_", "ser_"]

    private static func normalise(_ value: Any, key: String?) -> Any {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: [String: Any]()) { $0[$1.key] = normalise($1.value, key: $1.key) }
        case let array as [Any]:
            return array.map { normalise($0, key: key) }
        case let text as String:
            if key == "booking_reference" { return "<booking reference>" }
            if let prefix = randomPrefixes.first(where: text.hasPrefix) { return "<\(prefix)…>" }
            return text
        default:
            return value
        }
    }
}
