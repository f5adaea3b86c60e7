import Entities
import FlightsMCP
import Foundation
import Synchronization

/// A toolbox that answers from values the test gives and counts what it was asked, so the tests see what the
/// server passes on (and what it never reaches, when the arguments are refused first).
final class FakeToolbox: FlightsToolbox {
    let calls = Mutex<[String]>([])
    let searches = Mutex<[TripSearch]>([])
    let bookingRequests = Mutex<[BookingRequest]>([])
    let offers: [Offer]
    let failure: ToolFailure?
    let quote = OrderCancellation(
        id: "ore_1", orderId: "ord_1", refundAmount: Money(amount: 90, currency: "GBP"), refundTo: "original_form_of_payment",
        expiresAt: nil, confirmedAt: nil, createdAt: nil, liveMode: false)

    /// Whether a search of dates or a booking waits after its first report until ``release`` yields (or its call is
    /// cancelled), so a test can act while it is under way.
    let waits: Bool
    let release = AsyncStream<Void>.makeStream()
    /// How each search of dates or booking ended: `dates searched`, `dates cancelled after 1`, `book finished`, …
    let endings = AsyncStream<String>.makeStream()

    init(offers: [Offer] = [], failure: ToolFailure? = nil, waits: Bool = false) {
        self.offers = offers
        self.failure = failure
        self.waits = waits
    }

    /// Returns when the test releases the work, or its call is cancelled.
    private func held() async {
        guard waits else { return }
        for await _ in release.stream { return }
    }

    func record(_ name: String) throws(ToolFailure) {
        calls.withLock { $0.append(name) }
        if let failure { throw failure }
    }

    func places(matching query: String) async throws(ToolFailure) -> [Place] {
        try record("places \(query)")
        return []
    }

    func searchFlights(_ search: TripSearch) async throws(ToolFailure) -> FoundOffers {
        try record("search")
        searches.withLock { $0.append(search) }
        return FoundOffers(offerRequestID: "orq_1", offers: offers)
    }

    func searchDates(_ search: TripSearch) async throws(ToolFailure) -> [DateCell] {
        try record("dates")
        searches.withLock { $0.append(search) }
        return []
    }

    /// Three days, each reported; held after the first.
    func searchDates(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> [DateCell] {
        let cells = try await searchDates(search)
        for day in 1...3 {
            await progress.report(day, of: 3, "\(day) of 3 days searched")
            if day == 1 { await held() }
            if Task.isCancelled {
                endings.continuation.yield("dates cancelled after \(day)")
                return cells
            }
        }
        endings.continuation.yield("dates searched")
        return cells
    }

    func offer(id: String) async throws(ToolFailure) -> Offer {
        try record("offer \(id)")
        guard let offer = offers.first(where: { $0.id == id }) else { throw ToolFailure(.offerUnavailable, "No offer \(id).") }
        return offer
    }

    func seatMaps(offerID: String) async throws(ToolFailure) -> [SeatMap] {
        try record("seats \(offerID)")
        return []
    }

    func book(_ request: BookingRequest) async throws(ToolFailure) -> BookingMade {
        try record("book")
        bookingRequests.withLock { $0.append(request) }
        throw ToolFailure(.priceChanged, "Nothing was booked.", total: Money(amount: 412.5, currency: "GBP"))
    }

    /// The first step reported; held; then booked as ``book(_:)`` books (a changed price).
    func book(_ request: BookingRequest, progress: ToolProgress) async throws(ToolFailure) -> BookingMade {
        await progress.report(1, of: 2, "Sending the order")
        await held()
        endings.continuation.yield(Task.isCancelled ? "book cancelled" : "book finished")
        return try await book(request)
    }

    func bookings() async throws(ToolFailure) -> [BookingRecord] {
        try record("bookings")
        return []
    }

    func booking(reference: String) async throws(ToolFailure) -> BookingFound {
        try record("booking \(reference)")
        throw ToolFailure(.notFound, "No booking \(reference).")
    }

    func pay(reference: String, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        try record("pay \(reference) \(agreedTotal)")
        throw ToolFailure(.priceChanged, "Nothing was paid.")
    }

    func quoteCancellation(reference: String) async throws(ToolFailure) -> OrderCancellation {
        try record("quote \(reference)")
        return quote
    }

    func cancel(reference: String, agreedRefund: Decimal) async throws(ToolFailure) -> OrderCancellation {
        try record("cancel \(reference) \(agreedRefund)")
        var done = quote
        done.confirmedAt = Date(timeIntervalSince1970: 0)
        return done
    }
}

extension FakeToolbox {
    /// Two ways to change: money back (the cheapest), and one costing £30.00.
    func quoteChange(reference: String, plan: ChangePlan) async throws(ToolFailure) -> [OrderChangeOffer] {
        try record("quote change \(reference) \(plan.moves.map { "\($0.flight)=\($0.day)" })")
        return [(id: "oco_1", total: Decimal(string: "-12.40") ?? 0), (id: "oco_2", total: 30)].map { offer in
            OrderChangeOffer(
                id: offer.id, changeTotalAmount: Money(amount: offer.total, currency: "GBP"), newTotalAmount: nil,
                penaltyTotalAmount: nil, expiresAt: nil, refundTo: nil, slices: OrderChangeSlices(), createdAt: nil, updatedAt: nil)
        }
    }

