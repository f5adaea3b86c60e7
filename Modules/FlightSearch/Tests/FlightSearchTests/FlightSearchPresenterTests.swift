import Entities
import FixtureServices
@testable import FlightSearch
import Foundation
import Services
import Testing

/// Records what the presenter shows and asks.
@MainActor
private final class SpyView: FlightSearchView {
    var backKey = "b"
    private(set) var questions: [FlightSearchQuestion] = []
    private(set) var errors: [FlightSearchErrorViewModel] = []
    private(set) var confirmations: [String] = []
    private(set) var headers: [FlightSearchHeaderViewModel] = []
    private(set) var forms: [FlightSearchFormViewModel] = []
    private(set) var summaries: [FlightSearchSummaryViewModel] = []
    private(set) var legs: [FlightSearchLegsViewModel] = []
    private(set) var progress: [String?] = []
    private(set) var failures: [[String]] = []
    private(set) var finishCount = 0
    private(set) var placeLists: [FlightSearchPlacesViewModel] = []

    func displayHeader(_ header: FlightSearchHeaderViewModel) { headers.append(header) }
    func display(_ form: FlightSearchFormViewModel) { forms.append(form) }
    func displaySummary(_ summary: FlightSearchSummaryViewModel) { summaries.append(summary) }
    func displayLegs(_ legs: FlightSearchLegsViewModel) { self.legs.append(legs) }
    func displayConfirmation(_ text: String) { confirmations.append(text) }
    func displayError(_ error: FlightSearchErrorViewModel) { errors.append(error) }
    func displayProgress(_ message: String?) { progress.append(message) }
    func displayFailure(_ lines: [String]) { failures.append(lines) }
    func displayPlaces(_ places: FlightSearchPlacesViewModel) { placeLists.append(places) }
    func ask(_ question: FlightSearchQuestion) { questions.append(question) }
    func finish() { finishCount += 1 }

    var lastQuestion: FlightSearchQuestion? { questions.last }

    var lastPrompt: String? {
        if case .text(let text)? = questions.last { return text.prompt }
        return nil
    }

    var lastDefault: String? {
        if case .text(let text)? = questions.last { return text.defaultValue }
        return nil
    }

    var lastChoice: FlightSearchChoiceQuestion? {
        if case .choice(let choice)? = questions.last { return choice }
        return nil
    }

    var lastErrorMessages: [String] { errors.last?.messages ?? [] }
}

@Suite("FlightSearchPresenter")
@MainActor
struct FlightSearchPresenterTests {
    private let places = FixturePlaceService()
    private let router = SpyRouter()
    private let view = SpyView()

    private func presenter(
        _ input: FlightSearchInput = FlightSearchInput(), now: Date = TestClock.searchDay
    ) -> FlightSearchPresenter {
        let interactor = FlightSearchInteractor(places: places, now: { now }, timeZone: TestClock.londonZone)
        let presenter = FlightSearchPresenter(input: input, interactor: interactor, router: router)
        presenter.view = view
        return presenter
    }

    /// Fills From LON, To NYC, Depart 18 Dec, one way: the review is next.
    private func fillFastPath(_ presenter: FlightSearchPresenter) async {
        await presenter.didAppear()
        await presenter.didEnter("lon")
        await presenter.didChoose(0)
        await presenter.didEnter("new york")
        await presenter.didChoose(0)
        await presenter.didEnter("18 dec")
        await presenter.didEnter("")
    }

