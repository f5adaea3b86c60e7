import Entities
import FixtureServices
import Foundation
@testable import FlightSearch
import ModuleCore
import Services
import TerminalUI
import Testing

/// The reducer as a function: given a state and an action, the whole new state and the exact effects.
@Suite("FlightSearchReducer")
struct FlightSearchReducerTests {
    typealias State = FlightSearchState

    /// Sunday 2026-11-22, the day the fixtures were recorded.
    private let today = CalendarDate(year: 2026, month: 11, day: 22) ?? CalendarDate(Date.distantPast, in: .gmt)

    private func fresh(_ input: FlightSearchInput = FlightSearchInput()) -> State {
        State(input: input, today: today, backKey: "b")
    }

    private func places(_ text: String) async throws -> [Place] {
        try await FixturePlaceService().suggestions(for: text)
    }

    private func ask(_ prompt: String, _ defaultValue: String? = nil) -> FlightSearchEffect {
        .show(.ask(.text(FlightSearchTextQuestion(prompt: prompt, defaultValue: defaultValue))))
    }

    /// Reduces `actions` in order and returns the effects of the last.
    @discardableResult
    private func run(_ state: inout State, _ actions: FlightSearchAction...) -> [FlightSearchEffect] {
        var effects: [FlightSearchEffect] = []
        for action in actions { effects = FlightSearchReducer.reduce(&state, action) }
        return effects
    }

    /// A state at the review: LHR → JFK on 18 Dec, one way.
    private func atReview() async throws -> State {
        var state = fresh()
        run(&state, .appeared(today: today), .entered("LHR"), .placesAnswered(id: 1, .success(try await places("LHR"))))
        run(&state, .entered("JFK"), .placesAnswered(id: 2, .success(try await places("JFK"))))
        run(&state, .entered("18 dec"), .entered(""))
        return state
    }

    // MARK: The form

