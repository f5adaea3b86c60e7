import Entities
import Foundation
@testable import SandboxServer
import Testing

@Suite("Ids, generation and settings")
struct InternalTests {
    private let clock = TestClock()

    private func key(_ legs: [(String, String, Int)], passengers: [PassengerSpec] = [.adult, .child(age: 4), .infantOnLap]) -> SearchKey {
        SearchKey(
            legs: legs.map { SearchKey.Leg(origin: $0.0, destination: $0.1, date: clock.date(daysAhead: $0.2)) },
            passengers: passengers, cabin: .business, maxConnections: 2, offerCount: 0, createdAt: clock.now)
    }

    @Test("offer request and offer ids carry the whole search, and refuse any changed character")
    func idRoundTrip() throws {
        var search = key([("LHR", "JFK", 10), ("JFK", "SFO", 14), ("SFO", "LHR", 20)])
        search.legs[1].departureWindow = TimeWindow(from: LocalTime(minutesSinceMidnight: 540), to: LocalTime(minutesSinceMidnight: 1_020))
        let requestID = SandboxID.offerRequestID(for: search)
        #expect(SandboxID.searchKey(fromOfferRequestID: requestID) == search)
        let offerID = SandboxID.offerID(for: search, index: 37)
        let reference = try #require(SandboxID.offerReference(fromOfferID: offerID))
        #expect(reference.key == search && reference.index == 37)
        #expect(SandboxID.offerReference(fromOfferID: requestID) == nil)
        #expect(SandboxID.searchKey(fromOfferRequestID: offerID) == nil)
        for position in requestID.indices.dropFirst(4) {
            var mutated = requestID
            let replacement: Character = mutated[position] == "0" ? "1" : "0"
            mutated.replaceSubrange(position...position, with: [replacement])
            #expect(SandboxID.searchKey(fromOfferRequestID: mutated) == nil)
        }
    }

    @Test("cursors are bound to their listing")
    func cursors() {
        let cursor = SandboxID.cursor(offset: 40, scope: "offers|a|total_amount|")
        #expect(SandboxID.offset(fromCursor: cursor, scope: "offers|a|total_amount|") == 40)
        #expect(SandboxID.offset(fromCursor: cursor, scope: "offers|a||") == nil)
    }

    @Test("base 32 round-trips any bytes")
    func base32() {
        var random = SplitMix64(seed: 7)
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(Base32.decode(Base32.encode(bytes)) == bytes)
        }
        #expect(Base32.decode("not*base32") == nil)
    }

    @Test("every combination of flights comes up exactly once")
    func combinations() {
        let counts = [4, 3, 5]
        let all = (0..<60).map { OfferGenerator.combination($0, counts: counts) }
        #expect(Set(all.map { $0.map(String.init).joined(separator: ",") }).count == 60)
        #expect(all.allSatisfy { zip($0, counts).allSatisfy { $0 < $1 } })
    }

    @Test("generation is a pure function of the search")
    func deterministicGeneration() {
        let generator = OfferGenerator(world: WorldMap.shared)
        let search = key([("SIN", "SYD", 30), ("SYD", "SIN", 40)])
        let first = generator.generate(search)
        let second = OfferGenerator(world: WorldMap.shared).generate(search)
        #expect(first.offers == second.offers)
        #expect(!first.offers.isEmpty)
        #expect(first.offers.allSatisfy { $0.slices.count == 2 && $0.passengers.count == 3 })
        // Infants have no seat: the cabin and bags are per passenger, the emissions per seat.
        #expect(first.offers.allSatisfy { $0.slices[0].segments[0].passengers.count == 3 })
    }

    @Test("nonstops are plausible between hubs and short hops, not between small fields far apart")
    func plausibility() throws {
        let world = WorldMap.shared
        let lhr = try #require(world.airport("LHR")), jfk = try #require(world.airport("JFK"))
        let syd = try #require(world.airport("SYD")), bts = try #require(world.airport("BTS"))
        let mru = try #require(world.airport("MRU"))
        #expect(ItineraryPlanner.isPlausibleNonstop(lhr, jfk))
        #expect(!ItineraryPlanner.isPlausibleNonstop(bts, syd))
        #expect(!ItineraryPlanner.isPlausibleNonstop(bts, mru))
        #expect(WorldMap.distance(lhr, jfk) > 5_500 && WorldMap.distance(lhr, jfk) < 5_600)
        let westbound = ItineraryPlanner.blockMinutes(distanceKm: 5_540, eastbound: false)
        let eastbound = ItineraryPlanner.blockMinutes(distanceKm: 5_540, eastbound: true)
        #expect(westbound > eastbound)
        #expect((7 * 60...9 * 60).contains(westbound))
    }

    @Test("the data directory comes from the variable, then XDG, then the home directory")
    func dataDirectory() {
        #expect(SandboxConfiguration.defaultDataDirectory(environment: [
            "FLIGHTS_SANDBOX_DATA_DIR": "/srv/sandbox", "XDG_DATA_HOME": "/x", "HOME": "/home/a",
        ]).path == "/srv/sandbox")
        #if !os(macOS)
        #expect(SandboxConfiguration.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/x", "HOME": "/home/a"]).path
            == "/x/flights/sandbox")
        #expect(SandboxConfiguration.defaultDataDirectory(environment: ["HOME": "/home/a"]).path
            == "/home/a/.local/share/flights/sandbox")
        #endif
    }

    @Test("the same seed and request number always make the same fault decision")
    func faultDecisions() throws {
        let plan = try FaultPlan(parsing: "error=500@0.3,drop@0.1,truncated@0.2,seed=11")
        let first = (1...200).map { FaultInjector.decision(plan, requestNumber: UInt64($0)) }
        let second = (1...200).map { FaultInjector.decision(plan, requestNumber: UInt64($0)) }
        #expect(first == second)
        let errors = first.filter { $0.errorStatus != nil }.count
        #expect((30...90).contains(errors))
        var other = plan
        other.seed = 12
        #expect((1...200).map { FaultInjector.decision(other, requestNumber: UInt64($0)) } != first)
    }

    @Test("tokens: Duffel's test tokens, or exactly one")
    func tokens() {
        #expect(TokenPolicy.duffelTestTokens.accepts("duffel_test_abc"))
        #expect(!TokenPolicy.duffelTestTokens.accepts("duffel_test_"))
        #expect(!TokenPolicy.duffelTestTokens.accepts("duffel_live_abc"))
        #expect(TokenPolicy.exactly("s3cret").accepts("s3cret"))
        #expect(!TokenPolicy.exactly("s3cret").accepts("duffel_test_abc"))
    }

    @Test("gzip only when the client says it accepts it")
    func gzipNegotiation() {
        #expect(GzipMiddleware.acceptsGzip("gzip, deflate, br"))
        #expect(GzipMiddleware.acceptsGzip("deflate, gzip;q=0.5"))
        #expect(GzipMiddleware.acceptsGzip("*"))
        #expect(!GzipMiddleware.acceptsGzip(nil))
        #expect(!GzipMiddleware.acceptsGzip("identity"))
        #expect(!GzipMiddleware.acceptsGzip("gzip;q=0"))
        #expect(!GzipMiddleware.acceptsGzip("br"))
    }

    @Test("a port already taken is a clear error")
    func portInUse() async throws {
        try await Harness.run { harness in
            await #expect(throws: SandboxError.self) {
                try await Sandbox.start(SandboxConfiguration(
                    port: harness.sandbox.port, dataDirectory: harness.directory, logger: Harness.quietLogger))
            }
        }
    }
}
