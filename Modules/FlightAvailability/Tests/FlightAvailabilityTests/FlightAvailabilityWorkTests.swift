import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import ModuleCore
import Services
import Synchronization
import Testing
@testable import Trips

@Suite("Work and offers: searching, sorting, filtering, date-grid searches, JSON")
struct FlightAvailabilityWorkTests {
    /// The answer `work` gets from `offers`.
    private func perform(_ work: FlightAvailabilityWork, _ offers: any OfferService = FixtureOfferService()) async -> FlightAvailabilityAction {
        await work.perform(SearchFlights(offers: offers), watching: WatchPrices(offers: offers, watches: nil))
    }

    // MARK: Searching

    @Test("a search follows every page and returns every recorded offer, cheapest first")
    func searchPagesThroughEveryOffer() async throws {
        let service = FixtureOfferService()
        guard case .searchAnswered(1, .success(let result)) = await perform(.search(id: 1, Searches.oneWay), service) else {
            Issue.record("expected the offers")
            return
        }
        let recorded = try Recorded.offers(.offerRequestOneWay)
        #expect(result.offers.count == recorded.count)
        #expect(Set(result.offers.map(\.id)) == Set(recorded.map(\.id)))
        let amounts = result.offers.map(\.totalAmount.amount)
        #expect(amounts == amounts.sorted())
        #expect(service.searches == [Searches.oneWay])
        #expect(!service.listQueries.isEmpty)
        #expect(result.offerRequest.slices.first?.origin.cityName == "London")
    }

    @Test("a search that breaks the rules fails as a validation error naming the field, without a call")
    @MainActor
    func invalidSearchIsRefusedLocally() async throws {
        var request = Searches.oneWay
        request.slices[0].departureDate = date("2026-11-01")
        let service = FixtureOfferService()
        let session = Session(request, interactive: false, service: service)
        try await session.settle(on: "Command:")
        let error = try #require(FlightAvailabilityReducer.refusal(of: request, today: recordingDay))
        #expect(session.screenText.contains("✗ 2026-11-01 is in the past"))
        #expect(error.has(.invalidInputData))
        #expect(error.apiError?.primary?.source?.field == "slices[0].departure_date")
        #expect(error.message.contains("in the past"))
        #expect(service.searches.isEmpty)
        await session.stop()
    }

    @Test("the search operation reports the service's error as a failure")
    func searchOperationReportsFailures() async {
        let service = FixtureOfferService()
        service.replySearches(with: .failure(.timedOut))
        #expect(await perform(.search(id: 3, Searches.oneWay), service) == .searchAnswered(id: 3, .failure(.timedOut)))
    }

    // MARK: Sorting

    private static func firstLegDeparture(_ offer: Offer) -> Date {
        offer.slices[0].segments[0].departingAt.instant(in: offer.slices[0].segments[0].origin.zone)
    }

    private static func firstLegArrival(_ offer: Offer) -> Date {
        let last = offer.slices[0].segments[offer.slices[0].segments.count - 1]
        return last.arrivingAt.instant(in: last.destination.zone)
    }

    @Test("each sort order puts the offers in order of its key, keeping every offer", arguments: AvailabilitySort.allCases)
    func sortOrders(sort: AvailabilitySort) throws {
        for file in [FixtureFile.offerRequestOneWay, .offerRequestRoundTrip] {
            let offers = try Recorded.offers(file)
            let sorted = AvailabilityOffers.sorted(offers.reversed(), by: sort)
            #expect(Set(sorted.map(\.id)) == Set(offers.map(\.id)))
            #expect(sorted.count == offers.count)
            for (earlier, later) in zip(sorted, sorted.dropFirst()) {
                switch sort {
                case .price: #expect(earlier.totalAmount.amount <= later.totalAmount.amount)
                case .duration: #expect(earlier.totalDuration <= later.totalDuration)
                case .departure: #expect(Self.firstLegDeparture(earlier) <= Self.firstLegDeparture(later))
                case .arrival: #expect(Self.firstLegArrival(earlier) <= Self.firstLegArrival(later))
                case .emissions:
                    let (lhs, rhs) = (AvailabilityOffers.emissionsKg(earlier), AvailabilityOffers.emissionsKg(later))
                    #expect(lhs != nil && rhs != nil && (lhs ?? 0) <= (rhs ?? 0))
                }
            }
        }
    }

