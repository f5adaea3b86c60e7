import Entities
import FixtureServices
import Foundation
@testable import FlightSearch
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
import TravelText
@testable import Trips

/// The reducer as a story: each action, how the state changed, the exact effects, and what the screen then asks.
@Suite("FlightSearchReducer")
struct FlightSearchReducerTests {
    typealias State = FlightSearchState
    typealias Store = TestStore<FlightSearchReducer>

    /// Sunday 2026-11-22, the day the fixtures were recorded.
    private let today = CalendarDate(year: 2026, month: 11, day: 22) ?? CalendarDate(Date.distantPast, in: .gmt)

    /// A screen on a pipe (`b` goes back), or on a TTY.
    private func fresh(_ input: FlightSearchInput = FlightSearchInput(), tty: Bool = false) -> State {
        State(input: input, today: today, isInteractive: tty)
    }

    private func places(_ text: String) async throws -> [Place] {
        try await FixturePlaceService().suggestions(for: text)
    }

    /// `state` after `actions`, for setting a scene.
    private func after(_ state: State, _ actions: FlightSearchAction...) -> State {
        var state = state
        for action in actions { _ = FlightSearchReducer.reduce(&state, action) }
        return state
    }

    /// The question the screen asks in `state`.
    /// The question asked, without its help (told by the help tests).
    private func asked(_ state: State) -> ScreenQuestion? {
        FlightSearchReducer.screen(state).question?.helped(by: [])
    }

    private func error(_ message: String, hint: String? = nil) -> FlightSearchEffect {
        .note(.error(message, suggestion: hint))
    }

    /// A state at the review: LHR → JFK on 18 Dec, one way.
    private func atReview() async throws -> State {
        var state = after(fresh(), .appeared(today: today), .entered("LHR"), .placesAnswered(id: 1, .success(try await places("LHR"))))
        state = after(state, .entered("JFK"), .placesAnswered(id: 2, .success(try await places("JFK"))))
        return after(state, .entered("18 dec"), .entered(""))
    }

    // MARK: The form

