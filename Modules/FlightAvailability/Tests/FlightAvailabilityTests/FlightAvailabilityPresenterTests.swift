import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import Services
import Testing

/// A presenter with a spy view and router over fixture services.
@MainActor
private struct Harness {
    let service: FixtureOfferService
    let view = SpyAvailabilityView()
    let router = SpyAvailabilityRouter()
    let presenter: FlightAvailabilityPresenter

    init(
        _ request: SearchRequest = Searches.oneWay, offers: (any OfferService)? = nil, service: FixtureOfferService = FixtureOfferService(),
        style: FlightAvailabilityPresenter.InputStyle = .lines,
        presentation: FlightAvailabilityInput.Presentation = .interactive, limit: Int? = nil
    ) {
        self.service = service
        presenter = FlightAvailabilityPresenter(
            input: FlightAvailabilityInput(request: request, presentation: presentation, limit: limit),
            interactor: makeInteractor(offers ?? service), inputStyle: style)
        presenter.view = view
        presenter.router = router
    }

    /// Shows the screen and waits for the search to finish.
    func appear() async {
        presenter.viewDidAppear()
        await presenter.waitForPendingWork()
    }

    func enter(_ lines: String...) async {
        for line in lines {
            presenter.didEnterLine(line)
            await presenter.waitForPendingWork()
        }
    }
}

@Suite("Presenter: results, rows, sort, filters, pages, errors, flexible dates")
@MainActor
struct FlightAvailabilityPresenterTests {
    // MARK: Showing results

    @Test("the search shows a spinner, then the first page under a header with place names and counts")
    func searchThenResults() async throws {
        let harness = Harness()
        harness.presenter.viewDidAppear()
        let loading = try #require(harness.view.loadings.first)
        #expect(loading.message == "Searching flights LHR → JFK on Fri 18 Dec…")
        #expect(loading.header.title == "LHR → JFK")
        await harness.presenter.waitForPendingWork()
        let results = try #require(harness.view.lastResults)
        #expect(results.header.title == "London (LHR) → New York (JFK)")
        #expect(results.header.details == "Fri 18 Dec · 1 adult · Economy · 14 offers")
        #expect(results.rows.count == 12)
        #expect(results.rows.map(\.number) == Array(1...12))
        #expect(results.status == "Sort: price · Filters: none · Page 1 of 2 (offers 1–12 of 14)")
        #expect(!results.showsLegRoute)
        #expect(harness.router.summaries.isEmpty)
    }

    @Test("a round trip shows both legs under one number, dates and passengers in the header")
    func roundTripRows() async throws {
        let harness = Harness(Searches.roundTrip)
        await harness.appear()
        let results = try #require(harness.view.lastResults)
        #expect(results.header.title == "London (LHR) ⇄ New York (JFK)")
        #expect(results.header.details == "Fri 18 Dec – Mon 28 Dec · 2 adults, 1 child · Economy · 6 offers")
        #expect(results.showsLegRoute)
        #expect(results.rows.count == 6)
        #expect(results.rows.allSatisfy { $0.legs.count == 2 })
        let first = try #require(results.rows.first)
        #expect(first.price == "£1,401.61")
        #expect(first.legs.map(\.route) == ["LHR–JFK", "JFK–LHR"])
        #expect(first.legs.map(\.departs) == ["13:10", "20:35"])
        #expect(first.legs.map(\.arrives) == ["18:05", "11:15+1"])
        #expect(first.legs.map(\.duration) == ["9h 55m", "9h 40m"])
        #expect(first.legs.map(\.stops) == ["1 stop KEF", "1 stop KEF"])
        #expect(first.legs.map(\.flights) == ["FI451, FI615", "FI614, FI450"])
        #expect(first.legs.map(\.airline) == ["Icelandair", "Icelandair"])
    }

