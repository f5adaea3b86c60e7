import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import Services
import TerminalUI
import Testing
@testable import Trips

/// The recorded one-way search, shown on a screen typed to in `style`, as the Builder makes it.
private func showingOneWay(style: FlightAvailabilityState.InputStyle) throws -> FlightAvailabilityState {
    let request = try FixtureFile.offerRequestOneWay.decode(DataEnvelope<OfferRequest>.self).data
    var state = FlightAvailabilityState(
        input: FlightAvailabilityInput(request: Searches.oneWay), inputStyle: style, today: date("2026-11-22"))
    _ = FlightAvailabilityReducer.reduce(&state, .appeared)
    _ = FlightAvailabilityReducer.reduce(&state, .searchAnswered(id: 1, .success(
        OfferSearchResult(offerRequest: request, offers: request.offers))))
    return state
}

/// CO₂ is one word wherever the traveller meets it: the column, the sort menu, the status line, the help and the
/// messages all say "CO₂", never "emissions" (which stays a word the commands accept).
@Suite("FlightAvailability: one word for CO₂")
struct FlightAvailabilityWordingTests {
    typealias Reducer = FlightAvailabilityReducer

    @Test("the sort menu, the status line, the help and the sort usage all say CO₂")
    func viewModels() throws {
        for style in [FlightAvailabilityState.InputStyle.keys, .lines] {
            var state = try showingOneWay(style: style)
            #expect(AvailabilityViewModels.sortChoice(state).options.contains("CO₂ (least first)"))
            #expect(Reducer.reduce(&state, .entered("sort co2")) == [])
            #expect(state.sort == .emissions)
            guard case .results(let page)? = AvailabilityViewModels.screen(state) else {
                Issue.record("expected a page, got \(String(describing: AvailabilityViewModels.screen(state)))")
                continue
            }
            #expect(page.status.hasPrefix("Sort: CO₂ · "), "\(page.status)")
            #expect(!page.legend.lowercased().contains("emissions"), "\(page.legend)")
            let help = AvailabilityViewModels.help(state)
            #expect(help.rows.contains { $0.value.contains("CO₂") })
            #expect(!help.rows.contains { $0.value.lowercased().contains("emissions") }, "\(help.rows)")
        }
        #expect(AvailabilityCommands.sortUsage.contains("CO₂"))
        #expect(!AvailabilityCommands.sortUsage.lowercased().contains("emissions"))
    }
}

/// `r` runs the same search again; the offers may come back the same, so the screen says it searched.
@Suite("FlightAvailability: searching again shows")
struct FlightAvailabilitySearchAgainTests {
    typealias Reducer = FlightAvailabilityReducer

    @Test("r says it is searching again, then that the offers shown are from the new search")
    func searchAgain() throws {
        var state = try showingOneWay(style: .keys)
        _ = Reducer.reduce(&state, .retry)
        guard case .loading(let loading)? = AvailabilityViewModels.screen(state) else {
            Issue.record("expected the spinner")
            return
        }
        #expect(loading.message.hasPrefix("Searching again: flights LHR → JFK"))
        let request = try FixtureFile.offerRequestOneWay.decode(DataEnvelope<OfferRequest>.self).data
        _ = Reducer.reduce(&state, .searchAnswered(id: 2, .success(OfferSearchResult(offerRequest: request, offers: request.offers))))
        guard case .results(let page)? = AvailabilityViewModels.screen(state) else {
            Issue.record("expected a page")
            return
        }
        #expect(page.status.hasPrefix("Searched again: 14 offers · Sort: price"), "\(page.status)")
        // A new search of other days is not "again".
        _ = Reducer.reduce(&state, .datesTapped)
        _ = Reducer.reduce(&state, .moved(1))
        _ = Reducer.reduce(&state, .enterPressed)
        #expect(!state.searchedAgain)
    }
}

@Suite("Module: one word for CO₂ on the keys")
@MainActor
struct FlightAvailabilityWordingModuleTests {
    @Test("sorting by CO₂ from the menu says CO₂ in the status line, and the help says it too", arguments: [60, 80, 120])
    func sortMenu(columns: Int) async throws {
        let session = Session(interactive: true, columns: columns)
        try await session.settle(on: "›1.")
        session.terminal.press(.character("s"))
        try await session.settle(on: "CO₂ (least first)")
        session.terminal.press(.down, .down, .down, .down, .enter)
        try await session.settle(on: "Sort: CO₂")
        #expect(!session.screenText.lowercased().contains("emissions"), "\(session.screenText)")
        session.terminal.press(.character("?"))
        try await session.settle(on: "Press any key to go back.")
        #expect(session.screenText.contains("CO₂"))
        #expect(!session.screenText.lowercased().contains("emissions"), "\(session.screenText)")
        await session.stop()
    }
}
