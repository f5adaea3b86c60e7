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

private func money(_ amount: String) -> Money { Money(amount: Decimal(string: amount) ?? 0, currency: "GBP") }

/// `request`'s offers shown, as the Builder's screen has them on 2026-11-22.
private func showingOffers(
    _ request: SearchRequest, _ file: FixtureFile, style: FlightAvailabilityState.InputStyle
) throws -> FlightAvailabilityState {
    var state = FlightAvailabilityState(
        input: FlightAvailabilityInput(request: request), inputStyle: style, today: date("2026-11-22"))
    let made = try file.decode(DataEnvelope<OfferRequest>.self).data
    _ = FlightAvailabilityReducer.reduce(&state, .appeared)
    _ = FlightAvailabilityReducer.reduce(&state, .searchAnswered(id: 1, .success(OfferSearchResult(offerRequest: made, offers: made.offers))))
    return state
}

private func days(_ departure: String, _ returning: String? = nil) -> GridDays {
    GridDays(departure: date(departure), returning: returning.map(date))
}

@Suite("FlightAvailability date grid")
struct FlightAvailabilityDateGridTests {
    typealias Reducer = FlightAvailabilityReducer

    // MARK: The grid as a value

    @Test("a round trip gets 7 departure days across and 7 return days down; a one-way trip one row")
    func shapes() {
        let matrix = DateGrid(around: Searches.roundTrip, today: recordingDay)
        #expect(matrix.departures.map(\.description) == (15...21).map { "2026-12-\($0)" })
        #expect(matrix.returns.map(\.description) == (25...31).map { "2026-12-\($0)" })
        #expect(matrix.cells.count == 49)
        #expect((matrix.column, matrix.row) == (3, 3))
        #expect(matrix.highlighted == days("2026-12-18", "2026-12-28"))

        let row = DateGrid(around: Searches.oneWay, today: recordingDay)
        #expect(!row.isMatrix)
        #expect(row.cells.count == 7)
        #expect(row.highlighted == days("2026-12-18"))
    }

    @Test("days already past are not in the grid, and a return before the departure is no cell")
    func pastDaysAndImpossiblePairs() {
        var soon = Searches.roundTrip
        soon.slices[0].departureDate = date("2026-11-23")
        soon.slices[1].departureDate = date("2026-11-25")
        let grid = DateGrid(around: soon, today: date("2026-11-22"))
        #expect(grid.departures.map(\.description) == (22...26).map { "2026-11-\($0)" })
        #expect(grid.returns.map(\.description) == (22...28).map { "2026-11-\($0)" })
        #expect(grid.days(column: 4, row: 0) == nil)
        #expect(grid.days(column: 0, row: 0) == days("2026-11-22", "2026-11-22"))
        // 5 departure days; for each, the return days on or after it.
        #expect(grid.cells.count == 7 + 6 + 5 + 4 + 3)
    }

