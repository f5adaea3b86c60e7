import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
@testable import Trips
import TravelText

/// A screen about to search `request`, as the Builder makes it on 2026-11-22.
private func initial(
    _ request: SearchRequest = Searches.oneWay, style: FlightAvailabilityState.InputStyle = .lines
) -> FlightAvailabilityState {
    FlightAvailabilityState(
        input: FlightAvailabilityInput(request: request),
        inputStyle: style, today: date("2026-11-22"))
}

/// A recorded search's answer.
private func found(_ file: FixtureFile) throws -> OfferSearchResult {
    let request = try file.decode(DataEnvelope<OfferRequest>.self).data
    return OfferSearchResult(offerRequest: request, offers: request.offers)
}

/// `state` after the first search answered with `result`.
private func showing(_ result: OfferSearchResult, _ state: FlightAvailabilityState = initial()) -> FlightAvailabilityState {
    var state = state
    _ = FlightAvailabilityReducer.reduce(&state, .appeared)
    _ = FlightAvailabilityReducer.reduce(&state, .searchAnswered(id: 1, .success(result)))
    return state
}

private func gbp(_ amount: String) -> Money { Money(amount: Decimal(string: amount) ?? 0, currency: "GBP") }

/// The availability rules as stories: each action sent, how the state changed, and the effects that followed.
@Suite("FlightAvailability reducer")
struct FlightAvailabilityReducerTests {
    typealias Reducer = FlightAvailabilityReducer

    private static let searching = "Searching flights LHR → JFK on Fri 18 Dec…"

    /// A store that has sent `.appeared` to `state` (the first search, id 1, under way).
    private func appeared(_ state: FlightAvailabilityState = initial()) -> TestStore<Reducer> {
        var store = TestStore<Reducer>(state)
        store.send(.appeared, effects: [.note(.progress(Self.searching)), .run(.search(id: 1, state.request))]) {
            $0.phase = .searching
            $0.pendingSearch = 1
            $0.nextRequestID = 2
        }
        return store
    }

    // MARK: Searching

