import Entities
import Foundation
import Testing

/// Prices that move with the time of the search, as a price watch needs them to: with each six-hour fare filing and
/// the days left, the same within a filing; and LHR → LIS's seat sale from 10 days before departure.
@Suite struct PriceMovementTests {
    /// The lowest total of a search for the flight `days` ahead of `clock`'s today, made now.
    static func lowest(_ harness: Harness, _ from: String, _ to: String, on day: CalendarDate) async throws -> Decimal {
        let request = SearchRequest(
            slices: [SearchSlice(origin: from, destination: to, departureDate: day)], passengers: [.adult])
        let offers = try await harness.offers.createOfferRequest(request, returnOffers: true).offers
        return try #require(offers.map(\.totalAmount.amount).min())
    }

    @Test func theSameSearchCostsTheSameWithinAFilingAndMovesWithTheNext() async throws {
        let clock = TestClock()
        try await Harness.run(clock: clock) { harness in
            let day = clock.date(daysAhead: 40)
            var totals: [Decimal] = []
            // Four filings of one day, each searched twice an hour apart (the filing starts at 06:00, 12:00, …).
            clock.advance(by: 3 * 3_600)  // 12:30 UTC
            for _ in 0..<4 {
                let first = try await Self.lowest(harness, "LHR", "JFK", on: day)
                clock.advance(by: 3_600)
                #expect(try await Self.lowest(harness, "LHR", "JFK", on: day) == first)
                totals.append(first)
                clock.advance(by: 5 * 3_600)
            }
            #expect(Set(totals).count > 1, "\(totals)")
            // Every move stays within the filing's 8% either way, with the day's own change beside it.
            let spread = (totals.max() ?? 0) / (totals.min() ?? 1)
            #expect(spread < Decimal(string: "1.25")!, "\(totals)")
        }
    }

    @Test func lhrToLisbonIsOnSaleFromTenDaysBeforeDeparture() async throws {
        let clock = TestClock()
        try await Harness.run(clock: clock) { harness in
            let day = clock.date(daysAhead: 11)
            let before = try await Self.lowest(harness, "LHR", "LIS", on: day)
            let elsewhere = try await Self.lowest(harness, "LHR", "OPO", on: day)
            clock.advance(by: 86_400)
            let during = try await Self.lowest(harness, "LHR", "LIS", on: day)
            let elsewhereAfter = try await Self.lowest(harness, "LHR", "OPO", on: day)
            // Fares fall to 40% (taxes stay): the total falls by far more than a filing moves it.
            #expect(during < before * Decimal(string: "0.75")!, "before \(before), during \(during)")
            #expect(elsewhereAfter > elsewhere * Decimal(string: "0.8")!, "another route: \(elsewhere) → \(elsewhereAfter)")
        }
    }
}
