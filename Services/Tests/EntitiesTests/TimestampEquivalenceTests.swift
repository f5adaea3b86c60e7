import Entities
import Foundation
import Testing

/// `DuffelJSON.parseTimestamp` reads Duffel's own shapes from their bytes; every other text still goes to Foundation.
/// Both must give the instant Foundation's `ISO8601FormatStyle` gives (``ReferenceCoders/parseTimestamp(_:)``), to
/// the last bit.
@Suite("Timestamps read as Foundation reads them")
struct TimestampEquivalenceTests {
    /// A fixed pseudo-random sequence, so that a failure can be run again.
    struct Sequence: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    @Test("Duffel's shapes, every fraction length, across the calendar")
    func canonical() {
        var random = Sequence(state: 20_261_126)
        var differences: [String] = []
        for index in 0..<20_000 {
            let digits = index % 8  // 7: more digits than the fast path takes
            var text = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d", Int.random(in: 1583...9999, using: &random),
                Int.random(in: 1...12, using: &random), Int.random(in: 1...31, using: &random),
                Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random),
                Int.random(in: 0...59, using: &random))
            if digits > 0 {
                text += "." + String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            }
            text += "Z"
            if DuffelJSON.parseTimestamp(text) != ReferenceCoders.parseTimestamp(text) { differences.append(text) }
        }
        #expect(differences.isEmpty, "read differently: \(differences.prefix(5))")
    }

    @Test("near misses and other shapes", arguments: [
        "2026-12-18T09:45:00Z", "2026-12-18T09:45:00.000Z", "2026-12-18T09:45:00.5Z", "2026-12-18T09:45:00.123456Z",
        "2026-12-18T09:45:00.1234567Z", "2026-12-18T09:45:00.Z", "2026-12-18T09:45:00+01:00", "2026-12-18T09:45:00",
        "2026-12-18T09:45:00z", "2026-12-18t09:45:00Z", "2026-02-29T09:45:00Z", "2024-02-29T09:45:00Z",
        "2026-12-18T24:00:00Z", "2026-12-18T23:60:00Z", "2026-12-18T23:59:60Z", "1599-12-31T23:59:59.999Z",
        "1600-01-01T00:00:00Z", "1582-10-15T00:00:00Z", "1582-10-04T12:00:00Z", "9999-12-31T23:59:59.999999Z",
        "0001-01-01T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-12-00T00:00:00Z",
        "2026-12-18T09:45:0aZ", "2026-12-18 09:45:00Z", "+2026-12-18T09:45:00Z", "2026-12-18T09:45:00.-1Z",
    ])
    func shapes(_ text: String) {
        #expect(DuffelJSON.parseTimestamp(text) == ReferenceCoders.parseTimestamp(text))
    }
}