    @Test("appearing searches once, with a spinner; the answer shows the first page")
    func appearThenResults() throws {
        var store = appeared()
        let loading = LoadingViewModel(
            header: TripHeader(title: "LHR → JFK", details: "Fri 18 Dec · 1 adult · Economy"),
            message: Self.searching, legend: "")
        #expect(AvailabilityViewModels.screen(store.state) == .loading(loading))
        // On lines nothing is read while the search runs.
        #expect(Reducer.screen(store.state).question == nil)

        let result = try found(.offerRequestOneWay)
        store.send(.searchAnswered(id: 1, .success(result)), effects: [.note(.progressEnded)]) {
            $0.phase = .results
            $0.pendingSearch = nil
            $0.result = result
            $0.visible = AvailabilityOffers.sortedIndices(result.offers, by: .price)
        }
        guard case .results(let page)? = AvailabilityViewModels.screen(store.state) else {
            Issue.record("expected one page of offers, got \(String(describing: AvailabilityViewModels.screen(store.state)))")
            return
        }
        #expect(page.header == TripHeader(
            title: "London (LHR) → New York (JFK)", details: "Fri 18 Dec · 1 adult · Economy · 14 offers"))
        #expect(page.status == "Sort: price · Filters: none · Page 1 of 2 (offers 1–12 of 14)")
        #expect(page.rows.map(\.number) == Array(1...12))
        #expect(page.rows.first?.price == "£298.00")
        #expect(Reducer.screen(store.state).question == .keys("Offer number or command: "))

        // Shown again (after the summary is popped), it searches nothing and shows the same page.
        let shown = Reducer.screen(store.state)
        store.send(.appeared, effects: [])
        #expect(Reducer.screen(store.state) == shown)
    }

    @Test("a failure is shown in words; retry searches again under a new id")
    func failureThenRetry() throws {
        var store = appeared()
        store.send(.searchAnswered(id: 1, .failure(.timedOut)), effects: [.note(.progressEnded)]) {
            $0.phase = .failed(.timedOut)
            $0.pendingSearch = nil
        }
        guard case .error(let error)? = AvailabilityViewModels.screen(store.state) else {
            Issue.record("expected the error")
            return
        }
        #expect(error.notice == Notice(.error, ServiceError.timedOut.message))
        #expect(error.legend == "Commands: retry, back, help.")
        let again = "Searching again: flights LHR → JFK on Fri 18 Dec…"
        store.send(.entered("retry"), effects: [.note(.progress(again)), .run(.search(id: 2, Searches.oneWay))]) {
            $0.searchedAgain = true
            $0.phase = .searching
            $0.pendingSearch = 2
            $0.nextRequestID = 3
        }
    }

    @Test("a search that breaks the rules fails in words at once, without a call")
    func refusedSearch() throws {
        var request = Searches.oneWay
        request.slices[0].departureDate = date("2026-11-01")
        let refusal = try #require(Reducer.refusal(of: request, today: date("2026-11-22")))
        var store = TestStore<Reducer>(initial(request))
        store.send(.appeared, effects: []) { $0.phase = .failed(refusal) }
        guard case .error(let error)? = AvailabilityViewModels.screen(store.state) else {
            Issue.record("expected the error")
            return
        }
        #expect(error.suggestion == "Type back to edit the search, then search again.")
    }

    @Test("Esc while searching stops the search and stays; its late answer is ignored")
    func cancelWhileSearching() throws {
        var store = appeared(initial(style: .keys))
        // Esc, and only b among the keys, mean something while the spinner turns.
        #expect(Reducer.action(for: .back, in: store.state) == .cancelLoading)
        #expect(Reducer.action(for: .key(.character("b")), in: store.state) == .back)
        #expect(Reducer.action(for: .key(.character("s")), in: store.state) == nil)
        store.send(.cancelLoading, effects: [.note(.progressEnded), .cancel(.search)]) {
            $0.phase = .cancelled
            $0.pendingSearch = nil
        }
        guard case .error(let cancelled)? = AvailabilityViewModels.screen(store.state) else {
            Issue.record("expected the cancellation")
            return
        }
        #expect(cancelled.notice == Notice(.warning, "Search cancelled."))
        #expect(cancelled.suggestion == "Press r to search again, or b to change the search.")
        store.send(.searchAnswered(id: 1, .success(try found(.offerRequestOneWay))), effects: [])
    }

    @Test("b while searching stops it, shows the cancellation, then goes back")
    func backWhileSearching() throws {
        var store = appeared()
        store.send(.back, effects: [.note(.progressEnded), .cancel(.search), .leave(.back)]) {
            $0.phase = .cancelled
            $0.pendingSearch = nil
        }
    }

    @Test("Ctrl-C cancels a running search but ends the screen otherwise; the end of input always ends it")
    func interruptAndEnd() throws {
        let searching = appeared(initial(style: .keys)).state
        var interrupted = TestStore<Reducer>(searching)
        interrupted.send(.interrupted, effects: [.note(.progressEnded), .cancel(.search)]) {
            $0.phase = .cancelled
            $0.pendingSearch = nil
        }

        var ended = TestStore<Reducer>(searching)
        ended.send(.inputEnded, effects: [.note(.progressEnded), .cancel(.search), .leave(.back)]) {
            $0.phase = .idle
            $0.pendingSearch = nil
            $0.isFinished = true
        }
        // Nothing more is asked: the screen's run() returns once the way back is taken.
        #expect(Reducer.screen(ended.state).question == nil)

        var results = TestStore<Reducer>(showing(try found(.offerRequestOneWay)))
        results.send(.interrupted, effects: [.leave(.back)]) { $0.isFinished = true }
    }

    @Test("a validation error names the fields and says to edit the search; b goes back")
    func validationError() throws {
        var store = appeared(initial(style: .keys))
        let failure = FixtureFile.errorValidation.error
        store.send(.searchAnswered(id: 1, .failure(failure)), effects: [.note(.progressEnded)]) {
            $0.phase = .failed(failure)
            $0.pendingSearch = nil
        }
        guard case .error(let error)? = AvailabilityViewModels.screen(store.state) else {
            Issue.record("expected the error")
            return
        }
        #expect(error.notice == Notice(.error, failure.message))
        #expect(error.details.count == (failure.apiError?.errors.count ?? 0) - 1)
        #expect(error.suggestion == "Go back (b) to edit the search, then search again.")
        #expect(error.legend.hasPrefix("b back to edit the search"))
        #expect(Reducer.action(for: .back, in: store.state) == .back)
        store.send(.back, effects: [.leave(.back)])
    }

    @Test("help lists the keys on a TTY (over the screen, until any key) and the commands elsewhere")
    func help() throws {
        var keys = TestStore<Reducer>(showing(try found(.offerRequestOneWay), initial(style: .keys)))
        keys.send(.helpTapped, effects: []) { $0.overlay = .help }
        #expect(AvailabilityViewModels.help(keys.state).rows.contains { $0.key == "s" })
        #expect(Reducer.screen(keys.state) == ScreenModel(page: Reducer.helpBlocks(keys.state), layout: .whole, question: .keys("")))
        for input in [ScreenInput.key(.character("x")), .key(.enter), .back, .line("anything")] {
            #expect(Reducer.action(for: input, in: keys.state) == .helpDismissed)
        }
        keys.send(.helpDismissed, effects: []) { $0.overlay = nil }

        var lines = TestStore<Reducer>(showing(try found(.offerRequestOneWay)))
        lines.send(.entered("help"), effects: [.print([.blank] + Reducer.helpBlocks(lines.state))])
        #expect(AvailabilityViewModels.help(lines.state).rows.contains { $0.key == "filter carrier BA,VS" })
    }

    // MARK: Choosing, pages, sort and filters

    @Test("a number chooses that offer for the summary; one out of range is explained")
    func chooseByNumber() throws {
        let result = try found(.offerRequestOneWay)
        var store = TestStore<Reducer>(showing(result))
        let ordered = AvailabilityOffers.sorted(result.offers, by: .price)
        store.send(.entered("2"), effects: [.leave(.summary(offer: ordered[1], search: Searches.oneWay))]) {
            $0.highlight = 1
        }
        store.send(.entered("15"), effects: Reducer.problem("There is no offer 15; choose 1 to 14."))
    }

    @Test("pages: next goes to the second, a word at either end")
    func pages() throws {
        var store = TestStore<Reducer>(showing(try found(.offerRequestOneWay)))
        store.send(.previousPage, effects: Reducer.problem("This is the first page."))
        store.send(.entered("next"), effects: []) { $0.highlight = 12 }
        store.send(.nextPage, effects: Reducer.problem("This is the last page."))
    }

    @Test("sort typed by name reorders and goes back to the first offer")
    func sortTyped() throws {
        let result = try found(.offerRequestOneWay)
        var store = TestStore<Reducer>(showing(result))
        store.send(.moved(3), effects: []) { $0.highlight = 3 }
        store.send(.entered("sort dur"), effects: []) {
            $0.sort = .duration
            $0.highlight = 0
            $0.visible = AvailabilityOffers.sortedIndices(result.offers, by: .duration)
        }
        store.send(.entered("sort xy"), effects: Reducer.problem(
            "Sort by price, duration, departure, arrival or CO₂ (for example: sort duration, or sort co2)."))
    }

    @Test("filter depart morning reads the shared window grammar; filter clear brings every offer back")
    func filterDepartMorning() throws {
        let result = try found(.offerRequestOneWay)
        var store = TestStore<Reducer>(showing(result))
        let morning = try #require(TimeWindowReader.named["morning"])
        store.send(.entered("filter depart morning"), effects: []) {
            $0.filters.departureWindow = morning
            $0.visible = AvailabilityOffers.visible(
                result.offers, sort: .price, filters: AvailabilityFilters(departureWindow: morning))
        }
        #expect(!store.state.visible.isEmpty && store.state.visible.count < 14)
        #expect(store.state.visibleOffers.allSatisfy {
            morning.contains($0.slices[0].departingAt?.time ?? LocalTime(minutesSinceMidnight: 0))
        })

        let nineToTwelve = TimeWindow(from: LocalTime(minutesSinceMidnight: 9 * 60), to: LocalTime(minutesSinceMidnight: 12 * 60))
        store.send(.entered("filter depart 9-12"), effects: []) {
            $0.filters.departureWindow = nineToTwelve
            $0.visible = AvailabilityOffers.visible(
                result.offers, sort: .price, filters: AvailabilityFilters(departureWindow: nineToTwelve))
        }
        store.send(.entered("filter clear"), effects: []) { $0 = showing(result) }
    }

    @Test("when the filters leave nothing, it says so and offers to clear them")
    func filtersLeaveNothing() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result)
        _ = Reducer.reduce(&state, .entered("filter carrier FI"))
        var store = TestStore<Reducer>(state)
        store.send(.entered("filter stops 0"), effects: []) {
            $0.filters.maxStops = 0
            $0.visible = []
        }
        guard case .noOffers(let empty)? = AvailabilityViewModels.screen(store.state) else {
            Issue.record("expected no offers")
            return
        }
        #expect(empty.message == "None of the 14 offers matches the filters (direct only, FI).")
        #expect(empty.suggestion.contains("filter clear"))
        store.send(.entered("1"), effects: Reducer.problem("No offer matches the filters: type filter clear to choose from."))
        store.send(.entered("next"), effects: Reducer.problem("No offer matches the filters: type filter clear to change pages."))
        store.send(.entered("filter clear"), effects: []) { $0 = showing(result) }
    }

    @Test("a wrong filter value is explained and changes nothing")
    func wrongFilter() throws {
        var store = TestStore<Reducer>(showing(try found(.offerRequestOneWay)))
        store.send(.entered("filter depart 25:00-26:00"), effects: Reducer.problem(TimeWindowReader.Problem.noSuchTime("25:00").message))
        #expect(store.send(.entered("filter stops lots")).count == 1)
        store.send(.entered("filter carrier QQ"), effects: Reducer.problem(
            "No flight in these offers is with QQ; airlines here: AA, B6, BA, DL, EI, FI, KL, VS, ZZ."))
        store.send(.entered("filter colour red"), effects: Reducer.problem(AvailabilityCommands.filterUsage))
    }

    @Test("filters from lists: the stops list, then an answered question checked as it is typed")
    func filtersFromLists() throws {
        var store = TestStore<Reducer>(showing(try found(.offerRequestOneWay), initial(style: .keys)))
        store.send(.filterTapped, effects: []) { $0.overlay = .choice(.filter) }
        let menu = AvailabilityViewModels.filterChoice(store.state)
        #expect(Reducer.screen(store.state).question == .choice(menu.title, menu.options, selected: menu.selected)
            .helped(by: [.hint(AvailabilityViewModels.help(for: .filter))]))
        #expect(Reducer.action(for: .chose(0), in: store.state) == .chose(0, in: .filter))
        #expect(Reducer.action(for: .back, in: store.state) == .promptDismissed)
        store.send(.chose(0, in: .filter), effects: []) { $0.overlay = .choice(.stops) }
        store.send(.chose(0, in: .stops), effects: []) {
            $0.overlay = nil
            $0.filters = AvailabilityFilters(maxStops: 0)
            $0.visible = AvailabilityOffers.visible($0.result?.offers ?? [], sort: .price, filters: AvailabilityFilters(maxStops: 0))
        }
        #expect(store.state.visible.count == 8)

        store.send(.filterTapped, effects: []) { $0.overlay = .choice(.filter) }
        store.send(.chose(1, in: .filter), effects: []) { $0.overlay = .question(.carriers) }
        #expect(Reducer.screen(store.state).question == .checked("Airlines (codes separated by commas, or all):", default: "all")
            .helped(by: [.hint(AvailabilityViewModels.help(for: .carriers))]))
        #expect(Reducer.problem(with: "QQ", in: store.state) != nil)
        #expect(Reducer.problem(with: "BA, VS", in: store.state) == nil)
        #expect(Reducer.action(for: .line("BA, VS"), in: store.state) == .answered("BA, VS", to: .carriers))
        let filters = AvailabilityFilters(maxStops: 0, carriers: ["BA", "VS"])
        store.send(.answered("BA, VS", to: .carriers), effects: []) {
            $0.overlay = nil
            $0.filters = filters
            $0.visible = AvailabilityOffers.visible($0.result?.offers ?? [], sort: .price, filters: filters)
        }
    }

    @Test("commands that need offers explain why they cannot run")
    func unavailableCommands() throws {
        var store = appeared()
        store.send(.entered("sort price"), effects: Reducer.problem("The search is still running; wait for the offers to sort."))
        store.send(.entered("dates"), effects: Reducer.problem(
            "The search is still running; wait for the offers to see other dates."))
        store.send(.entered("hello"), effects: Reducer.problem("“hello” is not a command here. Type help to see the commands."))
    }
}