    @Test("rows: local times, durations, stops with airports, codeshares, cabin, price")
    func rowFormatting() throws {
        let offers = try Recorded.offers(.offerRequestOneWay)
        func row(_ flight: String) throws -> OfferRowViewModel {
            let offer = try #require(offers.first { $0.slices[0].segments[0].flightNumber == flight })
            return AvailabilityFormat.row(offer, number: 3, highlighted: false)
        }
        let twoStops = try row("ZZ221")
        #expect(twoStops.legs[0].departs == "07:00")
        #expect(twoStops.legs[0].arrives == "16:10")
        #expect(twoStops.legs[0].duration == "14h 10m")
        #expect(twoStops.legs[0].stops == "2 stops DUB, BOS")
        #expect(twoStops.legs[0].flights == "ZZ221, ZZ813, ZZ402")
        #expect(twoStops.legs[0].airline == "Duffel Airways")
        #expect(twoStops.legs[0].fare == "Basic")
        #expect(twoStops.price == "£298.00")
        #expect(twoStops.number == 3)

        // Searched by city, the times say which airport: London has six.
        let offer = try #require(offers.first { $0.slices[0].segments[0].flightNumber == "ZZ221" })
        let byCity = AvailabilityFormat.row(
            offer, number: 1, highlighted: false,
            searched: [SearchSlice(origin: "LON", destination: "NYC", departureDate: CalendarDate(year: 2026, month: 12, day: 18)!)])
        #expect(byCity.legs[0].departs == "07:00 LHR")
        #expect(byCity.legs[0].arrives == "16:10 JFK")

        let codeshare = try row("BA213")
        #expect(codeshare.legs[0].flights == "BA213, BA4417 op. AA")
        #expect(codeshare.legs[0].airline == "British Airways")
        let codeshareFirst = try row("DL9463")
        #expect(codeshareFirst.legs[0].flights == "DL9463 op. KL, DL173, DL5732")

        let direct = try row("BA117")
        #expect(direct.legs[0].stops == "Direct")
        #expect(direct.legs[0].duration == "7h 55m")
        #expect(direct.price == "£498.77")
    }

    @Test("arrivals on a later or earlier day carry the difference")
    func arrivalDayDifference() throws {
        let offers = try Recorded.offers(.offerRequestRoundTrip)
        var slice = try #require(offers.first?.slices[1])
        #expect(AvailabilityFormat.arrival(slice) == "11:15+1")
        let segment = slice.segments[slice.segments.count - 1]
        slice.segments[slice.segments.count - 1].arrivingAt = LocalDateTime(
            date: segment.arrivingAt.date.adding(days: -2), time: segment.arrivingAt.time)
        #expect(AvailabilityFormat.arrival(slice) == "11:15-1")
    }

    @Test("a multi-city search chains its places")
    func multiCityHeader() {
        let request = SearchRequest(
            slices: [
                SearchSlice(origin: "LHR", destination: "JFK", departureDate: date("2026-12-18")),
                SearchSlice(origin: "JFK", destination: "LAX", departureDate: date("2026-12-21")),
            ],
            passengers: [.adult, .infantOnLap])
        #expect(AvailabilityFormat.route(request, nil) == "LHR → JFK → LAX")
        #expect(AvailabilityFormat.dates(request) == "Fri 18 Dec, Mon 21 Dec")
        #expect(AvailabilityFormat.passengers(request.passengers) == "1 adult, 1 infant")
    }

    // MARK: Choosing

    @Test("a number chooses that offer and hands it to the router with the search")
    func numberChoosesOffer() async throws {
        let harness = Harness()
        await harness.appear()
        await harness.enter("2")
        let chosen = try #require(harness.router.summaries.first)
        #expect(chosen.offer.slices[0].segments[0].flightNumber == "FI451")
        #expect(chosen.search == Searches.oneWay)
        await harness.enter("15")
        #expect(harness.view.problems.last == "There is no offer 15; choose 1 to 14.")
        #expect(harness.router.summaries.count == 1)
    }

