import Entities
import Foundation
@testable import SandboxServer
import Testing

/// The wire shapes read and write answers with `JSONTreeReader` and `JSONTreeWriter` instead of
/// `JSONSerialization`; what they send must be, byte for byte, what `JSONSerialization` would have sent.
@Suite("JSON trees as JSONSerialization reads and writes them")
struct JSONTreeTests {
    private static let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    private let clock = TestClock()

    private func foundationBytes(_ tree: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: tree, options: Self.options)
    }

    /// The search's answer as the sandbox sends it, with and without its offers.
    private func answers(_ legs: [(String, String, Int)], cabin: CabinClass, passengers: [PassengerSpec]) throws -> [Data] {
        let key = SearchKey(
            legs: legs.map { SearchKey.Leg(origin: $0.0, destination: $0.1, date: clock.date(daysAhead: $0.2)) },
            passengers: passengers, cabin: cabin, maxConnections: 2, offerCount: 0, createdAt: clock.now)
        let search = OfferGenerator(world: WorldMap.shared).generate(key)
        #expect(!search.offers.isEmpty)
        return try [true, false].map { offers in
            try APIReply.json(DataEnvelope(search.offerRequest(includingOffers: offers)), shape: .offerRequest).body
        } + [try APIReply.json(DataEnvelope(search.offers[0]), shape: .offer).body]
    }

    @Test("generated answers are written exactly as JSONSerialization writes the same tree")
    func generatedAnswers() throws {
        var bodies = try answers([("LHR", "JFK", 20), ("JFK", "LHR", 27)], cabin: .economy, passengers: [.adult, .child(age: 7)])
        bodies += try answers([("NYC", "PAR", 40)], cabin: .business, passengers: [.adult, .infantOnLap])
        bodies += try answers([("BTS", "SYD", 60)], cabin: .premiumEconomy, passengers: [.adult])
        bodies.append(try APIReply.json(DataEnvelope(WorldMap.shared.suggestions(for: "san", limit: 20)), shape: .placeList).body)
        for body in bodies {
            let tree = try JSONSerialization.jsonObject(with: body)
            #expect(try foundationBytes(tree) == body)
            let read = try #require(JSONTreeReader.parse(body))
            #expect(try foundationBytes(read) == body)
            #expect(JSONTreeWriter.data(read) == body)
        }
    }

    @Test("escapes, numbers, literals and key order as JSONSerialization writes them")
    func edgeCases() throws {
        let tree: [String: Any] = [
            "text": "quote \" backslash \\ slash / newline \n tab \t bell \u{7} unit \u{1f} é 😀",
            "numbers": [0, -3, 42, 1.5, -0.25, 12.0, 1e21, 3.0e-7, 123_456_789_012] as [Any],
            "flags": [true, false, NSNull()] as [Any],
            "a": 1, "a_b": 2, "ab": 3, "b_": 4, "b": 5, "aa_": 6, "empty": [String: Any](), "list": [Any](),
        ]
        #expect(JSONTreeWriter.data(tree) == (try foundationBytes(tree)))
        let written = try foundationBytes(tree)
        let read = try #require(JSONTreeReader.parse(written))
        #expect(try foundationBytes(read) == written)
    }

    @Test("escaped input reads as JSONSerialization reads it")
    func escapedInput() throws {
        let text = #"{"s": "caf\u00e9 \ud83d\ude00 \/ \"q\" \\ \n", "n": [1, -2.50, 3e2, 0.1], "o": {"k": null}}"#
        let read = try #require(JSONTreeReader.parse(Data(text.utf8)))
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(try foundationBytes(read) == (try foundationBytes(foundation)))
    }

    @Test("what the fast path does not handle falls back rather than differ")
    func fallbacks() {
        #expect(JSONTreeReader.parse(Data(#"{"a": 1"#.utf8)) == nil)
        #expect(JSONTreeReader.parse(Data(#"{"a": 012}"#.utf8)) == nil)
        #expect(JSONTreeReader.parse(Data(#"[1] x"#.utf8)) == nil)
        #expect(JSONTreeWriter.data(["Key": 1]) == nil)
        #expect(JSONTreeWriter.data(["key2": 1]) == nil)
        #expect(JSONTreeWriter.data(["key": Date()]) == nil)
        #expect(JSONTreeWriter.data(["key": Double.nan]) == nil)
    }
}
