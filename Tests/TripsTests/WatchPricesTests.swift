import Entities
import FixtureServices
import Foundation
import LocalStore
import Services
import Synchronization
import Testing
import Trips

/// The core's price watches over the fixture offers (priced by the day searched) and the real SQLite store: what a
/// watch searches, what a check writes, and what it refuses.
@Suite struct WatchPricesTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("flights-watch-core-\(UUID().uuidString)", isDirectory: true)

    static let today = day("2026-11-28")
    static let departure = day("2026-12-15")

    func trip(_ offers: any OfferService) -> TripServices {
        TripServices(
            offers: offers, orders: FixtureOrderService(), bookings: FileBookingStore(directory: directory),
            backend: "fixtures", now: { Date(timeIntervalSince1970: 1_795_000_000) }, watches: SQLiteWatchStore(directory: directory))
    }

    static func request(_ departure: CalendarDate = departure, returning: Int? = nil) -> SearchRequest {
        var slices = [SearchSlice(origin: "LHR", destination: "JFK", departureDate: departure)]
        if let returning { slices.append(SearchSlice(origin: "JFK", destination: "LHR", departureDate: departure.adding(days: returning))) }
        return SearchRequest(slices: slices, passengers: [.adult])
    }

    @Test func aWindowSearchesEachDayOnceKeepsTheNightsAndRecordsTheLowest() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let added = await WatchPrices(trip(offers)).add(
            Self.request(returning: 7), terms: WatchTerms(latestDeparture: Self.departure.adding(days: 4)), today: Self.today)
        let outcome = try added.get()
        // One search per day of the window, each a 7-night trip.
        #expect(offers.searched.map(\.departure).sorted() == (0...4).map { Self.departure.adding(days: $0) })
        #expect(offers.searched.allSatisfy { $0.nights == 7 })
        guard case .found(let check) = outcome.answer else { throw Unexpected("\(outcome.answer)") }
        // The cheapest day is the first (£10 more each day after), and its cheapest offer is kept.
        let fixtures = try await FixtureOfferService().search(Self.request(returning: 7)).offers
        #expect(check.lowest == fixtures.map(\.totalAmount).min { $0.amount < $1.amount })
        #expect(try SQLiteWatchStore(directory: directory).history(of: outcome.watch.id) == [check])
    }

    @Test func airlinesKeptToAreTheOnlyOnesThatCount() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let all = try await offers.base.search(Self.request()).offers
        let owners = Set(all.compactMap(\.owner.iataCode))
        try #require(owners.count > 1, "the fixtures sell more than one airline")
        let dearest = try #require(owners.max { left, right in
            let l = all.filter { $0.owner.iataCode == left }.map(\.totalAmount.amount).min() ?? 0
            let r = all.filter { $0.owner.iataCode == right }.map(\.totalAmount.amount).min() ?? 0
            return l < r
        })
        let added = try await WatchPrices(trip(offers)).add(
            Self.request(), terms: WatchTerms(airlines: [dearest.lowercased()]), today: Self.today).get()
        guard case .found(let check) = added.answer else { throw Unexpected("\(added.answer)") }
        #expect(added.watch.airlines == [dearest])
        #expect(check.offer?.airlineCode == dearest)
    }

    @Test func whatCannotBeWatchedIsSaidAndNothingIsKept() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let watching = WatchPrices(trip(WatchDayPricedOffers()))
        let cases: [(SearchRequest, WatchTerms, String)] = [
            (Self.request(day("2026-11-20")), WatchTerms(), "past"),
            (Self.request(), WatchTerms(latestDeparture: Self.departure.adding(days: 31)), "at most 31 days"),
            (Self.request(), WatchTerms(latestDeparture: Self.departure.adding(days: -1)), "before its first"),
            (Self.request(), WatchTerms(below: 0), "more than zero"),
            (Self.request(), WatchTerms(airlines: ["BAW"]), "not an airline code"),
        ]
        for (request, terms, words) in cases {
            guard case .failure(.invalid(let problems)) = await watching.add(request, terms: terms, today: Self.today) else {
                Issue.record("\(words): not refused")
                continue
            }
            #expect(problems.joined().lowercased().contains(words), "\(problems)")
        }
        #expect(try watching.list().get().isEmpty)
    }

    @Test func aCheckWhoseSearchesAllFailWritesNothingAndSaysWhy() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let watching = WatchPrices(trip(offers))
        let added = try await watching.add(Self.request(), today: Self.today).get()
        offers.failing.withLock { $0 = true }
        let checked = try await watching.checkAll(today: Self.today).get()
        guard case .failed = try #require(checked.first).answer else { throw Unexpected("\(checked)") }
        #expect(checked.first?.moved == true)
        #expect(try watching.summary(of: added.watch.id).get().history.count == 1)
    }

    @Test func aWindowWithADayUnansweredIsNotCheckedRatherThanPricedFromSomeDays() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let watching = WatchPrices(trip(offers))
        let added = try await watching.add(
            Self.request(), terms: WatchTerms(latestDeparture: Self.departure.adding(days: 4)), today: Self.today).get()
        offers.failingDays.withLock { $0 = [Self.departure.adding(days: 2)] }
        let checked = try await watching.checkAll(today: Self.today).get()
        guard case .failed = try #require(checked.first).answer else { throw Unexpected("\(checked)") }
        #expect(try watching.summary(of: added.watch.id).get().history.count == 1)
    }

    @Test func aWatchMadeOnAnotherBackendIsNotSearchedHere() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let added = try await WatchPrices(trip(offers)).add(Self.request(), today: Self.today).get()
        #expect(added.watch.backend == "fixtures")
        let searches = offers.searched.count
        let elsewhere = WatchPrices(
            offers: offers, watches: SQLiteWatchStore(directory: directory), backend: "api.example.com")
        let checked = try await elsewhere.checkAll(today: Self.today).get()
        #expect(checked.first?.answer == .elsewhere("fixtures"))
        #expect(checked.first?.moved == false)
        #expect(offers.searched.count == searches)
        #expect(try elsewhere.summary(of: added.watch.id).get().history.count == 1)
    }

    @Test func aCheckOfAWatchWhoseDaysArePastSearchesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let watching = WatchPrices(trip(offers))
        _ = try await watching.add(Self.request(), today: Self.today).get()
        let searches = offers.searched.count
        let checked = try await watching.checkAll(today: Self.departure.adding(days: 1)).get()
        #expect(checked.first?.answer == .over)
        #expect(offers.searched.count == searches)
    }

    @Test func aCancelledCheckWritesNothing() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let offers = WatchDayPricedOffers()
        let watching = WatchPrices(trip(offers))
        _ = try await watching.add(Self.request(), today: Self.today).get()
        _ = try await watching.add(Self.request(day("2026-12-20")), today: Self.today).get()
        let check = Task { await watching.checkAll(today: Self.today) { done, _ in
            // Cancelled as the second watch is about to be searched: the first's check must not be written.
            if done == 1 { withUnsafeCurrentTask { $0?.cancel() } }
        } }
        #expect(await check.value == .failure(.cancelled))
        #expect(try watching.list().get().map(\.history.count) == [1, 1])
    }

    @Test func unknownWatchesAreNamed() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let watching = WatchPrices(trip(WatchDayPricedOffers()))
        #expect(watching.summary(of: 4) == .failure(.notFound(4)))
        #expect(watching.remove(4) == .failure(.notFound(4)))
        #expect(await watching.checkAll(only: [4], today: Self.today) == .failure(.notFound(4)))
        #expect(WatchFailure.notFound(4).description.contains("flights watches"))
    }
}