    @Test("keys: the highlight moves, the page follows, Enter chooses the highlighted offer")
    func highlightAndEnter() async throws {
        let harness = Harness(style: .keys)
        await harness.appear()
        #expect(harness.view.lastResults?.rows.first?.isHighlighted == true)
        harness.presenter.didMoveHighlight(by: 1)
        #expect(harness.view.lastResults?.rows.filter(\.isHighlighted).map(\.number) == [2])
        for _ in 0..<11 { harness.presenter.didMoveHighlight(by: 1) }
        let second = try #require(harness.view.lastResults)
        #expect(second.rows.map(\.number) == [13, 14])
        #expect(second.rows.filter(\.isHighlighted).map(\.number) == [13])
        harness.presenter.didPressEnter()
        #expect(harness.router.summaries.first?.offer.id == harness.presenter.visibleOffers[12].id)
        harness.presenter.didTypeDigit("4")
        #expect(harness.view.lastResults?.rows.filter(\.isHighlighted).map(\.number) == [4])
        harness.presenter.didTypeDigit("1")
        harness.presenter.didTypeDigit("4")
        #expect(harness.view.lastResults?.rows.filter(\.isHighlighted).map(\.number) == [14])
    }

    @Test("next and previous pages, with a word at either end")
    func paging() async throws {
        let harness = Harness()
        await harness.appear()
        await harness.enter("next")
        let second = try #require(harness.view.lastResults)
        #expect(second.rows.map(\.number) == [13, 14])
        #expect(second.status.contains("Page 2 of 2 (offers 13–14 of 14)"))
        await harness.enter("next")
        #expect(harness.view.problems.last == "This is the last page.")
        await harness.enter("prev")
        #expect(harness.view.lastResults?.rows.first?.number == 1)
        await harness.enter("prev")
        #expect(harness.view.problems.last == "This is the first page.")
        harness.presenter.pageLineBudget = 4
        await harness.enter("sort price")
        #expect(harness.view.lastResults?.status.contains("Page 1 of 4") == true)
    }

    @Test("a round trip's page holds half as many offers: each takes two lines")
    func roundTripPaging() async {
        let harness = Harness(Searches.roundTrip)
        harness.presenter.pageLineBudget = 6
        await harness.appear()
        #expect(harness.presenter.offersPerPage == 3)
        #expect(harness.view.lastResults?.rows.count == 3)
    }

    // MARK: Sorting and filtering

    @Test("sorting by each order, typed or chosen from the list")
    func sorting() async throws {
        let harness = Harness()
        await harness.appear()
        await harness.enter("sort duration")
        #expect(harness.view.lastResults?.rows.first?.legs.first?.flights == "BA117")
        #expect(harness.view.lastResults?.status.hasPrefix("Sort: duration") == true)
        await harness.enter("sort dep")
        #expect(harness.view.lastResults?.rows.first?.legs.first?.departs == "06:40")
        await harness.enter("sort sideways")
        #expect(harness.view.problems.last?.contains("Sort by price, duration, departure or arrival") == true)
        await harness.enter("sort")
        let choice = try #require(harness.view.lastChoice)
        #expect(choice.kind == .sort)
        #expect(choice.options.count == 4)
        #expect(choice.selected == 2)
        harness.presenter.didChoose(3, in: .sort)
        #expect(harness.presenter.sort == .arrival)
        #expect(harness.view.lastResults?.rows.first?.legs.first?.arrives == "11:15")
    }