    func change(reference: String, plan: ChangePlan, agreedTotal: Decimal) async throws(ToolFailure) -> Order {
        let chosen = plan.offerID.map { " \($0)" } ?? ""
        try record("change \(reference) \(agreedTotal) \(plan.moves.map { "\($0.flight)=\($0.day)" })\(chosen)")
        let total = plan.offerID == "oco_2" ? Decimal(30) : Decimal(string: "-12.40") ?? 0
        guard agreedTotal == total else {
            throw ToolFailure(.priceChanged, "Nothing was changed.", total: Money(amount: total, currency: "GBP"))
        }
        do {
            return try DuffelJSON.decoder().decode(Order.self, from: Data(#"{"id": "ord_1", "booking_reference": "ABC123"}"#.utf8))
        } catch {
            throw ToolFailure(.serviceError, "The test's order does not decode: \(error)")
        }
    }
}

extension FakeToolbox {
    /// Watch 7, LHR → JFK, with one check at £412.50, and what a check of it came to.
    func report(id: Int = 7, status: String? = nil) -> WatchReport {
        let day = CalendarDate(year: 2031, month: 3, day: 20) ?? CalendarDate(dayNumber: 0)
        let check = PriceCheck(checkedAt: Date(timeIntervalSince1970: 0), lowest: Money(amount: 412.5, currency: "GBP"), offer: nil)
        return WatchReport(
            id: id,
            search: SearchRequest(slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day)], passengers: [.adult]),
            latestDeparture: nil, below: 400, airlines: [], createdAt: Date(timeIntervalSince1970: 0), backend: "sandbox",
            lowestNow: check.lowest, changeSinceFirst: nil, changeSinceLast: nil, lowestEver: check.lowest,
            underPrice: false, verdict: nil, history: [check],
            check: status.map { WatchReport.Check(status: $0, moved: true, wentUnderPrice: false) })
    }

    func watchTrip(_ search: TripSearch, terms: WatchAsked) async throws(ToolFailure) -> WatchReport {
        searches.withLock { $0.append(search) }
        try record("watch \(search.legs.map { "\($0.origin)-\($0.destination)" }) below \(terms.below.map { "\($0)" } ?? "-") until \(terms.latestDeparture ?? "-") \(terms.airlines)")
        return report(status: "checked")
    }

    func watches() async throws(ToolFailure) -> [WatchReport] {
        try record("watches")
        return [report()]
    }

    func checkWatches(ids: [Int]?) async throws(ToolFailure) -> [WatchReport] {
        try record("check \(ids.map { "\($0)" } ?? "all")")
        return [report(status: "failed")]
    }

    func removeWatch(id: Int) async throws(ToolFailure) -> WatchReport {
        try record("remove \(id)")
        guard id == 7 else { throw ToolFailure(.notFound, "There is no watch \(id).") }
        return report()
    }
}
