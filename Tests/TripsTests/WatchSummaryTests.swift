import Entities
import Foundation
import Testing
import Trips

/// What a watch's history says: its changes, the lowest ever, its price crossed, and the verdict from its own spread.
@Suite struct WatchSummaryTests {
    static let watch = PriceWatch(
        id: 1, search: SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day("2031-03-20"))], passengers: [.adult]),
        below: 400, createdAt: Date(timeIntervalSince1970: 0))

    static func history(_ totals: [Decimal?]) -> [PriceCheck] {
        totals.enumerated().map { index, total in
            PriceCheck(checkedAt: Date(timeIntervalSince1970: Double(index) * 3_600), lowest: total.map(gbp), offer: nil)
        }
    }

    @Test func changesAreSinceTheFirstPricedCheckAndTheCheckJustBefore() {
        let summary = WatchSummary(watch: Self.watch, history: Self.history([nil, 450, 430, 470]))
        #expect(summary.now == gbp(470))
        #expect(summary.changeSinceFirst == gbp(20))
        #expect(summary.changeSinceLast == gbp(40))
        #expect(summary.lowestEver?.lowest == gbp(430))
        #expect(!summary.isUnderPrice)
        // A check that found nothing has no change to tell, and one check alone has no change.
        #expect(WatchSummary(watch: Self.watch, history: Self.history([450, nil])).changeSinceLast == nil)
        #expect(WatchSummary(watch: Self.watch, history: Self.history([450])).changeSinceFirst == nil)
        // The history is read in time order, whatever order it was given in.
        #expect(WatchSummary(watch: Self.watch, history: Self.history([450, 430]).reversed()).now == gbp(430))
    }

    @Test func goingUnderThePriceIsNewsOnceAndAFirstCheckAlwaysSaysWhatItFound() {
        let below = WatchCheckOutcome(
            watch: Self.watch, history: Self.history([450]),
            answer: .found(PriceCheck(checkedAt: Date(timeIntervalSince1970: 99_999), lowest: gbp(399), offer: nil)))
        #expect(below.wentUnderPrice && below.moved)
        let still = WatchCheckOutcome(
            watch: Self.watch, history: Self.history([450, 399]),
            answer: .found(PriceCheck(checkedAt: Date(timeIntervalSince1970: 99_999), lowest: gbp(398), offer: nil)))
        #expect(!still.wentUnderPrice && still.moved && still.summary.isUnderPrice)
        let same = WatchCheckOutcome(
            watch: Self.watch, history: Self.history([398]),
            answer: .found(PriceCheck(checkedAt: Date(timeIntervalSince1970: 99_999), lowest: gbp(398), offer: nil)))
        #expect(!same.moved && !same.wentUnderPrice)
        let first = WatchCheckOutcome(
            watch: Self.watch, history: [],
            answer: .found(PriceCheck(checkedAt: Date(timeIntervalSince1970: 1), lowest: gbp(500), offer: nil)))
        #expect(first.moved && !first.wentUnderPrice)
        // Exactly the price is not under it.
        #expect(!WatchSummary(watch: Self.watch, history: Self.history([400])).isUnderPrice)
    }

    @Test func theVerdictNeedsFiveEarlierTotalsAndPlacesTheLastInTheirSpread() throws {
        #expect(WatchSummary(watch: Self.watch, history: Self.history([400, 410, 420, 430, 390])).verdict == nil)
        let earlier: [Decimal?] = [400, 410, 420, 430, 440]
        let low = try #require(WatchSummary(watch: Self.watch, history: Self.history(earlier + [380])).verdict)
        #expect(low.level == .low)
        #expect(low.median == gbp(420))
        #expect(low.difference == gbp(-40))
        #expect(low.typicalRange == 410...430)
        #expect(low.checks == 5)
        #expect(try #require(WatchSummary(watch: Self.watch, history: Self.history(earlier + [425])).verdict).level == .typical)
        #expect(try #require(WatchSummary(watch: Self.watch, history: Self.history(earlier + [431])).verdict).level == .high)
        // Quartiles between two totals are interpolated.
        #expect(PriceVerdict(now: gbp(1), history: [1, 2, 3, 4, 5, 6])?.typicalRange == Decimal(string: "2.25")!...Decimal(string: "4.75")!)
        // Totals in another currency and checks without offers are not part of the spread.
        let mixed = Self.history(earlier + [nil]) + [PriceCheck(checkedAt: Date(timeIntervalSince1970: 50_000), lowest: Money(amount: 1, currency: "EUR"), offer: nil)]
        #expect(WatchSummary(watch: Self.watch, history: mixed).verdict == nil)
    }
}
