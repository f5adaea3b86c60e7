import Entities
import Foundation
@testable import SandboxServer
import Testing

/// How long encoding a 250-offer search's answer takes, printed when `SANDBOX_ENCODE_TIMING=1`: a measure, never
/// a test that fails on a timing.
@Suite("Encoding time of a 250-offer answer")
struct EncodeTimingTests {
    @Test("prints the encoding time of a 250-offer answer", .enabled(if: ProcessInfo.processInfo.environment["SANDBOX_ENCODE_TIMING"] == "1"))
    func encodeTime() throws {
        let clock = TestClock()
        let key = SearchKey(
            legs: [
                SearchKey.Leg(origin: "LHR", destination: "JFK", date: clock.date(daysAhead: 20)),
                SearchKey.Leg(origin: "JFK", destination: "LHR", date: clock.date(daysAhead: 27)),
            ],
            passengers: [.adult], cabin: .economy, maxConnections: 2, offerCount: 250, createdAt: clock.now)
        let search = OfferGenerator(world: WorldMap.shared).generate(key)
        #expect(search.offers.count == 250)
        var times: [Duration] = []
        var size = 0
        for _ in 0..<7 {
            let started = ContinuousClock.now
            size = try APIReply.json(DataWire(OfferRequestWire(request: search.offerRequest(includingOffers: true)))).body.count
            times.append(ContinuousClock.now - started)
        }
        print("250-offer answer: \(size) bytes, encoded in \(times.sorted()[times.count / 2]) (median of 7)")
        // The same value through Foundation's encoder with DuffelJSON's settings: what the fast path saves.
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        foundation.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DuffelJSON.formatTimestamp(date))
        }
        times = []
        for _ in 0..<7 {
            let started = ContinuousClock.now
            size = try foundation.encode(DataWire(OfferRequestWire(request: search.offerRequest(includingOffers: true)))).count
            times.append(ContinuousClock.now - started)
        }
        print("… through Foundation's JSONEncoder: \(size) bytes in \(times.sorted()[times.count / 2])")
    }
}
