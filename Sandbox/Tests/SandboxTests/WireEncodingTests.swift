import Entities
import Foundation
@testable import SandboxServer
import Testing

/// The wire types are written once, by `DuffelJSON`'s encoder: what they send must be, byte for byte, what
/// `JSONSerialization` writes for the same tree with sorted keys and unescaped slashes (the bytes the sandbox
/// sent when it wrote every answer a second time through such a tree).
@Suite("Wire types as JSONSerialization writes them")
struct WireEncodingTests {
    private static let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    private let clock = TestClock()

    /// The search's answer as the sandbox sends it, with and without its offers, and its first offer alone.
    private func answers(_ legs: [(String, String, Int)], cabin: CabinClass, passengers: [PassengerSpec]) throws -> [Data] {
        let key = SearchKey(
            legs: legs.map { SearchKey.Leg(origin: $0.0, destination: $0.1, date: clock.date(daysAhead: $0.2)) },
            passengers: passengers, cabin: cabin, maxConnections: 2, offerCount: 0, createdAt: clock.now)
        let search = OfferGenerator(world: WorldMap.shared).generate(key)
        #expect(!search.offers.isEmpty)
        return try [true, false].map { offers in
            try APIReply.json(DataWire(OfferRequestWire(request: search.offerRequest(includingOffers: offers)))).body
        } + [try APIReply.json(DataWire(OfferWire(offer: search.offers[0]))).body]
    }

    @Test("generated answers are written exactly as JSONSerialization writes the same tree")
    func generatedAnswers() throws {
        var bodies = try answers([("LHR", "JFK", 20), ("JFK", "LHR", 27)], cabin: .economy, passengers: [.adult, .child(age: 7)])
        bodies += try answers([("NYC", "PAR", 40)], cabin: .business, passengers: [.adult, .infantOnLap])
        bodies += try answers([("BTS", "SYD", 60)], cabin: .premiumEconomy, passengers: [.adult])
        bodies.append(try APIReply.json(ListWire(WorldMap.shared.suggestions(for: "san", limit: 20).map(PlaceWire.init(place:)))).body)
        for body in bodies {
            let tree = try JSONSerialization.jsonObject(with: body)
            #expect(try JSONSerialization.data(withJSONObject: tree, options: Self.options) == body)
        }
    }

    @Test("strings are escaped as JSONSerialization escapes them: quotes, backslashes, control characters; slashes and non-ASCII as they are")
    func escapes() throws {
        let name = "quote \" backslash \\ slash / newline \n tab \t bell \u{7} unit \u{1f} é 😀"
        let body = try APIReply.json(DataWire(CarrierWire(carrier: Carrier(iataCode: "ZZ", name: name)))).body
        let tree = try JSONSerialization.jsonObject(with: body)
        #expect(try JSONSerialization.data(withJSONObject: tree, options: Self.options) == body)
        #expect(((tree as? [String: Any])?["data"] as? [String: Any])?["name"] as? String == name)
    }

    @Test("a request body that is not JSON is a 400; valid JSON of the wrong shape is a 422 naming the field")
    func requestBodies() {
        for text in [#"{"data": {"#, #"{"data": }"#, "[1] x", "nonsense"] {
            #expect(status(text) == 400, "\(text)")
        }
        #expect(status(#"{"data": {"slices": 3}}"#) == 422)
        #expect(status(#"[]"#) == 422)
    }

    /// The status a search request body is refused with, `nil` when it is read.
    private func status(_ text: String) -> Int? {
        do {
            _ = try RequestBody.decode(SearchRequest.self, from: Data(text.utf8))
            return nil
        } catch {
            return error.status
        }
    }
}