/// The fixture's offers, £10 more for each day the departure is after 15 Dec; every search noted (its departure and
/// nights); every search failing once `failing` is set.
final class WatchDayPricedOffers: OfferService {
    let base = FixtureOfferService()
    let failing = Mutex(false)
    /// Days whose searches fail.
    let failingDays = Mutex<Set<CalendarDate>>([])
    private let searches = Mutex<[(departure: CalendarDate, nights: Int?)]>([])

    var searched: [(departure: CalendarDate, nights: Int?)] { searches.withLock { $0 } }

    private func extra(_ day: CalendarDate) -> Decimal { Decimal(10 * WatchPricesTests.departure.days(until: day)) }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        if failing.withLock({ $0 }) { throw .transport("No airline answered.") }
        guard let first = request.slices.first?.departureDate else { throw .transport("no slices") }
        if failingDays.withLock({ $0.contains(first) }) { throw .transport("That day's airlines did not answer.") }
        searches.withLock { $0.append((first, request.slices.count == 2 ? first.days(until: request.slices[1].departureDate) : nil)) }
        var made = try await base.createOfferRequest(request, returnOffers: returnOffers)
        made.id = "\(made.id)|\(first)"
        return made
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        var original = query
        let parts = query.offerRequestID.split(separator: "|").map(String.init)
        original.offerRequestID = parts.first ?? ""
        var page = try await base.offers(original)
        let extra = parts.count > 1 ? CalendarDate(parts[1]).map(extra) ?? 0 : 0
        page.items = page.items.map { offer in
            var priced = offer
            priced.totalAmount = Money(amount: offer.totalAmount.amount + extra, currency: offer.totalAmount.currency)
            return priced
        }
        return page
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        try await base.offer(id: id)
    }
}