    @Test("filters by stops, airline and departure window, shown in the status; clearing brings all back")
    func filtering() async throws {
        let harness = Harness()
        await harness.appear()
        await harness.enter("filter stops 0")
        var results = try #require(harness.view.lastResults)
        #expect(results.rows.count == 8)
        #expect(results.rows.allSatisfy { $0.legs[0].stops == "Direct" })
        #expect(results.status.contains("Filters: direct only"))
        #expect(results.status.contains("14 without filters"))
        await harness.enter("filter carrier ba,vs")
        results = try #require(harness.view.lastResults)
        #expect(results.rows.map { $0.legs[0].flights } == ["VS3", "BA177", "BA117"])
        await harness.enter("filter depart 11:00-12:00")
        results = try #require(harness.view.lastResults)
        #expect(results.rows.map { $0.legs[0].flights } == ["VS3", "BA177"])
        #expect(results.status.contains("direct only, BA/VS, leaving 11:00–12:00"))
        await harness.enter("filter clear")
        #expect(harness.view.lastResults?.rows.count == 12)
        #expect(harness.view.lastResults?.status.contains("Filters: none") == true)
    }

    @Test("a wrong filter value is explained and changes nothing")
    func badFilterValues() async throws {
        let harness = Harness()
        await harness.appear()
        await harness.enter("filter stops 0")
        let before = harness.view.calls.count
        await harness.enter("filter carrier XX")
        #expect(harness.view.problems.last == "No flight in these offers is with XX; airlines here: AA, B6, BA, DL, EI, FI, KL, VS, ZZ.")
        await harness.enter("filter carrier British")
        #expect(harness.view.problems.last?.contains("is not an airline code") == true)
        await harness.enter("filter depart 9-12")
        #expect(harness.view.problems.last?.contains("HH:MM-HH:MM") == true)
        await harness.enter("filter depart 12:00-09:00")
        #expect(harness.view.problems.last == "The window 12:00–09:00 ends before it starts; give the earlier time first.")
        await harness.enter("filter stops few")
        #expect(harness.view.problems.last?.contains("“few” is not one") == true)
        await harness.enter("filter wings 2")
        #expect(harness.view.problems.last?.hasPrefix("Filter by stops, carrier or depart") == true)
        #expect(harness.view.calls.count == before + 6)
        #expect(harness.presenter.filters == AvailabilityFilters(maxStops: 0))
        #expect(harness.view.lastResults?.rows.count == 8)
    }

    @Test("filters chosen from lists and answered questions; a bad answer is refused by the question")
    func filtersFromMenus() async throws {
        let harness = Harness(style: .keys)
        await harness.appear()
        harness.presenter.didTapFilter()
        #expect(harness.view.lastChoice?.kind == .filter)
        harness.presenter.didChoose(0, in: .filter)
        #expect(harness.view.lastChoice?.kind == .stops)
        harness.presenter.didChoose(1, in: .stops)
        #expect(harness.presenter.filters.maxStops == 1)
        #expect(harness.view.lastResults?.rows.count == 12)
        harness.presenter.didTapFilter()
        harness.presenter.didChoose(1, in: .filter)
        let question = try #require(harness.view.lastQuestion)
        #expect(question.kind == .carriers)
        #expect(question.defaultAnswer == "all")
        #expect(question.intro.first?.contains("BA British Airways") == true)
        #expect(harness.presenter.problem(with: "QQ", for: .carriers) != nil)
        #expect(harness.presenter.problem(with: "EI", for: .carriers) == nil)
        harness.presenter.didAnswer("EI", to: .carriers)
        #expect(harness.view.lastResults?.rows.map { $0.legs[0].flights } == ["EI155, EI105"])
        harness.presenter.didTapFilter()
        harness.presenter.didChoose(2, in: .filter)
        #expect(harness.view.lastQuestion?.kind == .departureWindow)
        #expect(harness.presenter.problem(with: "noon", for: .departureWindow) != nil)
        harness.presenter.didDismissPrompt()
        #expect(harness.presenter.filters.departureWindow == nil)
        harness.presenter.didClearFilters()
        #expect(harness.presenter.filters.isEmpty)
        #expect(harness.view.lastResults?.rows.count == 12)
    }

