import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing

/// A screen about to search `request`, as the Builder makes it on 2026-11-22.
private func initial(
    _ request: SearchRequest = Searches.oneWay, style: FlightAvailabilityState.InputStyle = .lines,
    presentation: FlightAvailabilityInput.Presentation = .interactive, limit: Int? = nil
) -> FlightAvailabilityState {
    FlightAvailabilityState(
        input: FlightAvailabilityInput(request: request, presentation: presentation, limit: limit),
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

/// The reducer as a function: a state and an action in, the whole new state and the exact effects out.
@Suite("FlightAvailability reducer")
struct FlightAvailabilityReducerTests {
    typealias Reducer = FlightAvailabilityReducer

    // MARK: Searching

    @Test("appearing searches once, with a spinner; the answer shows the first page")
    func appearThenResults() throws {
        var state = initial()
        let effects = Reducer.reduce(&state, .appeared)
        var expected = initial()
        expected.phase = .searching
        expected.pendingSearch = 1
        expected.nextRequestID = 2
        #expect(state == expected)
        let loading = LoadingViewModel(
            header: AvailabilityHeaderViewModel(title: "LHR → JFK", details: "Fri 18 Dec · 1 adult · Economy"),
            message: "Searching flights LHR → JFK on Fri 18 Dec…", legend: "")
        #expect(effects == [.show(.screen(.loading(loading))), .search(id: 1, Searches.oneWay)])

        let result = try found(.offerRequestOneWay)
        let shown = Reducer.reduce(&state, .searchAnswered(id: 1, .success(result)))
        expected.phase = .results
        expected.pendingSearch = nil
        expected.result = result
        expected.visible = AvailabilityOffers.sortedIndices(result.offers, by: .price)
        #expect(state == expected)
        guard case .show(.screen(.results(let page)))? = shown.first, shown.count == 1 else {
            Issue.record("expected one page of offers, got \(shown)")
            return
        }
        #expect(page.header == AvailabilityHeaderViewModel(
            title: "London (LHR) → New York (JFK)", details: "Fri 18 Dec · 1 adult · Economy · 14 offers"))
        #expect(page.status == "Sort: price · Filters: none · Page 1 of 2 (offers 1–12 of 14)")
        #expect(page.rows.map(\.number) == Array(1...12))
        #expect(page.rows.first?.price == "£298.00")

        // Shown again (after the summary is popped), it searches nothing and shows the same page.
        let again = Reducer.reduce(&state, .appeared)
        #expect(state == expected)
        #expect(again == shown)
    }

    @Test("a failure is shown in words; retry searches again under a new id")
    func failureThenRetry() {
        var state = initial()
        _ = Reducer.reduce(&state, .appeared)
        let effects = Reducer.reduce(&state, .searchAnswered(id: 1, .failure(.timedOut)))
        #expect(state.phase == .failed(.timedOut))
        #expect(state.pendingSearch == nil)
        guard case .show(.screen(.error(let error)))? = effects.first else {
            Issue.record("expected the error, got \(effects)")
            return
        }
        #expect(error.notice == Notice(.error, ServiceError.timedOut.message))
        #expect(error.legend == "Commands: retry, back, help.")
        let retried = Reducer.reduce(&state, .entered("retry"))
        #expect(state.pendingSearch == 2)
        #expect(retried.last == .search(id: 2, Searches.oneWay))
    }

    @Test("Esc while searching stops the search and stays; its late answer is ignored")
    func cancelWhileSearching() throws {
        var state = initial(style: .keys)
        _ = Reducer.reduce(&state, .appeared)
        let effects = Reducer.reduce(&state, .cancelLoading)
        var expected = initial(style: .keys)
        expected.phase = .cancelled
        expected.nextRequestID = 2
        #expect(state == expected)
        #expect(effects.first == .cancel(.search))
        guard case .show(.screen(.error(let cancelled)))? = effects.last, effects.count == 2 else {
            Issue.record("expected the cancellation, got \(effects)")
            return
        }
        #expect(cancelled.notice == Notice(.warning, "Search cancelled."))
        #expect(cancelled.suggestion == "Press r to search again, or b to change the search.")
        #expect(Reducer.reduce(&state, .searchAnswered(id: 1, .success(try found(.offerRequestOneWay)))) == [])
        #expect(state == expected)
    }

    @Test("b while searching stops it, shows the cancellation, then goes back")
    func backWhileSearching() {
        var state = initial()
        _ = Reducer.reduce(&state, .appeared)
        let effects = Reducer.reduce(&state, .back)
        #expect(state.phase == .cancelled)
        #expect(effects.first == .cancel(.search))
        #expect(effects.last == .navigate(.back))
        #expect(effects.count == 3)
    }

    @Test("Ctrl-C cancels a running search but ends the screen otherwise; the end of input always ends it")
    func interruptAndEnd() throws {
        var searching = initial(style: .keys)
        _ = Reducer.reduce(&searching, .appeared)
        var interrupted = searching
        #expect(Reducer.reduce(&interrupted, .interrupted).first == .cancel(.search))
        #expect(interrupted.phase == .cancelled)

        var ended = searching
        #expect(Reducer.reduce(&ended, .inputEnded) == [.cancel(.search), .navigate(.back), .show(.finished)])
        #expect(ended.phase == .idle)
        #expect(ended.pendingSearch == nil)

        var results = showing(try found(.offerRequestOneWay))
        let before = results
        #expect(Reducer.reduce(&results, .interrupted) == [.navigate(.back), .show(.finished)])
        #expect(results == before)
    }

    @Test("a validation error names the fields and says to edit the search; b goes back")
    func validationError() {
        var state = initial(style: .keys)
        _ = Reducer.reduce(&state, .appeared)
        let failure = FixtureFile.errorValidation.error
        let effects = Reducer.reduce(&state, .searchAnswered(id: 1, .failure(failure)))
        guard case .show(.screen(.error(let error)))? = effects.first else {
            Issue.record("expected the error, got \(effects)")
            return
        }
        #expect(error.notice == Notice(.error, failure.message))
        #expect(error.details.count == (failure.apiError?.errors.count ?? 0) - 1)
        #expect(error.suggestion == "Go back (b) to edit the search, then search again.")
        #expect(error.legend.hasPrefix("b back to edit the search"))
        #expect(Reducer.reduce(&state, .back) == [.navigate(.back)])
    }

    @Test("help lists the keys on a TTY (over the screen) and the commands elsewhere")
    func help() throws {
        var keys = showing(try found(.offerRequestOneWay), initial(style: .keys))
        guard case .show(.help(let keyHelp))? = Reducer.reduce(&keys, .helpTapped).first else {
            Issue.record("expected the help")
            return
        }
        #expect(keyHelp.rows.contains { $0.key == "s" })
        #expect(keys.isShowingOverlay)
        #expect(Reducer.reduce(&keys, .helpDismissed) == Reducer.show(keys))
        #expect(!keys.isShowingOverlay)

        var lines = showing(try found(.offerRequestOneWay))
        guard case .show(.help(let lineHelp))? = Reducer.reduce(&lines, .entered("help")).first else {
            Issue.record("expected the help")
            return
        }
        #expect(lineHelp.rows.contains { $0.key == "filter carrier BA,VS" })
        #expect(!lines.isShowingOverlay)
    }

    // MARK: Choosing, pages, sort and filters

    @Test("a number chooses that offer for the summary; one out of range is explained")
    func chooseByNumber() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result)
        let ordered = AvailabilityOffers.sorted(result.offers, by: .price)
        #expect(Reducer.reduce(&state, .entered("2")) == [.navigate(.summary(offer: ordered[1], search: Searches.oneWay))])
        #expect(state.highlight == 1)
        let before = state
        #expect(Reducer.reduce(&state, .entered("15")) == [.show(.problem("There is no offer 15; choose 1 to 14."))])
        #expect(state == before)
    }

    @Test("pages: next goes to the second, a word at either end")
    func pages() throws {
        var state = showing(try found(.offerRequestOneWay))
        #expect(Reducer.reduce(&state, .previousPage) == [.show(.problem("This is the first page."))])
        let next = Reducer.reduce(&state, .entered("next"))
        #expect(state.highlight == 12)
        #expect(next == Reducer.show(state))
        #expect(Reducer.reduce(&state, .nextPage) == [.show(.problem("This is the last page."))])
        #expect(state.highlight == 12)
    }

    @Test("sort typed by name reorders and goes back to the first offer")
    func sortTyped() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result)
        _ = Reducer.reduce(&state, .moved(3))
        let effects = Reducer.reduce(&state, .entered("sort dur"))
        var expected = showing(result)
        expected.sort = .duration
        expected.visible = AvailabilityOffers.sortedIndices(result.offers, by: .duration)
        #expect(state == expected)
        #expect(effects == Reducer.show(expected))
        #expect(Reducer.reduce(&state, .entered("sort xy")) == [
            .show(.problem("Sort by price, duration, departure, arrival or CO₂ (for example: sort duration, or sort co2).")),
        ])
    }

    @Test("filter depart morning reads the shared window grammar; filter clear brings every offer back")
    func filterDepartMorning() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result)
        let effects = Reducer.reduce(&state, .entered("filter depart morning"))
        let morning = try #require(TimeWindowReader.named["morning"])
        var expected = showing(result)
        expected.filters.departureWindow = morning
        expected.visible = AvailabilityOffers.visible(
            result.offers, sort: .price, filters: AvailabilityFilters(departureWindow: morning))
        #expect(state == expected)
        #expect(effects == Reducer.show(expected))
        #expect(!state.visible.isEmpty && state.visible.count < 14)
        #expect(state.visibleOffers.allSatisfy { morning.contains($0.slices[0].departingAt?.time ?? LocalTime(minutesSinceMidnight: 0)) })

        _ = Reducer.reduce(&state, .entered("filter depart 9-12"))
        #expect(state.filters.departureWindow == TimeWindow(
            from: LocalTime(minutesSinceMidnight: 9 * 60), to: LocalTime(minutesSinceMidnight: 12 * 60)))
        _ = Reducer.reduce(&state, .entered("filter clear"))
        #expect(state == showing(result))
    }

    @Test("when the filters leave nothing, it says so and offers to clear them")
    func filtersLeaveNothing() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result)
        _ = Reducer.reduce(&state, .entered("filter carrier FI"))
        let effects = Reducer.reduce(&state, .entered("filter stops 0"))
        guard case .show(.screen(.noOffers(let empty)))? = effects.first else {
            Issue.record("expected no offers, got \(effects)")
            return
        }
        #expect(empty.message == "None of the 14 offers matches the filters (direct only, FI).")
        #expect(empty.suggestion.contains("filter clear"))
        #expect(Reducer.reduce(&state, .entered("1")) == [
            .show(.problem("No offer matches the filters: type filter clear to choose from.")),
        ])
        #expect(Reducer.reduce(&state, .entered("next")) == [
            .show(.problem("No offer matches the filters: type filter clear to change pages.")),
        ])
        _ = Reducer.reduce(&state, .entered("filter clear"))
        #expect(state == showing(result))
    }

    @Test("a wrong filter value is explained and changes nothing")
    func wrongFilter() throws {
        var state = showing(try found(.offerRequestOneWay))
        let before = state
        #expect(Reducer.reduce(&state, .entered("filter depart 25:00-26:00")) == [
            .show(.problem(TimeWindowReader.Problem.noSuchTime("25:00").message)),
        ])
        #expect(Reducer.reduce(&state, .entered("filter stops lots")).count == 1)
        #expect(Reducer.reduce(&state, .entered("filter carrier QQ")) == [
            .show(.problem("No flight in these offers is with QQ; airlines here: AA, B6, BA, DL, EI, FI, KL, VS, ZZ.")),
        ])
        #expect(Reducer.reduce(&state, .entered("filter colour red")) == [.show(.problem(AvailabilityCommands.filterUsage))])
        #expect(state == before)
    }

    @Test("filters from lists: the stops list, then an answered question")
    func filtersFromLists() throws {
        var state = showing(try found(.offerRequestOneWay), initial(style: .keys))
        let menu = Reducer.reduce(&state, .filterTapped)
        #expect(state.isShowingOverlay)
        #expect(menu == [.show(.choice(AvailabilityViewModels.filterChoice(state)))])
        _ = Reducer.reduce(&state, .chose(0, in: .filter))
        _ = Reducer.reduce(&state, .chose(0, in: .stops))
        #expect(state.filters == AvailabilityFilters(maxStops: 0))
        #expect(!state.isShowingOverlay)
        #expect(state.visible.count == 8)
        _ = Reducer.reduce(&state, .answered("BA, VS", to: .carriers))
        #expect(state.filters.carriers == ["BA", "VS"])
    }

    @Test("commands that need offers explain why they cannot run")
    func unavailableCommands() {
        var state = initial()
        _ = Reducer.reduce(&state, .appeared)
        let before = state
        #expect(Reducer.reduce(&state, .entered("sort price")) == [
            .show(.problem("The search is still running; wait for the offers to sort.")),
        ])
        #expect(Reducer.reduce(&state, .entered("dates")) == [
            .show(.problem("The search is still running; wait for the offers to see other dates.")),
        ])
        #expect(Reducer.reduce(&state, .entered("hello")) == [
            .show(.problem("“hello” is not a command here. Type help to see the commands.")),
        ])
        #expect(state == before)
    }

    // MARK: Flexible dates

    @Test("flexible dates: four days searched at once, the searched day known; each answer starts the next")
    func flexibleDates() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result, initial(style: .keys))
        let opened = Reducer.reduce(&state, .datesTapped)
        let days = ["2026-12-15", "2026-12-16", "2026-12-17", "2026-12-19", "2026-12-20", "2026-12-21"].map(date)
        let searches = zip(2..., days.prefix(4)).map { id, day in
            FlightAvailabilityEffect.searchFare(id: id, date: day, Searches.oneWay.shifted(toDepartOn: day))
        }
        #expect(Array(opened.prefix(4)) == searches)
        #expect(opened.count == 5)
        #expect(state.phase == .flexibleDates)
        #expect(state.flexible?.pending == Dictionary(uniqueKeysWithValues: zip(days.prefix(4), 2...)))
        #expect(state.flexible?.fares == [date("2026-12-18"): .cheapest(gbp("298.00"))])
        #expect(state.flexible?.highlight == 3)

        // A stale id is ignored; a fresh answer is kept, and the fifth day starts.
        let before = state
        #expect(Reducer.reduce(&state, .fareAnswered(id: 99, date: days[0], .success(gbp("250.00")))) == [])
        #expect(state == before)
        let answered = Reducer.reduce(&state, .fareAnswered(id: 2, date: days[0], .success(gbp("250.00"))))
        #expect(answered.first == .searchFare(id: 6, date: days[4], Searches.oneWay.shifted(toDepartOn: days[4])))
        #expect(answered.count == 2)
        #expect(state.flexible?.fares[days[0]] == .cheapest(gbp("250.00")))
        #expect(state.fareCache[Searches.oneWay.shifted(toDepartOn: days[0])] == .cheapest(gbp("250.00")))

        // Leaving stops every day still searching.
        let left = Reducer.reduce(&state, .back)
        #expect(Array(left.dropLast()) == [days[1], days[2], days[3], days[4]].map { .cancel(.fare($0)) })
        #expect(state.phase == .results)
        #expect(state.flexible?.pending == [:])
    }

    @Test("off a TTY the grid is written once complete; a failed day is retried; a day's number searches it")
    func flexibleDatesOnLines() throws {
        let result = try found(.offerRequestOneWay)
        var state = showing(result)
        _ = Reducer.reduce(&state, .entered("dates"))
        let days = ["2026-12-15", "2026-12-16", "2026-12-17", "2026-12-19", "2026-12-20", "2026-12-21"].map(date)
        var shows = 0
        for day in days {
            let id = try #require(state.flexible?.pending[day])
            let outcome: Outcome<Money?, ServiceError> = day == days[2] ? .failure(.timedOut) : .success(gbp("320.00"))
            let effects = Reducer.reduce(&state, .fareAnswered(id: id, date: day, outcome))
            shows += effects.filter { if case .show = $0 { true } else { false } }.count
        }
        #expect(shows == 1)
        guard case .flexibleDates(let grid)? = AvailabilityViewModels.screen(state) else {
            Issue.record("expected the grid")
            return
        }
        #expect(grid.rows[2] == FlexibleDateRowViewModel(
            number: 3, date: "Thu 17 Dec", fare: "failed", note: "no answer in time", isHighlighted: false, isFailure: true))
        #expect(grid.rows[3].note == "your search, lowest")
        #expect(grid.footnote.hasSuffix("Type retry to search the failed days again."))

        let retried = Reducer.reduce(&state, .entered("retry"))
        #expect(retried.first == .searchFare(id: 8, date: days[2], Searches.oneWay.shifted(toDepartOn: days[2])))

        let chosen = Reducer.reduce(&state, .entered("5"))
        let shifted = Searches.oneWay.shifted(toDepartOn: date("2026-12-19"))
        #expect(chosen.first == .cancel(.fare(days[2])))
        #expect(chosen.last == .search(id: 9, shifted))
        #expect(state.request == shifted)
        #expect(state.result == nil)
        #expect(state.phase == .searching)
    }

    // MARK: table and json

    @Test("json: progress on standard error, then one document and the outcome")
    func jsonReport() throws {
        var state = initial(Searches.roundTrip, presentation: .json)
        #expect(Reducer.reduce(&state, .appeared) == [
            .show(.diagnostic("Searching flights LHR ⇄ JFK on Fri 18 Dec – Mon 28 Dec…\n")),
            .search(id: 1, Searches.roundTrip),
        ])
        let result = try found(.offerRequestRoundTrip)
        let effects = Reducer.reduce(&state, .searchAnswered(id: 1, .success(result)))
        let document = try AvailabilityOffers.jsonDocument(
            offerRequestID: result.offerRequest.id, search: Searches.roundTrip,
            offers: AvailabilityOffers.sorted(result.offers, by: .price))
        #expect(effects == [.show(.document(document)), .navigate(.finished(.shown(offers: 6))), .show(.finished)])
    }

    @Test("table: at most the limit, with a footnote; no offers say so and end as noOffers")
    func tableReport() throws {
        var state = initial(presentation: .table, limit: 3)
        _ = Reducer.reduce(&state, .appeared)
        let effects = Reducer.reduce(&state, .searchAnswered(id: 1, .success(try found(.offerRequestOneWay))))
        guard case .show(.report(let report))? = effects.first else {
            Issue.record("expected the table, got \(effects)")
            return
        }
        #expect(report.rows.count == 3)
        #expect(report.footnote == "Showing 3 of 14 offers.")
        #expect(Array(effects.dropFirst()) == [.navigate(.finished(.shown(offers: 3))), .show(.finished)])

        var empty = initial(Searches.empty, presentation: .table)
        _ = Reducer.reduce(&empty, .appeared)
        let none = Reducer.reduce(&empty, .searchAnswered(id: 1, .success(try found(.offerRequestEmpty))))
        guard case .show(.report(let emptyReport))? = none.first else {
            Issue.record("expected the table, got \(none)")
            return
        }
        #expect(emptyReport.footnote == "No flights found for Providence (PVD) → Praia (RAI) on Fri 18 Dec.")
        #expect(Array(none.dropFirst()) == [.navigate(.finished(.noOffers)), .show(.finished)])
    }

    @Test("table: a failure goes to standard error and ends with its outcome")
    func tableFailure() {
        var state = initial(presentation: .table)
        _ = Reducer.reduce(&state, .appeared)
        let effects = Reducer.reduce(&state, .searchAnswered(id: 1, .failure(.timedOut)))
        #expect(effects == [
            .show(.diagnostic("✗ The flight service did not answer in time.\n  Check the connection and try again.\n")),
            .navigate(.finished(.failed(.timedOut))), .show(.finished),
        ])
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
    @Test("a recorded session, answers and flexible days included, replays step for step through the Builder's replay")
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
            .datesTapped, .fareAnswered(id: 2, date: date("2026-12-15"), .success(gbp("250.00"))),
            .fareAnswered(id: 3, date: date("2026-12-16"), .failure(.timedOut)), .back, .typedDigit(1), .enterPressed,
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