    @Test("the first appearance shows the header and asks where from, with no default")
    func firstAppearance() {
        var store = Store(fresh())
        store.send(.appeared(today: today), effects: []) {
            $0.appearances = 1
            $0.plan = State.Plan(steps: [.origin(leg: 0), .destination(leg: 0), .departure(leg: 0), .returnDate, .review], exit: .leave)
        }
        #expect(FlightSearchReducer.screen(store.state) == ScreenModel(
            page: [.blank, .header("Search flights"), .hint("Type a city, an airport or a code. b goes back a step; q leaves.")],
            layout: .flowing, question: .line("From: ", help: store.state.helpBlocks)))
    }

    @Test("a typed place is looked up; the answer offers a list, and a choice settles the field")
    func placeLookUp() async throws {
        var store = Store(after(fresh(), .appeared(today: today)))
        store.send(.entered("lon"), effects: [.run(.lookUpPlaces(id: 1, text: "lon"))]) {
            $0.lastLookupID = 1
            $0.lookup = State.Lookup(id: 1, text: "lon", field: .origin(leg: 0))
        }
        #expect(asked(store.state) == nil, "nothing is asked while the look-up is under way")

        let london = try await places("lon")
        let suggestions = Array(london.prefix(FlightSearchPlaces.suggestionLimit))
        store.send(.placesAnswered(id: 1, .success(london)), effects: []) {
            $0.lookup = nil
            $0.suggestions = suggestions
            $0.step = .choosePlace(.origin(leg: 0))
        }
        #expect(asked(store.state) == .table("From", PlaceTable.table(suggestions)))
        #expect(PlaceTable.columns == ["Place", "Code", "City", "Country"])
        #expect(suggestions.map(PlaceTable.row).first == ["London (all airports)", "LON", "London", "United Kingdom"])

        store.send(.chose(0), effects: [.print([State.confirmation("London, all airports, United Kingdom (LON)")])]) {
            $0.suggestions = []
            $0.step = .destination(leg: 0)
            $0.position = 1
            $0.draft.legs[0].from = ChosenPlace(london[0])
        }
        #expect(asked(store.state) == .line("To: "))
    }

    @Test("on a TTY a look-up shows a spinner, and a list's choice is not said twice")
    func placeLookUpOnATTY() async throws {
        var store = Store(after(fresh(tty: true), .appeared(today: today)))
        store.send(.entered("lon"), effects: [.note(.progress("Looking up “lon”…")), .run(.lookUpPlaces(id: 1, text: "lon"))]) {
            $0.lastLookupID = 1
            $0.lookup = State.Lookup(id: 1, text: "lon", field: .origin(leg: 0))
        }
        let london = try await places("lon")
        store.send(.placesAnswered(id: 1, .success(london)), effects: [.note(.progressEnded)]) {
            $0.lookup = nil
            $0.suggestions = Array(london.prefix(FlightSearchPlaces.suggestionLimit))
            $0.step = .choosePlace(.origin(leg: 0))
        }
        store.send(.chose(0), effects: []) {
            $0.suggestions = []
            $0.step = .destination(leg: 0)
            $0.position = 1
            $0.draft.legs[0].from = ChosenPlace(london[0])
        }
    }

    @Test("an exact code in capitals is taken without a list")
    func exactCode() async throws {
        var store = Store(after(fresh(), .appeared(today: today), .entered("JFK")))
        let kennedy = try await places("JFK")
        store.send(.placesAnswered(id: 1, .success(kennedy)), effects: [
            .print([State.confirmation("John F Kennedy International Airport, New York, United States (JFK)")]),
        ]) {
            $0.lookup = nil
            $0.draft.legs[0].from = ChosenPlace(kennedy[0])
            $0.step = .destination(leg: 0)
            $0.position = 1
        }
        #expect(asked(store.state) == .line("To: "))
    }

    @Test("an answer to an older look-up is ignored")
    func staleAnswer() async throws {
        var store = Store(after(fresh(), .appeared(today: today), .entered("lon")))
        store.send(.placesAnswered(id: 7, .success(try await places("lon"))), effects: []) { _ in }
    }

    @Test("an unknown place, a service failure and a cancelled look-up each ask the field again")
    func lookUpFailures() {
        var store = Store(after(fresh(), .appeared(today: today), .entered("xyzzy")))
        store.send(.placesAnswered(id: 1, .success([])), effects: [
            error("No airport or city matches “xyzzy”. Try a city or an airport name, or a three-letter code."),
        ]) {
            $0.lookup = nil
        }
        #expect(asked(store.state) == .line("From: "))

        store.send(.entered("lon")) {
            $0.lastLookupID = 2
            $0.lookup = State.Lookup(id: 2, text: "lon", field: .origin(leg: 0))
        }
        let message = [ServiceError.timedOut.message, ServiceError.timedOut.suggestion].filter { !$0.isEmpty }.joined(separator: " ")
        store.send(.placesAnswered(id: 2, .failure(.timedOut)), effects: [
            error(message, hint: "Press Enter to look up “lon” again, or type another place."),
        ]) {
            $0.lookup = nil
            $0.retryText = State.RetryText(step: .origin(leg: 0), text: "lon")
        }
        #expect(asked(store.state) == .line("From: ", default: "lon"))

        store.send(.entered("paris")) {
            $0.retryText = nil
            $0.lastLookupID = 3
            $0.lookup = State.Lookup(id: 3, text: "paris", field: .origin(leg: 0))
        }
        store.send(.placesAnswered(id: 3, .failure(.cancelled)), effects: []) {
            $0.lookup = nil
            $0.retryText = State.RetryText(step: .origin(leg: 0), text: "paris")
        }
        #expect(asked(store.state) == .line("From: ", default: "paris"))
    }

    @Test("a past date is refused naming today, and asked again")
    func pastDate() async throws {
        var state = after(fresh(), .appeared(today: today), .entered("LHR"), .placesAnswered(id: 1, .success(try await places("LHR"))))
        state = after(state, .entered("JFK"), .placesAnswered(id: 2, .success(try await places("JFK"))))
        var store = Store(state)
        store.send(.entered("2026-11-01"), effects: [error("2026-11-01 is in the past; choose today (2026-11-22) or later.")]) { _ in }
        #expect(asked(store.state) == .line("Depart (e.g. 18 dec, fri, +7): "))
    }

    @Test("the fast path ends in the one-line summary and the keys; Enter hands the request to the router")
    func fastPath() async throws {
        var store = Store(try await atReview())
        #expect(store.state.step == .review)
        #expect(store.state.summary == ["LHR → JFK", "Fri 18 Dec, one way", "1 adult", "Economy", "≤1 connection", "any time"])
        #expect(asked(store.state) == .keys("Enter to search, or a letter: "))
        let day = try #require(CalendarDate("2026-12-18"))
        let request = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day)], passengers: [.adult],
            cabinClass: .economy, maxConnections: 1)
        store.send(.entered(""), effects: [.leave(.availability(request))]) {
            $0.step = .done
        }
        #expect(asked(store.state) == nil)
    }

    @Test("the review prints the summary, then the keys; an unknown letter is an error and the keys again")
    func reviewPrints() async throws {
        let review = try await atReview()
        let keyHelp = try #require(review.keyHelpBlocks)
        var state = review
        state.step = .returnDate
        state.position = 3
        var store = Store(state)
        store.send(.entered(""), effects: [
            .print([State.confirmation("One way")]), .print(store.state.summaryBlocks), .print(keyHelp),
        ]) {
            $0.step = .review
            $0.position = 4
        }
        store.send(.entered("x"), effects: [
            error("Press Enter to search, or one of the letters shown to change something."), .print(keyHelp),
        ]) { _ in }
        #expect(keyHelp == [.drawing([
            StyledLine([
                StyledRun("Enter", .accent), StyledRun(" search", .dim), StyledRun(" · ", .dim),
                StyledRun("p", .accent), StyledRun(" passengers", .dim), StyledRun(" · ", .dim),
                StyledRun("c", .accent), StyledRun(" cabin", .dim), StyledRun(" · ", .dim),
                StyledRun("o", .accent), StyledRun(" connections", .dim), StyledRun(" · ", .dim),
                StyledRun("t", .accent), StyledRun(" time", .dim),
            ]),
            StyledLine([
                StyledRun("r", .accent), StyledRun(" route & dates", .dim), StyledRun(" · ", .dim),
                StyledRun("m", .accent), StyledRun(" multi-city", .dim), StyledRun(" · ", .dim),
                StyledRun("b", .accent), StyledRun(" back", .dim), StyledRun(" · ", .dim),
                StyledRun("q", .accent), StyledRun(" quit", .dim),
            ]),
        ])])
    }

    @Test("at the review one key acts: a letter shown, or Enter; other keys are ignored")
    func reviewKeys() async throws {
        let state = try await atReview()
        #expect(FlightSearchReducer.action(for: .key(.enter), in: state) == .entered(""))
        #expect(FlightSearchReducer.action(for: .key(.character("P")), in: state) == .entered("p"))
        #expect(FlightSearchReducer.action(for: .key(.character("z")), in: state) == nil)
        #expect(FlightSearchReducer.action(for: .back, in: state) == .back)
        #expect(FlightSearchReducer.action(for: .ended, in: state) == .inputEnded)
        #expect(FlightSearchReducer.action(for: .line("m"), in: state) == .entered("m"))
        let asking = after(fresh(), .appeared(today: today))
        #expect(FlightSearchReducer.action(for: .key(.character("p")), in: asking) == nil)
    }

    @Test("coming back after a search shows the form and waits on the review, without the summary")
    func comingBack() async throws {
        var store = Store(after(try await atReview(), .entered("")))
        let keyHelp = try #require(after(store.state, .appeared(today: today)).keyHelpBlocks)
        store.send(.appeared(today: today), effects: [.print(keyHelp)]) {
            $0.step = .review
            $0.appearances = 2
            $0.shownForm = $0.form
        }
        let form = try #require(store.state.shownForm)
        #expect(form.first == KeyValueList.Row("From", "London Heathrow Airport, United Kingdom (LHR)"))
        #expect(FlightSearchReducer.screen(store.state).page.suffix(3) == [.blank, .rows(KeyValueList(rows: form)), .blank])
        #expect(asked(store.state) == .keys("Enter to search, or a letter: "))
    }

    @Test("a date that passed while availability was shown is caught when searching again")
    func dateThatPassed() async throws {
        let later = try #require(CalendarDate("2026-12-20"))
        var store = Store(after(try await atReview(), .entered(""), .appeared(today: later)))
        store.send(.entered(""), effects: [error("Depart: 2026-12-18 is in the past; choose today (2026-12-20) or later.")]) {
            $0.step = .departure(leg: 0)
            $0.plan = State.Plan(steps: [.departure(leg: 0), .review], exit: .review)
            $0.position = 0
        }
        #expect(asked(store.state) == .line("Depart (e.g. 18 dec, fri, +7): ", default: "2026-12-18"))
    }

    @Test("q, Ctrl-C and the end of input all leave")
    func leaving() {
        for action in [FlightSearchAction.entered("q"), .interrupted, .inputEnded] {
            var store = Store(after(fresh(), .appeared(today: today)))
            store.send(action, effects: [.leave(.back)]) {
                $0.step = .done
            }
            #expect(asked(store.state) == nil)
        }
    }

    @Test("a whole leg in the input is read as if typed, starting with the first place; no spinner before the page")
    func prefilled() {
        for tty in [false, true] {
            var store = Store(fresh(FlightSearchInput(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")]), tty: tty))
            store.send(.appeared(today: today), effects: [.run(.lookUpPlaces(id: 1, text: "LHR"))]) {
                $0.appearances = 1
                $0.prefill = [.destination(leg: 0): "JFK", .departure(leg: 0): "18 dec", .returnDate: ""]
                $0.plan = State.Plan(steps: [.origin(leg: 0), .destination(leg: 0), .departure(leg: 0), .returnDate, .review], exit: .leave)
                $0.lastLookupID = 1
                $0.lookup = State.Lookup(id: 1, text: "LHR", field: .origin(leg: 0))
            }
        }
    }

    @Test("what the input gave that cannot be used is said under the header")
    func inputProblems() {
        var store = Store(fresh(FlightSearchInput(
            legs: [.init(from: "", to: "", date: ""), .init(from: "", to: "", date: "")], returnDate: "+3")))
        store.send(.appeared(today: today), effects: []) {
            $0.appearances = 1
            $0.draft.legs = [SearchDraft.Leg(), SearchDraft.Leg()]
            $0.inputProblems = ["A return date goes with one leg; for multi-city, give each leg its own date."]
            $0.plan = FlightSearchReducer.routePlan($0.draft)
        }
        #expect(FlightSearchReducer.screen(store.state).page.last
            == .notice(Notice(.error, "A return date goes with one leg; for multi-city, give each leg its own date.")))
    }

    // MARK: Recording

    @Test("a state mid-form and a place answer survive JSON, as a recording writes them")
    func recordable() async throws {
        let state = after(fresh(FlightSearchInput(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")])), .appeared(today: today))
        let answer = FlightSearchAction.placesAnswered(id: 1, .success(try await places("LHR")))
        let decodedState = try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state))
        let decodedAnswer = try JSONDecoder().decode(FlightSearchAction.self, from: JSONEncoder().encode(answer))
        #expect(decodedState == state)
        #expect(decodedAnswer == answer)
    }
}