    @Test("the first appearance shows the header and asks where from, with no default")
    func firstQuestion() async {
        let presenter = presenter()
        await presenter.didAppear()
        #expect(view.headers.count == 1)
        #expect(view.headers.first?.hint.contains("b goes back a step; q leaves") == true)
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "From:", defaultValue: nil)))
    }

    @Test("lon offers the city first with all airports, then London's airports; Enter takes the first")
    func suggestionsForLon() async throws {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("lon")
        #expect(places.queries == ["lon"])
        let choice = try #require(view.lastChoice)
        #expect(choice.title == "From")
        #expect(choice.columns == ["Place", "Code", "City", "Country"])
        #expect(choice.defaultIndex == 0)
        #expect(choice.rows.first == ["London (all airports)", "LON", "London", "United Kingdom"])
        #expect(choice.rows.dropFirst().prefix(6).map { $0[1] } == ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"])
        #expect(choice.rows[1] == ["London Heathrow Airport", "LHR", "London", "United Kingdom"])
        #expect(view.progress == ["Looking up “lon”…", nil])
        await presenter.didChoose(0)
        #expect(presenter.draft.legs[0].from?.code == "LON")
        #expect(view.confirmations.last == "London, all airports, United Kingdom (LON)")
        #expect(view.lastPrompt == "To:")
    }

    @Test("an exact code in capitals is taken without a list")
    func exactCode() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("JFK")
        #expect(presenter.draft.legs[0].from?.code == "JFK")
        #expect(view.questions.allSatisfy { if case .choice = $0 { false } else { true } })
        #expect(view.confirmations == ["John F Kennedy International Airport, New York, United States (JFK)"])
        #expect(view.lastPrompt == "To:")
    }

    @Test("an unknown place says so and asks again, keeping the other fields")
    func unknownPlace() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("LHR")
        await presenter.didEnter("xyzzy")
        #expect(view.lastErrorMessages == ["No airport or city matches “xyzzy”. Try a city or an airport name, or a three-letter code."])
        #expect(view.lastPrompt == "To:")
        #expect(presenter.draft.legs[0].from?.code == "LHR")
        #expect(presenter.draft.legs[0].to == nil)
        await presenter.didEnter("JFK")
        #expect(presenter.draft.legs[0].to?.code == "JFK")
    }

    @Test("a place-service timeout is shown in words, and Enter tries the same text again")
    func placeTimeout() async throws {
        let presenter = presenter()
        await presenter.didAppear()
        places.fail(with: .timedOut)
        await presenter.didEnter("lon")
        let error = try #require(view.errors.last)
        #expect(error.messages == ["The flight service did not answer in time. Check the connection and try again."])
        #expect(error.hint == "Press Enter to look up “lon” again, or type another place.")
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "From:", defaultValue: "lon")))
        #expect(view.progress.last == .some(nil))
        places.fail(with: nil)
        await presenter.didEnter("lon")
        #expect(view.lastChoice?.rows.first?[1] == "LON")
        #expect(places.queries == ["lon", "lon"])
    }

    @Test("a look-up cut short by cancellation keeps what was typed as the default")
    func cancelledLookup() async throws {
        let service = HeldPlaceService()
        let interactor = FlightSearchInteractor(places: service, now: { TestClock.searchDay }, timeZone: TestClock.londonZone)
        let presenter = FlightSearchPresenter(input: FlightSearchInput(), interactor: interactor, router: router)
        presenter.view = view
        await presenter.didAppear()
        let typing = Task { await presenter.didEnter("new york") }
        while service.waitingCount == 0 { await Task.yield() }
        typing.cancel()
        await typing.value
        #expect(view.errors.isEmpty)
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "From:", defaultValue: "new york")))
        await presenter.didAppear()
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "From:", defaultValue: "new york")))
        #expect(router.calls.isEmpty)
    }

    @Test("the same place at both ends is refused, a city and its airport too")
    func sameEnds() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("lon")
        await presenter.didChoose(0)
        await presenter.didEnter("LHR")
        #expect(view.lastErrorMessages.first?.contains("are the same place") == true)
        #expect(view.lastPrompt == "To:")
        #expect(presenter.draft.legs[0].to == nil)
    }

    @Test("a past date is refused naming today; the date is asked again")
    func pastDate() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("LHR")
        await presenter.didEnter("JFK")
        await presenter.didEnter("2026-11-01")
        #expect(view.lastErrorMessages == ["2026-11-01 is in the past; choose today (2026-11-22) or later."])
        #expect(view.lastPrompt == "Depart (e.g. 18 dec, fri, +7):")
        #expect(presenter.draft.legs[0].date == nil)
        await presenter.didEnter("fri")
        #expect(presenter.draft.legs[0].date?.description == "2026-11-27")
        #expect(view.confirmations.last == "Fri 27 Nov 2026")
    }

    @Test("a return before the outbound is refused; +N counts from the outbound")
    func returnDates() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("LHR")
        await presenter.didEnter("JFK")
        await presenter.didEnter("18 dec")
        await presenter.didEnter("2026-12-10")
        #expect(view.lastErrorMessages.first?.contains("is before the outbound date, Fri 18 Dec 2026") == true)
        #expect(presenter.draft.returnDate == nil)
        #expect(view.lastPrompt?.hasPrefix("Return") == true)
        await presenter.didEnter("+10")
        #expect(presenter.draft.returnDate?.description == "2026-12-28")
        #expect(presenter.step == .review)
        #expect(view.summaries.last?.parts.prefix(2) == ["LHR ⇄ JFK", "Fri 18 Dec – Mon 28 Dec"])
    }

    @Test("the fast path ends in a one-line summary; Enter hands the request to the router")
    func fastPathSearches() async throws {
        let presenter = presenter()
        await fillFastPath(presenter)
        #expect(view.summaries.last?.parts
            == ["LON → NYC", "Fri 18 Dec, one way", "1 adult", "Economy", "≤1 connection", "any time"])
        #expect(router.calls.isEmpty)
        await presenter.didEnter("")
        let request = try #require(router.requests.first)
        #expect(request.slices == [SearchSlice(origin: "LON", destination: "NYC", departureDate: try #require(CalendarDate("2026-12-18")))])
        #expect(request.passengers == [.adult])
        #expect(request.cabinClass == .economy)
        #expect(request.maxConnections == 1)
        #expect(view.finishCount == 1)
    }

    @Test("coming back after availability shows every field filled in, ready to search again")
    func comingBack() async {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("")
        let questionsBefore = view.questions.count
        await presenter.didAppear()
        let rows = view.forms.last?.rows.map { "\($0.label): \($0.value)" }
        #expect(rows == [
            "From: London, all airports, United Kingdom (LON)",
            "To: New York, all airports, United States (NYC)",
            "Depart: Fri 18 Dec 2026",
            "Return: none (one way)",
            "Passengers: 1 adult",
            "Cabin: Economy",
            "Connections: Up to 1 connection",
            "Departure time: Any time",
        ])
        #expect(view.questions.count == questionsBefore + 1)
        guard case .action(let action)? = view.lastQuestion else {
            Issue.record("Expected the review's keys")
            return
        }
        #expect(action.enterLabel == "search")
        // Change one thing (the cabin) and search again: everything else is as it was.
        await presenter.didEnter("c")
        #expect(view.lastChoice?.title == "Cabin")
        await presenter.didChoose(2)
        await presenter.didEnter("")
        #expect(router.requests.count == 2)
        #expect(router.requests.last?.cabinClass == .business)
        #expect(router.requests.last?.slices == router.requests.first?.slices)
    }

    @Test("passengers: an infant per adult; the other answers are kept while the wrong one is asked again")
    func passengers() async {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("p")
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "Adults (1–9):", defaultValue: "1")))
        await presenter.didEnter("10")
        #expect(view.lastErrorMessages.first?.hasPrefix("Give the number of adults, from 1 to 9") == true)
        await presenter.didEnter("2")
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "Children's ages (e.g. 4, 9; none):", defaultValue: "none")))
        await presenter.didEnter("4, 9")
        await presenter.didEnter("3")
        #expect(view.lastErrorMessages == ["Each infant on a lap needs an adult: 3 infants, 2 adults."])
        #expect(view.lastPrompt == "Infants on a lap (under 2):")
        #expect(presenter.draft.adults == 2)
        #expect(presenter.draft.childAges == [4, 9])
        await presenter.didEnter("1")
        #expect(presenter.step == .review)
        #expect(view.summaries.last?.parts[2] == "2 adults, 2 children (4, 9), 1 infant on a lap")
        await presenter.didEnter("")
        #expect(router.requests.first?.passengers == [.adult, .adult, .child(age: 4), .child(age: 9), .infantOnLap])
    }

    @Test("more than nine passengers is refused at the children")
    func tooManyPassengers() async {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("p")
        await presenter.didEnter("8")
        await presenter.didEnter("3, 5")
        #expect(view.lastErrorMessages == ["At most 9 passengers can book together; split the group into two bookings."])
        #expect(view.lastPrompt == "Children's ages (e.g. 4, 9; none):")
        #expect(presenter.draft.childAges.isEmpty)
    }

    @Test("connections, time window and cabin take effect in the request")
    func options() async throws {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("o")
        #expect(view.lastChoice?.rows.map { $0[0] } == ["Direct flights only", "Up to 1 connection", "Up to 2 connections"])
        #expect(view.lastChoice?.defaultIndex == 1)
        await presenter.didChoose(0)
        await presenter.didEnter("t")
        await presenter.didEnter("17:00-09:00")
        #expect(view.lastErrorMessages == ["The departure window 17:00–09:00 ends before it starts."])
        await presenter.didEnter("morning")
        #expect(view.summaries.last?.parts.suffix(2) == ["direct only", "departs 05:00–11:59"])
        await presenter.didEnter("")
        let request = try #require(router.requests.first)
        #expect(request.maxConnections == 0)
        #expect(request.slices.first?.departureTime?.description == "05:00–11:59")
    }

    @Test("b goes back one step, keeping the answer as the default; at the first step it leaves")
    func backSteps() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("LHR")
        #expect(view.lastPrompt == "To:")
        await presenter.didEnter("b")
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "From:", defaultValue: "LHR")))
        // Enter keeps the place without asking the service again.
        await presenter.didEnter("LHR")
        #expect(places.queries == ["LHR"])
        await presenter.didTapBack()
        await presenter.didTapBack()
        #expect(router.calls == [.back])
        #expect(view.finishCount == 1)
    }

    @Test("back from a list returns to the field; back from the review returns to the return date")
    func backFromListAndReview() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("lon")
        await presenter.didTapBack()
        #expect(view.lastPrompt == "From:")
        await fillFastPath(presenter)
        await presenter.didTapBack()
        #expect(view.lastPrompt?.hasPrefix("Return") == true)
        await presenter.didTapBack()
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "Depart (e.g. 18 dec, fri, +7):", defaultValue: "2026-12-18")))
    }

    @Test("q leaves from anywhere; so do Ctrl-C and the end of input")
    func leaving() async {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("p")
        await presenter.didEnter("q")
        #expect(router.calls == [.back])
        let second = self.presenter()
        await second.didAppear()
        second.didEndInput()
        second.didInterrupt()
        #expect(router.calls == [.back, .back, .back])
    }

    @Test("multi-city: legs are added from the review, must be in date order, and all go in the request")
    func multiCity() async throws {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("m")
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "Leg 2 from:", defaultValue: "NYC")))
        await presenter.didEnter("")
        // An empty line gives the default on a real terminal; the presenter sees the code itself.
        #expect(view.lastErrorMessages.isEmpty == false)
        await presenter.didEnter("NYC")
        await presenter.didEnter("paris cdg")
        await presenter.didChoose(0)
        #expect(view.lastPrompt == "Leg 2 depart (a date, or +N after leg 1):")
        await presenter.didEnter("2026-12-10")
        #expect(view.lastErrorMessages == ["Leg 2 departs on 2026-12-10, before leg 1 (2026-12-18); legs must be in date order."])
        await presenter.didEnter("+4")
        #expect(presenter.step == .legs)
        #expect(view.legs.last?.rows.map { $0[2] } == ["Fri 18 Dec 2026", "Tue 22 Dec 2026"])
        await presenter.didEnter("")
        #expect(view.summaries.last?.parts.prefix(2) == ["LON → NYC → CDG", "Fri 18 Dec, Tue 22 Dec"])
        await presenter.didEnter("")
        let request = try #require(router.requests.first)
        #expect(request.slices.map(\.origin) == ["LON", "NYC"])
        #expect(request.slices.map(\.destination) == ["NYC", "CDG"])
        #expect(request.tripKind == .multiCity)
    }

    @Test("multi-city: at most four legs; backing out of a new leg drops it")
    func legLimits() async {
        let presenter = presenter()
        await fillFastPath(presenter)
        await presenter.didEnter("m")
        await presenter.didTapBack()
        #expect(presenter.step == .legs)
        #expect(presenter.draft.legs.count == 1)
        for (index, destination) in ["LAX", "SFO", "SEA"].enumerated() {
            await presenter.didEnter("a")
            await presenter.didEnter(presenter.draft.legs[index].to?.code ?? "")
            await presenter.didEnter(destination)
            await presenter.didEnter("+1")
        }
        #expect(presenter.draft.legs.count == 4)
        guard case .action(let action)? = view.lastQuestion else {
            Issue.record("Expected the legs' keys")
            return
        }
        #expect(!action.options.contains { $0.label == "add a leg" })
        await presenter.didEnter("a")
        #expect(view.lastErrorMessages == ["At most 4 legs can be searched at once."])
        await presenter.didEnter("d")
        #expect(presenter.draft.legs.count == 3)
    }

    @Test("a round trip turns into two legs for multi-city")
    func roundTripToMultiCity() async {
        let presenter = presenter()
        await presenter.didAppear()
        await presenter.didEnter("LHR")
        await presenter.didEnter("JFK")
        await presenter.didEnter("18 dec")
        await presenter.didEnter("28 dec")
        await presenter.didEnter("m")
        #expect(presenter.step == .legs)
        #expect(presenter.draft.returnDate == nil)
        #expect(presenter.draft.legs.map { "\($0.from?.code ?? "")-\($0.to?.code ?? "")" } == ["LHR-JFK", "JFK-LHR"])
    }

    @Test("interactive input is read as if typed; only what is missing is asked")
    func prefilled() async {
        let presenter = presenter(FlightSearchInput(
            legs: [.init(from: "LHR", to: "new york", date: "")], adults: 2, cabin: .premiumEconomy))
        await presenter.didAppear()
        #expect(presenter.draft.legs[0].from?.code == "LHR")
        #expect(view.lastChoice?.title == "To")
        await presenter.didChoose(1)
        #expect(view.lastPrompt == "Depart (e.g. 18 dec, fri, +7):")
        await presenter.didEnter("18 dec")
        await presenter.didEnter("")
        #expect(view.summaries.last?.parts == [
            "LHR → JFK", "Fri 18 Dec, one way", "2 adults", "Premium economy", "≤1 connection", "any time",
        ])
    }

    @Test("a whole leg on the command line goes straight to the review; a bad field is asked with its message")
    func prefilledComplete() async {
        let presenter = presenter(FlightSearchInput(
            legs: [.init(from: "LHR", to: "JFK", date: "31 feb")], departureWindow: "9-17"))
        await presenter.didAppear()
        #expect(view.lastErrorMessages == ["“31 feb” is not a date: February has 29 days."])
        #expect(view.lastPrompt == "Depart (e.g. 18 dec, fri, +7):")
        await presenter.didEnter("18 dec")
        #expect(presenter.step == .review)
        #expect(view.summaries.last?.parts.last == "departs 09:00–17:00")
    }

    @Test("a search that breaks a rule found only at the end takes the traveller to the field")
    func validationAtSearch() async {
        // Prefilled passengers are judged when searching, like anything else.
        let presenter = presenter(FlightSearchInput(
            legs: [.init(from: "LHR", to: "JFK", date: "18 dec")], adults: 1, infants: 2))
        await presenter.didAppear()
        #expect(presenter.step == .review)
        await presenter.didEnter("")
        #expect(router.calls.isEmpty)
        #expect(view.lastErrorMessages == ["Passengers: Each infant on a lap needs an adult: 2 infants, 1 adults."])
        #expect(presenter.step == .adults)
    }

    @Test("a date that passed while availability was shown is caught when searching again")
    func dayMovesOn() async {
        let clock = TestClock.Settable(TestClock.searchDay)
        let interactor = FlightSearchInteractor(places: places, now: { clock.now }, timeZone: TestClock.londonZone)
        let presenter = FlightSearchPresenter(input: FlightSearchInput(), interactor: interactor, router: router)
        presenter.view = view
        await presenter.didAppear()
        await presenter.didEnter("LHR")
        await presenter.didEnter("JFK")
        await presenter.didEnter("tomorrow")
        await presenter.didEnter("")
        await presenter.didEnter("")
        #expect(router.requests.first?.slices.first?.departureDate.description == "2026-11-23")
        clock.now = TestClock.date(year: 2026, month: 11, day: 24)
        await presenter.didAppear()
        await presenter.didEnter("")
        #expect(router.requests.count == 1)
        #expect(view.lastErrorMessages == ["Depart: 2026-11-23 is in the past; choose today (2026-11-24) or later."])
        #expect(view.lastQuestion == .text(FlightSearchTextQuestion(prompt: "Depart (e.g. 18 dec, fri, +7):", defaultValue: "2026-11-23")))
    }

    @Test("unattended: success goes to availability without asking anything")
    func unattendedSuccess() async {
        let presenter = presenter(FlightSearchInput(
            legs: [.init(from: "LHR", to: "JFK", date: "2026-12-18")], mode: .unattended))
        await presenter.didAppear()
        #expect(router.requests.count == 1)
        #expect(view.questions.isEmpty)
        #expect(view.headers.isEmpty)
        #expect(view.failures.isEmpty)
        await presenter.didAppear()
        #expect(router.calls.last == .back)
    }

    @Test("unattended: problems go to the diagnostics and to the router, and nothing is asked")
    func unattendedFailure() async {
        let presenter = presenter(FlightSearchInput(
            legs: [.init(from: "springfield", to: "JFK", date: "2026-12-18")], mode: .unattended))
        await presenter.didAppear()
        #expect(view.questions.isEmpty)
        #expect(view.failures.count == 1)
        guard case .failed(.invalidInput(let problems))? = router.calls.first else {
            Issue.record("Expected a failure, got \(router.calls)")
            return
        }
        #expect(view.failures.first == problems)
        #expect(problems.first?.contains("SGF") == true)
    }

    @Test("unattended: a place-service failure is reported as such")
    func unattendedServiceFailure() async {
        places.fail(with: .timedOut)
        let presenter = presenter(FlightSearchInput(
            legs: [.init(from: "LHR", to: "JFK", date: "2026-12-18")], mode: .unattended))
        await presenter.didAppear()
        #expect(router.calls == [.failed(.service(.timedOut))])
        #expect(view.failures.first?.first?.contains("did not answer in time") == true)
    }

    @Test("place look-up: the places a text would offer, then back; nothing is asked")
    func placeLookup() async throws {
        let presenter = presenter(FlightSearchInput(placeLookup: "new york"))
        await presenter.didAppear()
        guard case .table(let columns, let rows)? = view.placeLists.first else {
            Issue.record("Expected a table, got \(view.placeLists)")
            return
        }
        #expect(columns == ["Place", "Code", "City", "Country"])
        #expect(rows.map { $0[1] } == ["NYC", "JFK", "LGA", "EWR", "SWF", "ISP"])
        #expect(rows.first == ["New York (all airports)", "NYC", "New York", "United States"])
        #expect(view.questions.isEmpty)
        #expect(router.calls == [.back])
    }

    @Test("place look-up as JSON: Duffel's place objects, readable by the same decoder as a live answer")
    func placeLookupJSON() async throws {
        let presenter = presenter(FlightSearchInput(placeLookup: "lon", json: true))
        await presenter.didAppear()
        guard case .json(let text)? = view.placeLists.first else {
            Issue.record("Expected JSON, got \(view.placeLists)")
            return
        }
        let decoded = try DuffelJSON.decoder().decode([Place].self, from: Data(text.utf8))
        #expect(decoded == (try await places.suggestions(for: "lon")))
        #expect(decoded.first?.airports.count == 6)
        #expect(router.calls == [.back])
    }

    @Test("place look-up failures: nothing found, an empty text is bad input, a timeout is a service failure")
    func placeLookupFailures() async {
        await presenter(FlightSearchInput(placeLookup: "xyzzy")).didAppear()
        await presenter(FlightSearchInput(placeLookup: "  ")).didAppear()
        places.fail(with: .timedOut)
        await presenter(FlightSearchInput(placeLookup: "lon")).didAppear()
        #expect(view.placeLists.isEmpty)
        #expect(router.calls.count == 3)
        #expect(router.calls[0] == .failed(.nothingFound(
            "No airport or city matches “xyzzy”. Try a city or an airport name, or a three-letter code.")))
        if case .failed(.invalidInput(let problems)) = router.calls[1] {
            #expect(problems.first?.hasPrefix("Give a text to look up") == true)
        } else {
            Issue.record("Expected bad input for an empty text, got \(router.calls[1])")
        }
        #expect(router.calls[2] == .failed(.service(.timedOut)))
        #expect(view.failures.count == 3)
    }
}