    @Test("the recorded one-way search's first offer under each order")
    func sortFirsts() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        func first(_ sort: AvailabilitySort) -> String? {
            AvailabilityOffers.sorted(offers, by: sort).first?.slices.first?.segments.first?.flightNumber
        }
        #expect(first(.price) == "ZZ221")      // £298.00, two stops
        #expect(first(.duration) == "BA117")   // 7h 55m
        #expect(first(.departure) == "EI155")  // 06:40
        #expect(first(.arrival) == "BA117")    // 11:15
    }

    @Test("ties keep the cheaper offer first")
    func tiesGoToTheCheaper() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        // B6 and ZZ121 both take 8h 10m; AA101 too.
        let byDuration = AvailabilityOffers.sorted(offers, by: .duration).filter { $0.totalDuration.seconds == 8 * 3600 + 600 }
        #expect(byDuration.count == 3)
        #expect(byDuration.map(\.totalAmount.amount) == byDuration.map(\.totalAmount.amount).sorted())
    }

    // MARK: Filtering

    @Test("filtering by stops keeps offers with at most that many stops on every leg")
    func filterByStops() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        let direct = AvailabilityOffers.filtered(offers, by: AvailabilityFilters(maxStops: 0))
        #expect(direct.count == 8)
        #expect(direct.allSatisfy { $0.slices.allSatisfy { $0.segments.count == 1 } })
        #expect(AvailabilityOffers.filtered(offers, by: AvailabilityFilters(maxStops: 1)).count == 12)
        #expect(AvailabilityOffers.filtered(offers, by: AvailabilityFilters(maxStops: 2)).count == 14)
        let roundTrip = try Recorded.offers(.offerRequestRoundTrip)
        #expect(AvailabilityOffers.filtered(roundTrip, by: AvailabilityFilters(maxStops: 0)).count == 4)
    }

    @Test("filtering by airline keeps offers whose every flight is sold or flown by a chosen airline")
    func filterByCarrier() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        func numbers(_ carriers: Set<String>) -> Set<String> {
            Set(AvailabilityOffers.filtered(offers, by: AvailabilityFilters(carriers: carriers))
                .map { $0.slices[0].segments.map(\.flightNumber).joined(separator: "+") })
        }
        // BA4417 is flown by American: a BA offer all the same.
        #expect(numbers(["BA"]) == ["BA213+BA4417", "BA177", "BA117"])
        #expect(numbers(["AA"]) == ["AA101"])
        #expect(numbers(["BA", "VS"]) == ["BA213+BA4417", "BA177", "BA117", "VS3"])
        #expect(numbers(["KL"]) == ["KL1000+KL641"])
        #expect(numbers(["DL", "KL"]).contains("DL9463+DL173+DL5732"))
    }

    @Test("filtering by departure window looks at the first leg's local departure")
    func filterByDepartureWindow() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        let window = TimeWindow(from: LocalTime(hour: 9, minute: 0) ?? LocalTime(minutesSinceMidnight: 0),
                                to: LocalTime(hour: 12, minute: 0) ?? LocalTime(minutesSinceMidnight: 0))
        let kept = AvailabilityOffers.filtered(offers, by: AvailabilityFilters(departureWindow: window))
        #expect(Set(kept.compactMap { $0.slices[0].departingAt.map { "\($0.time)" } }) == ["09:25", "09:45", "11:00", "11:05", "11:40"])
        let combined = AvailabilityFilters(maxStops: 0, carriers: ["BA", "VS"], departureWindow: window)
        #expect(AvailabilityOffers.filtered(offers, by: combined).map { $0.slices[0].segments[0].flightNumber } .sorted() == ["BA177", "VS3"])
    }

    @Test("the airlines of a search, for the filter")
    func carriersListed() throws {
        let carriers = AvailabilityOffers.carriers(in: try Recorded.offers(.offerRequestOneWay))
        #expect(carriers.compactMap(\.iataCode) == ["AA", "B6", "BA", "DL", "EI", "FI", "KL", "VS", "ZZ"])
    }

    // MARK: Date grid

    @Test("each day gets its cheapest price; a failing day fails alone; every leg moves alike")
    func cheapestFaresWithOneFailure() async {
        let base = FixtureOfferService()
        let service = DayFailingOfferService(base: base, failures: [date("2026-12-16"): .timedOut])
        let days = ["2026-12-15", "2026-12-16", "2026-12-17", "2026-12-19"].map(date)
        var fares: [CalendarDate: Outcome<Money?, ServiceError>] = [:]
        for day in days {
            let days = GridDays(departure: day)
            let work = FlightAvailabilityWork.searchFare(id: 1, days: days, Searches.roundTrip.shifted(toDepartOn: day))
            if case .fareAnswered(1, days, let outcome) = await perform(work, service) { fares[day] = outcome }
        }
        #expect(fares.count == 4)
        #expect(fares[date("2026-12-16")] == .failure(.timedOut))
        let cheapest = Money(amount: Decimal(string: "1401.61") ?? 0, currency: "GBP")
        for day in ["2026-12-15", "2026-12-17", "2026-12-19"].map(date) { #expect(fares[day] == .success(cheapest)) }
        let searched = base.searches.map { $0.slices.map(\.departureDate.description) }
        #expect(Set(searched) == [
            ["2026-12-15", "2026-12-25"], ["2026-12-16", "2026-12-26"], ["2026-12-17", "2026-12-27"],
            ["2026-12-19", "2026-12-29"],
        ])
    }

    @Test("a day without flights says so")
    func dayWithoutFlights() async {
        let day = date("2026-12-19")
        let fare = await perform(.searchFare(id: 2, days: GridDays(departure: day), Searches.empty.shifted(toDepartOn: day)))
        #expect(fare == .fareAnswered(id: 2, days: GridDays(departure: day), .success(nil)))
    }

    // MARK: JSON

}

struct ConditionTimeout: Error, CustomStringConvertible {
    let condition: String
    var description: String { "Timed out waiting for \(condition)" }
}

/// Polls `condition` until it holds, failing after `timeout`: for state outside any terminal (a service's held
/// searches) that offers nothing to await.
func eventually(
    _ condition: String, timeout: Duration = .seconds(30), _ check: @Sendable () -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while !check() {
        guard ContinuousClock.now < deadline else { throw ConditionTimeout(condition: condition) }
        try await Task.sleep(for: .milliseconds(2))
    }
}