    @Test("the cells nearest the searched days come first; a cell's search moves each leg to its own day")
    func orderAndSearches() {
        let grid = DateGrid(around: Searches.roundTrip, today: recordingDay)
        #expect(grid.cells.first == days("2026-12-18", "2026-12-28"))
        #expect(Set(grid.cells[1...4]) == [
            days("2026-12-17", "2026-12-28"), days("2026-12-19", "2026-12-28"),
            days("2026-12-18", "2026-12-27"), days("2026-12-18", "2026-12-29"),
        ])
        let search = grid.search(for: days("2026-12-16", "2026-12-30"))
        #expect(search.slices.map(\.departureDate.description) == ["2026-12-16", "2026-12-30"])
        #expect(search.passengers == Searches.roundTrip.passengers)
    }

    // MARK: The rules

    @Test("opening the matrix: the searched pair is known, the four nearest searched at once, each answer starts the next")
    func openingTheMatrix() throws {
        let state = try showingOffers(Searches.roundTrip, .offerRequestRoundTrip, style: .keys)
        var store = TestStore<Reducer>(state)
        let grid = DateGrid(around: Searches.roundTrip, today: date("2026-11-22"))
        let first = Array(grid.cells[1...4])
        let fifth = grid.cells[5]
        store.send(.datesTapped, effects: zip(2..., first).map { id, days in
            .run(.searchFare(id: id, days: days, grid.search(for: days)))
        }) {
            var opened = grid
            opened.fares = [days("2026-12-18", "2026-12-28"): .cheapest(money("1401.61"))]
            opened.pending = Dictionary(uniqueKeysWithValues: zip(first, 2...))
            $0.grid = opened
            $0.phase = .dateGrid
            $0.fareCache[Searches.roundTrip] = .cheapest(money("1401.61"))
            $0.nextRequestID = 6
        }
        // A stale id is ignored; a fresh answer is kept and the next cell starts.
        store.send(.fareAnswered(id: 99, days: first[0], .success(money("1200.00"))), effects: [])
        store.send(
            .fareAnswered(id: 2, days: first[0], .success(money("1200.00"))),
            effects: [.run(.searchFare(id: 6, days: fifth, grid.search(for: fifth)))]
        ) {
            $0.grid?.fares[first[0]] = .cheapest(money("1200.00"))
            $0.grid?.pending[first[0]] = nil
            $0.grid?.pending[fifth] = 6
            $0.fareCache[grid.search(for: first[0])] = .cheapest(money("1200.00"))
            $0.nextRequestID = 7
        }
        #expect(store.state.grid?.lowest == money("1200.00"))
        // Leaving stops every cell still searching.
        store.send(.back, effects: (Array(first[1...]) + [fifth]).sorted().map { .cancel(.fare($0)) }) {
            $0.phase = .results
            $0.grid?.pending = [:]
        }
    }

    @Test("arrows move over both axes; Enter searches that pair; going back tells the composer the days chosen")
    func movingChoosingAndGoingBack() throws {
        var state = try showingOffers(Searches.roundTrip, .offerRequestRoundTrip, style: .keys)
        _ = Reducer.reduce(&state, .datesTapped)
        _ = Reducer.reduce(&state, .movedAcross(-2))
        _ = Reducer.reduce(&state, .moved(1))
        #expect(state.grid?.highlighted == days("2026-12-16", "2026-12-29"))
        _ = Reducer.reduce(&state, .movedAcross(-9))
        _ = Reducer.reduce(&state, .moved(9))
        #expect(state.grid?.highlighted == days("2026-12-15", "2026-12-31"))

        let chosen = try #require(state.grid.map { $0.search(for: days("2026-12-15", "2026-12-31")) })
        let effects = Reducer.reduce(&state, .enterPressed)
        #expect(effects.contains(.run(.search(id: state.nextRequestID - 1, chosen))))
        #expect(state.request == chosen)
        #expect(state.phase == .searching)
        let made = try FixtureFile.offerRequestRoundTrip.decode(DataEnvelope<OfferRequest>.self).data
        _ = Reducer.reduce(&state, .searchAnswered(id: state.nextRequestID - 1, .success(OfferSearchResult(offerRequest: made, offers: made.offers))))
        #expect(Reducer.reduce(&state, .back) == [.leave(.backChangingSearch(chosen))])

        // The days searched first, chosen again, go back as a plain back.
        var unchanged = try showingOffers(Searches.roundTrip, .offerRequestRoundTrip, style: .keys)
        _ = Reducer.reduce(&unchanged, .datesTapped)
        _ = Reducer.reduce(&unchanged, .enterPressed)
        #expect(unchanged.phase == .results)
        #expect(Reducer.reduce(&unchanged, .back) == [.leave(.back)])
    }

    @Test("a one-way row: every arrow moves along the row, and digits choose a day")
    func oneRow() throws {
        var state = try showingOffers(Searches.oneWay, .offerRequestOneWay, style: .keys)
        _ = Reducer.reduce(&state, .datesTapped)
        _ = Reducer.reduce(&state, .moved(1))
        #expect(state.grid?.highlighted == days("2026-12-19"))
        _ = Reducer.reduce(&state, .typedDigit(1))
        #expect(state.grid?.highlighted == days("2026-12-15"))
    }

    @Test("off a TTY: written once complete; 3b is departure 3, return b; a failed pair is searched again")
    func onLines() throws {
        var state = try showingOffers(Searches.roundTrip, .offerRequestRoundTrip, style: .lines)
        #expect(Reducer.reduce(&state, .entered("dates")).first
            == .note(.progress("Finding the lowest price around Fri 18 Dec – Mon 28 Dec…")))
        var answered = 0
        while let (cell, id) = state.grid?.pending.min(by: { $0.key < $1.key }) {
            #expect(Reducer.screen(state).question == nil)
            let failing = cell == days("2026-12-17", "2026-12-26")
            let outcome: Outcome<Money?, ServiceError> = failing ? .failure(.timedOut) : .success(money("1500.00"))
            _ = Reducer.reduce(&state, .fareAnswered(id: id, days: cell, outcome))
            answered += 1
        }
        #expect(answered == 48)
        #expect(Reducer.screen(state).question?.prompt == "Days (like 3b) or command: ")
        let text = (Reducer.recordedScreen(state) ?? []).joined(separator: " ")
        #expect(text.contains("Type a departure number and a return letter (like 3b: 1 to 7, a to g)"))
        #expect(text.contains("Type retry to search the failed days again."))

        let failed = days("2026-12-17", "2026-12-26")
        let retried = Reducer.reduce(&state, .entered("retry"))
        #expect(retried.contains(.run(.searchFare(id: state.nextRequestID - 1, days: failed, try #require(state.grid).search(for: failed)))))

        let effects = Reducer.reduce(&state, .entered("2c"))
        #expect(state.request.slices.map(\.departureDate.description) == ["2026-12-16", "2026-12-27"])
        #expect(effects.contains(.cancel(.fare(failed))))
        #expect(Reducer.reduce(&state, .entered("9z")) == Reducer.problem("“9z” is not a command here. Type help to see the commands."))
    }

    @Test("typed cells", arguments: [
        ("3b", AvailabilityCommand.cell(column: 3, row: 1)), ("B3", .cell(column: 3, row: 1)),
        ("3 b", .cell(column: 3, row: 1)), ("a1", .cell(column: 1, row: 0)), ("3", .number(3)),
        ("b", .back), ("bb", .unknown("“bb” is not a command here. Type help to see the commands.")),
    ])
    func typedCells(line: String, command: AvailabilityCommand) {
        #expect(AvailabilityCommands.read(line) == command)
    }

    @Test("a pair whose return is before its departure is refused in words")
    func impossiblePair() throws {
        var soon = Searches.roundTrip
        soon.slices[0].departureDate = date("2026-12-18")
        soon.slices[1].departureDate = date("2026-12-19")
        var state = try showingOffers(soon, .offerRequestRoundTrip, style: .lines)
        _ = Reducer.reduce(&state, .entered("dates"))
        #expect(Reducer.reduce(&state, .entered("7a")).last
            == Reducer.problem("That return is before the departure; choose a day on or after it.").last)
    }
}