    @Test("when the filters leave nothing, it says so and offers to clear them")
    func filtersLeaveNothing() async throws {
        let harness = Harness()
        await harness.appear()
        await harness.enter("filter carrier FI", "filter stops 0")
        let empty = try #require(harness.view.lastNoOffers)
        #expect(empty.message == "None of the 14 offers matches the filters (direct only, FI).")
        #expect(empty.suggestion.contains("filter clear"))
        await harness.enter("1", "next")
        #expect(harness.view.problems == [
            "No offer matches the filters: type filter clear to choose from.",
            "No offer matches the filters: type filter clear to change pages.",
        ])
        await harness.enter("filter clear")
        #expect(harness.view.lastResults?.rows.count == 12)
    }

    @Test("b while searching stops the search and goes back")
    func backWhileSearching() async throws {
        let harness = Harness(style: .keys)
        harness.service.holdSearches()
        harness.presenter.viewDidAppear()
        harness.presenter.didTapBack()
        #expect(harness.router.backCount == 1)
        #expect(harness.presenter.phase == .cancelled)
        #expect(harness.view.lastError?.isCancellation == true)
        harness.service.releaseSearches()
        await harness.presenter.waitForPendingWork()
        #expect(harness.view.lastResults == nil)
    }

    // MARK: No offers, errors, cancellation

    @Test("the empty search says no flights were found and goes back to the search")
    func emptySearch() async throws {
        let harness = Harness(Searches.empty)
        await harness.appear()
        let empty = try #require(harness.view.lastNoOffers)
        #expect(empty.message == "No flights found for Providence (PVD) → Praia (RAI) on Fri 18 Dec.")
        #expect(empty.suggestion.contains("dates"))
        await harness.enter("sort duration")
        #expect(harness.view.problems.last == "There are no offers to sort.")
        await harness.enter("back")
        #expect(harness.router.backCount == 1)
        #expect(harness.router.summaries.isEmpty)
    }

    static let failures: [(String, ServiceError)] = [
        ("timeout", .timedOut),
        ("no connection", .cannotConnect("connection refused")),
        ("server error", FixtureFile.errorAPI.error),
        ("airline error", FixtureFile.errorAirline.error),
        ("rate limit", FixtureFile.errorRateLimit.error),
        ("unreadable", .malformedResponse("unexpected end of data")),
    ]

    @Test("every kind of error is shown in words with retry and back; retry searches again", arguments: 0..<6)
    func errorsAndRetry(index: Int) async throws {
        let (_, failure) = Self.failures[index]
        let harness = Harness()
        harness.service.replySearches(with: .failure(failure))
        await harness.appear()
        let error = try #require(harness.view.lastError)
        #expect(!error.isCancellation)
        #expect(error.message == failure.message)
        #expect(error.suggestion == failure.suggestion)
        #expect(error.legend.contains("retry"))
        #expect(error.legend.contains("back"))
        await harness.enter("retry")
        #expect(harness.view.lastResults?.rows.count == 12)
        #expect(harness.service.searches.count == 2)
    }

    @Test("a rate limit says how long to wait")
    func rateLimitWait() async throws {
        let reset = Date().addingTimeInterval(30)
        let apiError = try #require(FixtureFile.errorRateLimit.error.apiError)
        let harness = Harness()
        harness.service.replySearches(with: .failure(.api(apiError, rateLimit: RateLimit(limit: 60, remaining: 0, resetsAt: reset))))
        await harness.appear()
        let error = try #require(harness.view.lastError)
        #expect(error.message == "Too many requests were made to the flight service in a short time.")
        #expect(error.suggestion.hasPrefix("Wait about "))
    }

    @Test("a validation error names the fields and says to edit the search")
    func validationError() async throws {
        let harness = Harness(style: .keys)
        harness.service.replySearches(with: .file(.errorValidation))
        await harness.appear()
        let error = try #require(harness.view.lastError)
        #expect(error.message == FixtureFile.errorValidation.error.message)
        #expect(error.details.count == (FixtureFile.errorValidation.error.apiError?.errors.count ?? 0) - 1)
        #expect(error.suggestion == "Go back (b) to edit the search, then search again.")
        #expect(error.legend.hasPrefix("b back to edit the search"))
        harness.presenter.didTapBack()
        #expect(harness.router.backCount == 1)
    }

    @Test("a search in the past is refused before any call, naming the field")
    func localValidation() async throws {
        var request = Searches.oneWay
        request.slices[0].departureDate = date("2026-11-20")
        let harness = Harness(request)
        await harness.appear()
        let error = try #require(harness.view.lastError)
        #expect(error.message.contains("(slices[0].departure_date)"))
        #expect(harness.service.searches.isEmpty)
    }

    @Test("cancelling the search stays on the screen with a retry; the late answer is ignored")
    func cancellation() async throws {
        let harness = Harness(style: .keys)
        harness.service.holdSearches()
        harness.presenter.viewDidAppear()
        try await eventually("the search to be held") { harness.service.heldSearchCount == 1 }
        harness.presenter.didCancelLoading()
        let cancelled = try #require(harness.view.lastError)
        #expect(cancelled.isCancellation)
        #expect(cancelled.message == "Search cancelled.")
        harness.service.releaseSearches()
        await harness.presenter.waitForPendingWork()
        #expect(harness.view.lastResults == nil)
        #expect(harness.presenter.phase == .cancelled)
        harness.presenter.didTapRetry()
        await harness.presenter.waitForPendingWork()
        #expect(harness.view.lastResults?.rows.count == 12)
    }

    // MARK: Flexible dates

    @Test("flexible dates: a price per day, one failing day shown alone, the searched day known already")
    func flexibleDates() async throws {
        let service = DayFailingOfferService(failures: [date("2026-12-16"): .timedOut])
        let harness = Harness(offers: service, service: service.base, style: .keys)
        await harness.appear()
        harness.presenter.didTapFlexibleDates()
        let first = try #require(harness.view.lastDates)
        #expect(first.rows.count == 7)
        #expect(first.rows[3].fare == "£298.00")
        #expect(first.rows[3].note == "your search")
        #expect(first.rows[3].isHighlighted)
        #expect(first.rows.filter { $0.fare == "…" }.count == 6)
        await harness.presenter.waitForPendingWork()
        let grid = try #require(harness.view.lastDates)
        #expect(grid.rows.map(\.date) == ["Tue 15 Dec", "Wed 16 Dec", "Thu 17 Dec", "Fri 18 Dec", "Sat 19 Dec", "Sun 20 Dec", "Mon 21 Dec"])
        #expect(grid.rows[1].fare == "failed")
        #expect(grid.rows[1].note == "no answer in time")
        #expect(grid.rows[1].isFailure)
        #expect(grid.rows.filter(\.isFailure).count == 1)
        #expect(grid.rows.filter { $0.fare == "£298.00" }.count == 6)
        #expect(grid.footnote.contains("Press r to search the failed days again."))
        // The searched day is not searched again: one search for the results, six for the other days.
        #expect(service.base.searches.count == 7)

        harness.presenter.didMoveHighlight(by: 1)
        harness.presenter.didPressEnter()
        await harness.presenter.waitForPendingWork()
        let results = try #require(harness.view.lastResults)
        #expect(results.header.details.hasPrefix("Sat 19 Dec"))
        harness.presenter.didPressEnter()
        #expect(harness.router.summaries.first?.search.slices.first?.departureDate == date("2026-12-19"))
    }

    @Test("off a TTY the grid is written once, complete; a day is chosen by number; retry searches failed days")
    func flexibleDatesOnLines() async throws {
        let service = DayFailingOfferService(failures: [date("2026-12-20"): .timedOut])
        let harness = Harness(Searches.roundTrip, offers: service, service: service.base)
        await harness.appear()
        await harness.enter("dates")
        #expect(harness.view.calls.filter { if case .flexibleDates = $0 { return true } else { return false } }.count == 1)
        let grid = try #require(harness.view.lastDates)
        #expect(grid.rows.filter(\.isFailure).map(\.date) == ["Sun 20 Dec"])
        await harness.enter("retry")
        #expect(harness.view.lastDates?.rows.filter(\.isFailure).count == 1)
        await harness.enter("9")
        #expect(harness.view.problems.last == "There is no day 9; choose 1 to 7, or back.")
        await harness.enter("back")
        #expect(harness.presenter.phase == .results)
        #expect(harness.router.backCount == 0)
        await harness.enter("dates")
        // Days already priced are kept: only the failed day is searched again.
        let searchesBefore = service.base.searches.count
        await harness.presenter.waitForPendingWork()
        #expect(service.base.searches.count == searchesBefore)
        await harness.enter("1")
        let results = try #require(harness.view.lastResults)
        #expect(results.header.details.hasPrefix("Tue 15 Dec – Fri 25 Dec"))
        #expect(harness.presenter.request.slices.map(\.departureDate) == [date("2026-12-15"), date("2026-12-25")])
    }

    @Test("commands that need offers explain why they cannot run")
    func commandsNeedOffers() async throws {
        let harness = Harness()
        harness.service.replySearches(with: .failure(.timedOut))
        await harness.appear()
        await harness.enter("sort price", "filter stops 0", "dates", "next", "1", "launch")
        #expect(harness.view.problems == [
            "There are no offers to sort: type retry or back.",
            "There are no offers to filter: type retry or back.",
            "There are no offers to see other dates: type retry or back.",
            "There are no offers to change pages: type retry or back.",
            "There are no offers to choose from: type retry or back.",
            "“launch” is not a command here. Type help to see the commands.",
        ])
    }

    @Test("help lists the keys on a TTY and the commands elsewhere")
    func help() async {
        let keys = Harness(style: .keys)
        await keys.appear()
        keys.presenter.didTapHelp()
        #expect(keys.view.helps.last?.rows.contains { $0.keys == "s" } == true)
        let lines = Harness()
        await lines.appear()
        await lines.enter("help")
        #expect(lines.view.helps.last?.rows.contains { $0.keys == "filter carrier BA,VS" } == true)
    }

    // MARK: table and json

    @Test("json: one document of the offers in the chosen order, then the outcome")
    func jsonReport() async throws {
        let harness = Harness(presentation: .json, limit: 3)
        await harness.presenter.runReport()
        let document = try #require(harness.view.documents.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        #expect((object["offers"] as? [Any])?.count == 3)
        #expect((object["offer_request_id"] as? String)?.hasPrefix("orq_") == true)
        #expect(harness.router.outcomes == [.shown(offers: 3)])
        #expect(harness.view.diagnostics.first?.hasPrefix("Searching flights LHR → JFK") == true)
        #expect(harness.view.calls.allSatisfy { if case .loading = $0 { false } else { true } })
    }

    @Test("table: every offer once; no offers and failures end with their outcome")
    func tableReport() async throws {
        let harness = Harness(presentation: .table)
        await harness.presenter.runReport()
        #expect(harness.view.reports.first?.rows.count == 14)
        #expect(harness.router.outcomes == [.shown(offers: 14)])

        let empty = Harness(Searches.empty, presentation: .table)
        await empty.presenter.runReport()
        #expect(empty.view.reports.first?.footnote?.hasPrefix("No flights found") == true)
        #expect(empty.router.outcomes == [.noOffers])

        let failing = Harness(presentation: .json)
        failing.service.replySearches(with: .failure(.timedOut))
        await failing.presenter.runReport()
        #expect(failing.router.outcomes == [.failed(.timedOut)])
        #expect(failing.view.documents.isEmpty)
        #expect(failing.view.diagnostics.last == "✗ The flight service did not answer in time.\n  Check the connection and try again.\n")
    }
}