@Suite("FlightAvailability commands")
struct FlightAvailabilityCommandsTests {
    @Test("typed lines read as commands", arguments: [
        ("3", AvailabilityCommand.number(3)), ("sort", .sortMenu), ("sort cheapest", .sort(.price)),
        ("filter", .filterMenu), ("filter depart morning", .filter(.departure, "morning")),
        ("filter stops 0", .filter(.stops, "0")), ("filter carrier BA,VS", .filter(.carriers, "BA,VS")),
        ("next", .nextPage), ("prev", .previousPage), ("dates", .dates), ("back", .back), ("retry", .retry),
        ("help", .help), ("  ", .nothing),
    ])
    func reads(line: String, command: AvailabilityCommand) {
        #expect(AvailabilityCommands.read(line) == command)
    }
}

@Suite("FlightAvailability recording")
@MainActor
struct FlightAvailabilityRecordingTests {
    @Test("a recorded session, answers and date-grid days included, replays step for step through the Builder's replay")
    func recordsAndReplays() throws {
        var written = Data()
        let recorder = SessionRecorder(write: { written.append($0) })
        let store = Store<FlightAvailabilityReducer>(
            FlightAvailabilityState(
                input: FlightAvailabilityInput(request: Searches.oneWay), inputStyle: .keys, today: date("2026-11-22")),
            recorder: recorder)
        let result = try found(.offerRequestOneWay)
        let actions: [FlightAvailabilityAction] = [
            .appeared, .searchAnswered(id: 1, .success(result)), .moved(2), .entered("filter depart morning"),
            .datesTapped, .fareAnswered(id: 2, days: GridDays(departure: date("2026-12-17")), .success(gbp("250.00"))),
            .fareAnswered(id: 3, days: GridDays(departure: date("2026-12-19")), .failure(.timedOut)), .back,
            .typedDigit(1), .enterPressed,
        ]
        for action in actions { _ = store.reduce(action) }
        #expect(recorder.stepCount == actions.count)

        let terminal = VirtualTerminal(isInteractive: true)
        let report = try SessionReplayer(modules: [FlightAvailabilityBuilder.replay], terminal: terminal)
            .replay(String(decoding: written, as: UTF8.self))
        #expect(report == ReplayReport(matched: actions.count, divergence: nil))
        #expect(terminal.screen.joined(separator: "\n").contains("Filters: leaving 05:00–11:59"))
    }
}