    @Test("the first appearance shows the header and asks where from, with no default")
    func firstAppearance() {
        var state = fresh()
        let effects = FlightSearchReducer.reduce(&state, .appeared(today: today))
        var expected = fresh()
        expected.appearances = 1
        expected.plan = State.Plan(steps: [.origin(leg: 0), .destination(leg: 0), .departure(leg: 0), .returnDate, .review], exit: .leave)
        #expect(state == expected)
        #expect(effects == [
            .show(.header(FlightSearchHeaderViewModel(
                title: "Search flights", hint: "Type a city, an airport or a code. b goes back a step; q leaves."))),
            ask("From:"),
        ])
    }

    @Test("a typed place is looked up; the answer offers a list, and a choice settles the field")
    func placeLookUp() async throws {
        var state = fresh()
        run(&state, .appeared(today: today))
        let before = state
        let lookUp = FlightSearchReducer.reduce(&state, .entered("lon"))
        var expected = before
        expected.lastLookupID = 1
        expected.lookup = State.Lookup(id: 1, text: "lon", field: .origin(leg: 0))
        #expect(state == expected)
        #expect(lookUp == [.show(.progress("Looking up “lon”…")), .lookUpPlaces(id: 1, text: "lon")])

        let london = try await places("lon")
        let listed = FlightSearchReducer.reduce(&state, .placesAnswered(id: 1, .success(london)))
        expected.lookup = nil
        expected.suggestions = Array(london.prefix(FlightSearchPlaces.suggestionLimit))
        expected.step = .choosePlace(.origin(leg: 0))
        #expect(state == expected)
        #expect(listed == [.show(.progress(nil)), .show(.ask(.choice(FlightSearchChoiceQuestion(
            title: "From", columns: ["Place", "Code", "City", "Country"],
            rows: expected.suggestions.map(FlightSearchPlaces.row), defaultIndex: 0))))])
        #expect(expected.suggestions.map(FlightSearchPlaces.row).first == ["London (all airports)", "LON", "London", "United Kingdom"])

        let chosen = FlightSearchReducer.reduce(&state, .chose(0))
        expected.suggestions = []
        expected.step = .destination(leg: 0)
        expected.position = 1
        expected.draft.legs[0].from = ChosenPlace(london[0])
        #expect(state == expected)
        #expect(chosen == [.show(.confirmation("London, all airports, United Kingdom (LON)")), ask("To:")])
    }

    @Test("an exact code in capitals is taken without a list")
    func exactCode() async throws {
        var state = fresh()
        run(&state, .appeared(today: today), .entered("JFK"))
        let effects = FlightSearchReducer.reduce(&state, .placesAnswered(id: 1, .success(try await places("JFK"))))
        #expect(state.draft.legs[0].from?.code == "JFK")
        #expect(state.step == .destination(leg: 0))
        #expect(effects == [
            .show(.progress(nil)),
            .show(.confirmation("John F Kennedy International Airport, New York, United States (JFK)")),
            ask("To:"),
        ])
    }

    @Test("an answer to an older look-up is ignored")
    func staleAnswer() async throws {
        var state = fresh()
        run(&state, .appeared(today: today), .entered("lon"))
        let before = state
        #expect(FlightSearchReducer.reduce(&state, .placesAnswered(id: 7, .success(try await places("lon")))) == [])
        #expect(state == before)
    }

    @Test("an unknown place, a service failure and a cancelled look-up each ask the field again")
    func lookUpFailures() {
        var state = fresh()
        run(&state, .appeared(today: today), .entered("xyzzy"))
        let unknown = FlightSearchReducer.reduce(&state, .placesAnswered(id: 1, .success([])))
        #expect(state.lookup == nil && state.retryText == nil && state.step == .origin(leg: 0))
        #expect(unknown == [
            .show(.progress(nil)),
            .show(.error(FlightSearchErrorViewModel(
                messages: ["No airport or city matches “xyzzy”. Try a city or an airport name, or a three-letter code."], hint: nil))),
            ask("From:"),
        ])

        run(&state, .entered("lon"))
        let failed = FlightSearchReducer.reduce(&state, .placesAnswered(id: 2, .failure(.timedOut)))
        #expect(state.retryText == State.RetryText(step: .origin(leg: 0), text: "lon"))
        let message = [ServiceError.timedOut.message, ServiceError.timedOut.suggestion].filter { !$0.isEmpty }.joined(separator: " ")
        #expect(failed == [
            .show(.progress(nil)),
            .show(.error(FlightSearchErrorViewModel(
                messages: [message], hint: "Press Enter to look up “lon” again, or type another place."))),
            ask("From:", "lon"),
        ])

        run(&state, .entered("paris"))
        let cancelled = FlightSearchReducer.reduce(&state, .placesAnswered(id: 3, .failure(.cancelled)))
        #expect(state.retryText == State.RetryText(step: .origin(leg: 0), text: "paris"))
        #expect(cancelled == [.show(.progress(nil)), ask("From:", "paris")])
    }

    @Test("a past date is refused naming today, and asked again")
    func pastDate() async throws {
        var state = fresh()
        run(&state, .appeared(today: today), .entered("LHR"), .placesAnswered(id: 1, .success(try await places("LHR"))))
        run(&state, .entered("JFK"), .placesAnswered(id: 2, .success(try await places("JFK"))))
        let before = state
        let effects = FlightSearchReducer.reduce(&state, .entered("2026-11-01"))
        #expect(state == before)
        #expect(effects == [
            .show(.error(FlightSearchErrorViewModel(
                messages: ["2026-11-01 is in the past; choose today (2026-11-22) or later."], hint: nil))),
            ask("Depart (e.g. 18 dec, fri, +7):"),
        ])
    }

    @Test("the fast path ends in the one-line summary; Enter hands the request to the router")
    func fastPath() async throws {
        var state = try await atReview()
        #expect(state.step == .review)
        #expect(state.summary.parts == ["LHR → JFK", "Fri 18 Dec, one way", "1 adult", "Economy", "≤1 connection", "any time"])
        let effects = FlightSearchReducer.reduce(&state, .entered(""))
        let day = try #require(CalendarDate("2026-12-18"))
        let request = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day)], passengers: [.adult],
            cabinClass: .economy, maxConnections: 1)
        #expect(state.step == .done)
        #expect(effects == [.show(.finish), .navigate(.availability(request))])
    }

    @Test("coming back after a search shows the form and waits on the review, without the summary")
    func comingBack() async throws {
        var state = try await atReview()
        run(&state, .entered(""))
        let effects = FlightSearchReducer.reduce(&state, .appeared(today: today))
        #expect(state.step == .review)
        #expect(state.appearances == 2)
        #expect(effects == [.show(.header(state.header)), .show(.form(state.form)), .show(.ask(state.question))])
        #expect(state.form.rows.first == KeyValueList.Row("From", "London Heathrow Airport, United Kingdom (LHR)"))
    }

    @Test("a date that passed while availability was shown is caught when searching again")
    func dateThatPassed() async throws {
        var state = try await atReview()
        run(&state, .entered(""))
        let later = try #require(CalendarDate("2026-12-20"))
        run(&state, .appeared(today: later))
        let effects = FlightSearchReducer.reduce(&state, .entered(""))
        #expect(state.step == .departure(leg: 0))
        #expect(state.plan == State.Plan(steps: [.departure(leg: 0), .review], exit: .review))
        #expect(effects == [
            .show(.error(FlightSearchErrorViewModel(
                messages: ["Depart: 2026-12-18 is in the past; choose today (2026-12-20) or later."], hint: nil))),
            ask("Depart (e.g. 18 dec, fri, +7):", "2026-12-18"),
        ])
    }

    @Test("back at the first step, q, Ctrl-C and the end of input all leave")
    func leaving() {
        let leave: [FlightSearchEffect] = [.show(.progress(nil)), .show(.finish), .navigate(.back)]
        for action in [FlightSearchAction.back, .entered("q"), .entered("b"), .interrupted, .inputEnded] {
            var state = fresh()
            run(&state, .appeared(today: today))
            var expected = state
            expected.step = .done
            #expect(FlightSearchReducer.reduce(&state, action) == leave)
            #expect(state == expected)
        }
    }

    @Test("a whole leg in the input is read as if typed, starting with the first place")
    func prefilled() {
        var state = fresh(FlightSearchInput(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")]))
        let effects = FlightSearchReducer.reduce(&state, .appeared(today: today))
        #expect(state.prefill == [.destination(leg: 0): "JFK", .departure(leg: 0): "18 dec", .returnDate: ""])
        #expect(state.lookup == State.Lookup(id: 1, text: "LHR", field: .origin(leg: 0)))
        #expect(effects == [
            .show(.header(state.header)), .show(.progress("Looking up “LHR”…")), .lookUpPlaces(id: 1, text: "LHR"),
        ])
    }

    // MARK: Modes that never ask

    @Test("unattended: the whole input is searched at once; the answer goes to the router")
    func unattended() throws {
        let input = FlightSearchInput(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")], mode: .unattended)
        var state = fresh(input)
        #expect(FlightSearchReducer.reduce(&state, .appeared(today: today)) == [.searchUnattended(input)])
        let request = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: try #require(CalendarDate("2026-12-18")))],
            passengers: [.adult], cabinClass: .economy, maxConnections: 1)
        var succeeded = state
        #expect(FlightSearchReducer.reduce(&succeeded, .unattendedAnswered(.success(request)))
            == [.show(.finish), .navigate(.availability(request))])
        #expect(succeeded.step == .done)

        var failed = state
        let failure = FlightSearchFailure.invalidInput(["From: nowhere."])
        #expect(FlightSearchReducer.reduce(&failed, .unattendedAnswered(.failure(failure)))
            == [.show(.finish), .show(.failure(["From: nowhere."])), .navigate(.failed(failure))])

        var cancelled = state
        #expect(FlightSearchReducer.reduce(&cancelled, .unattendedAnswered(.failure(.service(.cancelled)))) == [])
        #expect(cancelled.appearances == 0)

        // Shown again after availability: nothing left to do but leave.
        #expect(FlightSearchReducer.reduce(&succeeded, .appeared(today: today))
            == [.show(.progress(nil)), .show(.finish), .navigate(.back)])
    }

    @Test("place look-up: a table of the places found, then back")
    func placeListing() async throws {
        var state = fresh(FlightSearchInput(placeLookup: "lon"))
        #expect(FlightSearchReducer.reduce(&state, .appeared(today: today)) == [.lookUpPlaces(id: 1, text: "lon")])
        let london = try await places("lon")
        var table = state
        #expect(FlightSearchReducer.reduce(&table, .placesAnswered(id: 1, .success(london))) == [
            .show(.places(.table(columns: FlightSearchPlaces.columns, rows: london.map(FlightSearchPlaces.row)))),
            .show(.finish), .navigate(.back),
        ])
        #expect(table.step == .done)

        var nothing = state
        let message = "No airport or city matches “lon”. Try a city or an airport name, or a three-letter code."
        #expect(FlightSearchReducer.reduce(&nothing, .placesAnswered(id: 1, .success([])))
            == [.show(.finish), .show(.failure([message])), .navigate(.failed(.nothingFound(message)))])

        var timedOut = state
        #expect(FlightSearchReducer.reduce(&timedOut, .placesAnswered(id: 1, .failure(.timedOut))) == [
            .show(.finish), .show(.failure(["The places could not be looked up. \(ServiceError.timedOut.description)"])),
            .navigate(.failed(.service(.timedOut))),
        ])
    }

    @Test("place look-up as JSON, and an empty text is bad input")
    func placeListingJSON() async throws {
        var state = fresh(FlightSearchInput(placeLookup: "LHR", json: true))
        run(&state, .appeared(today: today))
        let heathrow = try await places("LHR")
        let json = try #require(FlightSearchPlaces.json(heathrow))
        #expect(FlightSearchReducer.reduce(&state, .placesAnswered(id: 1, .success(heathrow)))
            == [.show(.places(.json(json))), .show(.finish), .navigate(.back)])

        var empty = fresh(FlightSearchInput(placeLookup: "  "))
        let problem = "Give a text to look up: a code (LHR), a city (london) or an airport (heathrow)."
        #expect(FlightSearchReducer.reduce(&empty, .appeared(today: today))
            == [.show(.finish), .show(.failure([problem])), .navigate(.failed(.invalidInput([problem])))])
    }

    // MARK: Recording

    @Test("a state mid-form and a place answer survive JSON, as a recording writes them")
    func recordable() async throws {
        var state = fresh(FlightSearchInput(legs: [.init(from: "LHR", to: "JFK", date: "18 dec")]))
        run(&state, .appeared(today: today))
        let answer = FlightSearchAction.placesAnswered(id: 1, .success(try await places("LHR")))
        let decodedState = try JSONDecoder().decode(State.self, from: JSONEncoder().encode(state))
        let decodedAnswer = try JSONDecoder().decode(FlightSearchAction.self, from: JSONEncoder().encode(answer))
        #expect(decodedState == state)
        #expect(decodedAnswer == answer)
    }
}
