@testable import Entities
import Foundation
import Testing

/// `DuffelJSON.encoder()` against Foundation's `JSONEncoder` (``ReferenceCoders``) on values at the edges of what its
/// fast path writes: each must give the same bytes (or both an error), compact and pretty-printed, and each says
/// whether the fast path must write it or leave it to Foundation, so that a silent fallback cannot hide.
@Suite("DuffelJSON writes as Foundation's encoder does")
struct EncoderEquivalenceTests {
    enum Path { case fast, foundation }

    /// Encodes `value` both ways, compact and pretty, and checks the bytes and which path wrote them.
    static func check<T: Encodable>(_ value: T, _ path: Path, _ label: String = "\(T.self)") {
        for pretty in [false, true] {
            let reference = Result { try ReferenceCoders.encoder(pretty: pretty).encode(value) }
            let found = Result { try DuffelJSON.encoder(pretty: pretty).encode(value) }
            switch (reference, found) {
            case (.success(let expected), .success(let written)):
                #expect(written == expected, """
                    \(label), pretty \(pretty): \(String(decoding: written, as: UTF8.self)) \
                    instead of \(String(decoding: expected, as: UTF8.self))
                    """)
            case (.failure(let expected), .failure(let error)):
                #expect("\(error)" == "\(expected)", "\(label): a different error")
            default:
                Issue.record("\(label), pretty \(pretty): \(found) where Foundation gives \(reference)")
            }
            let fast = DuffelJSONEncoder.fastEncode(value, pretty: pretty, userInfo: [:])
            #expect((fast != nil) == (path == .fast), "\(label), pretty \(pretty): expected the \(path) path")
        }
    }

    @Test("every ASCII character, escapes, slashes and text outside ASCII")
    func strings() {
        let ascii = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        Self.check(ascii, .fast)
        Self.check(ascii.joined(), .fast)
        Self.check(["a/b", "é", "\u{2028}\u{2029}", "😀", "\u{FEFF}", "e\u{301}", "", "\"\\", "\u{7F}", "\u{80}\u{85}\u{9F}\u{A0}", "日本", "\u{10FFFF}"], .fast)
        Self.check(["key": "\u{0}\u{1F}\t\n"], .fast)
    }

    @Test("keys in Foundation's order, and keys it orders its own way left to it")
    func keys() {
        Self.check(["_": 1, "__": 2, "_a": 3, "a": 4, "a_": 5, "a_a": 6, "a_b": 7, "aa": 8, "ab": 9, "b": 10, "z": 11], .fast)
        var random = TimestampEquivalenceTests.Sequence(state: 99)
        var members: [String: Int] = [:]
        for index in 0..<400 {
            let key = String((0..<Int.random(in: 1...6, using: &random)).map { _ in "ab_z".randomElement(using: &random)! })
            members[key] = index
        }
        Self.check(members, .fast)
        // Keys longer than the eight bytes the writer orders by first, sharing those eight.
        var long: [String: Int] = [:]
        for index in 0..<400 {
            let key = "conditions" + String((0..<Int.random(in: 0...8, using: &random)).map { _ in "a_z".randomElement(using: &random)! })
            long[String(key.prefix(Int.random(in: 7...18, using: &random)))] = index
        }
        Self.check(long, .fast)
        Self.check(["a1": 1, "a10": 2, "a2": 3], .foundation)
        Self.check(["B": 1, "a": 2, "c": 3], .foundation)
        Self.check(["é": 1, "e": 2], .foundation)
        Self.check(["": 1], .foundation)
        Self.check(["a-b": 1, "a b": 2, "a.b": 3], .foundation)
    }

    @Test("doubles as Foundation spells them, from random bits and at the edges")
    func doubles() {
        var random = TimestampEquivalenceTests.Sequence(state: 2_026)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 100, 1e15, 1e16, 1e-7, 123456789.125, 1.7976931348623157e308,
                                .leastNonzeroMagnitude, 2.2250738585072014e-308, 51.4775, -0.4614, 9007199254740992, 1e21, 1e22]
        for _ in 0..<3_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(value) }
            values.append(Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 10_000)
        }
        Self.check(values, .fast)
        Self.check(["latitude": 51.4775], .fast)
        Self.check([Double.nan], .foundation)
        Self.check([Double.infinity], .foundation)
    }

    @Test("decimals as Foundation spells them, in every length and place of the point")
    func decimals() {
        var random = TimestampEquivalenceTests.Sequence(state: 38)
        var values: [Decimal] = [0, 1, -1, 10, 100, 1_000_000, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                 .leastFiniteMagnitude, .leastNormalMagnitude, Decimal(string: "10.50")!,
                                 Decimal(string: "-0.001")!, Decimal(string: "23")!, Decimal(string: "1e20")!,
                                 Decimal(string: "1e-20")!, Decimal(string: "-0")!, Decimal(string: "0.000")!]
        for index in 0..<3_000 {
            let digits = String((0..<(1 + index % 38)).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let exponent = Int.random(in: -60...60, using: &random)
            if let value = Decimal(string: (index % 2 == 0 ? "-" : "") + digits + "e\(exponent)") { values.append(value) }
            values.append(Decimal(Int.random(in: -10_000_000...10_000_000, using: &random)) / 100)
        }
        Self.check(values, .fast)
        Self.check(["amount": Decimal(string: "123.456")!, "weight": 23], .fast)
    }

    @Test("integers of every width, Bool and null")
    func integers() {
        Self.check([Int.min, Int.max, 0, -1], .fast)
        Self.check(Wide(), .fast)
        Self.check([true, false], .fast)
        Self.check([1, nil, 3] as [Int?], .fast)
        Self.check(Nils(), .fast)
        Self.check(Nils(value: 7, nested: .some(nil)), .fast)
        Self.check(Nils(value: 7, nested: .some(.some(8))), .fast)
    }

    @Test("empty and nested containers, compact and pretty")
    func containers() {
        Self.check([Int](), .fast)
        Self.check([String: Int](), .fast)
        Self.check([[Int]](arrayLiteral: [], [1], []), .fast)
        Self.check(["a": [String: [Int]](), "b": ["c": []], "d": ["e": [1, 2]]], .fast)
        Self.check([[[[String: Int]]]](arrayLiteral: [[[:]], []]), .fast)
        Self.check(Nested(), .fast)
        Self.check(TwoContainers(), .fast)
    }

    @Test("top-level fragments and dates")
    func fragments() {
        Self.check("a/b", .fast)
        Self.check(42, .fast)
        Self.check(true, .fast)
        Self.check(1.5, .fast)
        Self.check(Optional<Int>.none, .fast)
        Self.check(Date(timeIntervalSince1970: 1_766_051_100.123), .fast)
        Self.check([Date(timeIntervalSince1970: -62_135_596_800), Date(timeIntervalSince1970: 0)], .fast)
        Self.check(CalendarDate(dayNumber: 20_000), .fast)
    }

    @Test("what Foundation writes its own way is left to it")
    func fallbacks() {
        Self.check([Decimal.nan], .foundation)
        Self.check([Float(1.5)], .foundation)
        Self.check([URL(string: "https://example.com/a?b=c")!], .foundation)
        Self.check([Data([1, 2, 3])], .foundation)
        Self.check(Super(), .foundation)
        Self.check(Nothing(), .foundation)
        Self.check([Nothing()], .foundation)
        Self.check(Twice(), .foundation)
    }

    @Test("settings other than DuffelJSON's turn the fast path off")
    func settings() throws {
        let encoder = DuffelJSON.encoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(["a/b"]), as: UTF8.self) == #"["a\/b"]"#)
        let dates = DuffelJSON.encoder()
        dates.dateEncodingStrategy = .secondsSince1970
        #expect(String(decoding: try dates.encode([Date(timeIntervalSince1970: 5)]), as: UTF8.self) == "[5]")
    }
}

extension EncoderEquivalenceTests {
    struct Wide: Encodable {
        var a: Int8 = .min, b: Int16 = .max, c: Int32 = .min, d: Int64 = .min, e: UInt = .max
        var f: UInt8 = .max, g: UInt16 = 0, h: UInt32 = .max, i: UInt64 = .max
        var list: [UInt64] = [0, .max], small: [Int8] = [-128, 127]
    }

    struct Nils: Encodable {
        var value: Int?
        var nested: Int??
        enum CodingKeys: String, CodingKey { case value, nested, explicit, present, list }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(value, forKey: .value)
            try container.encode(nested, forKey: .nested)
            try container.encodeNil(forKey: .explicit)
            try container.encode(value, forKey: .present)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encodeNil()
        }
    }

    struct Nested: Encodable {
        enum CodingKeys: String, CodingKey { case outer, list }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var outer = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .outer)
            var list = outer.nestedUnkeyedContainer(forKey: .list)
            var inner = list.nestedContainer(keyedBy: CodingKeys.self)
            try inner.encode("x", forKey: .outer)
            _ = list.nestedUnkeyedContainer()
            try list.encode(Date(timeIntervalSince1970: 86_400))
            _ = outer.nestedContainer(keyedBy: CodingKeys.self, forKey: .outer)
        }
    }

    /// Asks for its keyed container twice, and an array's twice: Foundation gives the same container again.
    struct TwoContainers: Encodable {
        enum CodingKeys: String, CodingKey { case first, second, list }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: CodingKeys.self)
            try first.encode(1, forKey: .first)
            var second = encoder.container(keyedBy: CodingKeys.self)
            try second.encode(2, forKey: .second)
            try second.encode(Pair(), forKey: .list)
        }
    }

    struct Pair: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.unkeyedContainer()
            try first.encode("a")
            var second = encoder.unkeyedContainer()
            try second.encode("b")
        }
    }

    struct Super: Encodable {
        enum CodingKeys: String, CodingKey { case base }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try "x".encode(to: container.superEncoder(forKey: .base))
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Twice: Encodable {
        enum CodingKeys: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            try container.encode(2, forKey: .a)
        }
    }
}
