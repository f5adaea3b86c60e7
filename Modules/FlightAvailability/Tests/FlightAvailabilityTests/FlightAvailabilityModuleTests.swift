import Entities
import FixtureServices
import FlightAvailability
import Foundation
import Services
import TerminalUI
import Testing
@testable import Trips

@Suite("Module: the availability screen through its Builder")
@MainActor
struct FlightAvailabilityModuleTests {
    @Test("a page fills the screen: a taller terminal shows more offers a page")
    func pagesFitTheScreen() async throws {
        let short = Session(interactive: false)
        try await short.settle(on: "Offer number or command:")
        #expect(short.screenText.contains("Page 1 of 2 (offers 1–12 of 14)"))
        await short.stop()
        let tall = Session(interactive: false, rows: 40)
        try await tall.settle(on: "Offer number or command:")
        #expect(tall.screenText.contains("Page 1 of 1 (offers 1–14 of 14)"))
        await tall.stop()
    }

    @Test("lines: the offers as a table; a number chooses one for the summary")
    func linesChooseByNumber() async throws {
        let session = Session(interactive: false)
        try await session.settle(on: "Offer number or command:")
        #expect(session.terminal.screen.contains("── London (LHR) → New York (JFK) ───────────────────────────────────────────────"))
        #expect(session.terminal.screen.contains("Fri 18 Dec · 1 adult · Economy · 14 offers"))
        #expect(session.terminal.screen.contains("     Departs  Arrives  Stops           Airline         Fare                Price"))
        #expect(session.terminal.screen.contains(" 2.  13:10    18:05    1 stop KEF      Icelandair      Economy Light     £318.90"))
        #expect(session.terminal.text.contains("Searching flights LHR → JFK on Fri 18 Dec…"))
        session.terminal.enter("2")
        try await session.terminal.wait(for: "the summary") { _ in session.router.summaries.count == 1 }
        #expect(session.router.summaries.first?.offer.slices.first?.segments.first?.flightNumber == "FI451")
        #expect(session.router.summaries.first?.search == Searches.oneWay)
        await session.stop()
    }

    @Test("keys: ↓ moves the highlight, Enter chooses")
    func keysChooseWithArrows() async throws {
        let session = Session(interactive: true)
        try await session.settle(on: "›1.")
        #expect(session.terminal.screen.last == "↑↓ Enter choose · s sort · f filter · d dates · n/p page · b back · ? help")
        session.terminal.press(.down)
        try await session.settle(on: "›2.")
        #expect(!session.screenText.contains("›1."))
        session.terminal.press(.enter)
        try await session.terminal.wait(for: "the summary") { _ in session.router.summaries.count == 1 }
        #expect(session.router.summaries.first?.offer.totalAmount.formatted == "£318.90")
        await session.stop()
    }

    @Test("keys: s sorts from a list; f filters from a list; c clears")
    func keysSortAndFilter() async throws {
        let session = Session(interactive: true)
        try await session.settle(on: "›1.")
        session.terminal.press(.character("s"))
        try await session.settle(on: "Duration (shortest first)")
        session.terminal.press(.down, .enter)
        try await session.settle(on: "Sort: duration")
        #expect(session.terminal.screen.contains { $0.hasPrefix("›1.  08:20    11:15      7h 55m  Direct") })

        session.terminal.press(.character("f"))
        try await session.settle(on: "Clear all filters")
        session.terminal.press(.enter)
        try await session.settle(on: "Most stops on each leg")
        session.terminal.press(.home, .enter)
        try await session.settle(on: "Filters: direct only")
        let rows = session.terminal.screen.filter { $0.range(of: #"^.?\d+\."#, options: .regularExpression) != nil }
        #expect(rows.count == 8)
        #expect(rows.allSatisfy { $0.contains("Direct") })
        #expect(session.terminal.screen.last?.contains("c clear") == true)

        session.terminal.press(.character("c"))
        try await session.settle(on: "Filters: none")
        await session.stop()
    }

    @Test("lines: typed commands sort, filter and page; a wrong one is explained and nothing is lost")
    func linesCommands() async throws {
        let session = Session(interactive: false)
        try await session.settle(on: "Offer number or command:")
        session.terminal.enter("filter stops 0")
        try await session.settle(on: "Filters: direct only")
        session.terminal.enter("sort departure")
        try await session.settle(on: "Sort: departure")
        session.terminal.clearOutput()
        session.terminal.enter("filter carrier QQ")
        try await session.settle(on: "✗ No flight in these offers is with QQ")
        session.terminal.enter("1")
        try await session.terminal.wait(for: "the summary") { _ in session.router.summaries.count == 1 }
        // Sorted by departure among the direct flights: BA117 at 08:20.
        #expect(session.router.summaries.first?.offer.slices.first?.segments.first?.flightNumber == "BA117")
        session.terminal.enter("filter clear")
        try await session.settle(on: "Filters: none")
        session.terminal.enter("next")
        try await session.settle(on: "Page 2 of 2")
        #expect(session.terminal.screen.contains { $0.hasPrefix("14.") })
        await session.stop()
    }

    @Test("keys: Esc while searching cancels and stays, r searches again")
    func escapeCancelsSearch() async throws {
        let service = FixtureOfferService()
        service.holdSearches()
        let session = Session(interactive: true, service: service)
        try await session.settle(on: "Searching flights LHR → JFK on Fri 18 Dec…")
        #expect(session.screenText.contains("Esc cancel · b back to the search"))
        session.terminal.press(.escape)
        try await session.settle(on: "! Search cancelled.")
        #expect(session.screenText.contains("Press r to search again, or b to change the search."))
        service.releaseSearches()
        session.terminal.press(.character("r"))
        try await session.settle(on: "14 offers")
        #expect(service.searches.count == 2)
        #expect(session.router.backCount == 0)
        await session.stop()
    }

    @Test("an error is shown in words with retry and back, on keys and on lines", arguments: [true, false])
    func errorThenRetry(interactive: Bool) async throws {
        let service = FixtureOfferService()
        service.replySearches(with: .file(.errorAPI))
        let session = Session(interactive: interactive, service: service)
        let error = FixtureFile.errorAPI.error
        try await session.settle(on: "✗ The airlines did not answer")
        #expect(error.message.hasPrefix("The airlines did not answer"))
        #expect(session.screenText.contains("Try again in a moment"))
        #expect(session.screenText.contains(interactive ? "r retry · b back to the search" : "Commands: retry, back, help."))
        if interactive { session.terminal.press(.character("r")) } else { session.terminal.enter("retry") }
        try await session.settle(on: "14 offers")
        if interactive { session.terminal.press(.character("b")) } else { session.terminal.enter("back") }
        try await session.terminal.wait(for: "back") { _ in session.router.backCount == 1 }
        await session.stop()
    }

    @Test("a validation error says to edit the search")
    func validationErrorScreen() async throws {
        let service = FixtureOfferService()
        service.replySearches(with: .file(.errorValidation))
        let session = Session(interactive: true, service: service)
        try await session.settle(on: "Go back (b) to edit the search")
        session.terminal.press(.escape)
        try await session.terminal.wait(for: "back") { _ in session.router.backCount == 1 }
        await session.stop()
    }

    @Test("no flights: a clear message and a way back to the search", arguments: [true, false])
    func emptySearch(interactive: Bool) async throws {
        let session = Session(Searches.empty, interactive: interactive)
        try await session.settle(on: "! No flights found for Providence (PVD) → Praia (RAI) on Fri 18 Dec.")
        if interactive { session.terminal.press(.escape) } else { session.terminal.enter("back") }
        try await session.terminal.wait(for: "back") { _ in session.router.backCount == 1 }
        #expect(session.router.summaries.isEmpty)
        await session.stop()
    }

    @Test("when the input ends, run() goes back and returns", arguments: [true, false])
    func inputEnds(interactive: Bool) async throws {
        let session = Session(interactive: interactive)
        try await session.settle(on: "14 offers")
        session.terminal.endInput()
        await session.running.value
        #expect(session.router.backCount == 1)
        #expect(session.router.summaries.isEmpty)
    }

    @Test("shown again after being covered, the screen comes back as it was, without searching again")
    func comesBackAsItWas() async throws {
        let service = FixtureOfferService()
        let terminal = VirtualTerminal(isInteractive: true)
        let router = SpyAvailabilityRouter()
        let screen = FlightAvailabilityBuilder(offers: service, now: { recordingNow }, timeZone: london)
            .build(input: FlightAvailabilityInput(request: Searches.oneWay, sort: .duration), router: router, terminal: terminal)
        var running = Task { await screen.run() }
        try await terminal.wait(for: "results") { $0.isAwaitingInput && $0.screen.joined().contains("Sort: duration") }
        terminal.press(.down, .down)
        try await terminal.wait(for: "the highlight") { $0.isAwaitingInput && $0.screen.joined().contains("›3.") }
        running.cancel()
        _ = await running.value
        terminal.clearOutput()
        running = Task { await screen.run() }
        try await terminal.wait(for: "results again") { $0.isAwaitingInput && $0.screen.joined().contains("›3.") }
        #expect(terminal.screen.joined().contains("Sort: duration"))
        #expect(service.searches.count == 1)
        running.cancel()
        _ = await running.value
    }

    @Test("every line fits the terminal, at 60, 80 and 120 columns, on keys and lines; the airline and the fare stay",
          arguments: [60, 80, 120], [true, false])
    func linesFit(columns: Int, interactive: Bool) async throws {
        for request in [Searches.oneWay, Searches.roundTrip] {
            let session = Session(request, interactive: interactive, columns: columns)
            try await session.settle(on: "Price")
            #expect(session.terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) <= columns })
            // The flight numbers give way first, then CO₂, then the duration and the airline: the fare brand tells
            // two fares of one flight apart at every width.
            let titles = try #require(session.terminal.screen.first { $0.contains("Departs") })
            #expect(titles.contains("Fare"), "\(columns): \(titles)")
            if columns >= 120 || (columns >= 80 && request == Searches.oneWay) {
                #expect(titles.contains("Airline"), "\(columns): \(titles)")
            }
            if columns >= 120 { #expect(titles.contains("CO₂") && titles.contains("Flights"), "\(titles)") }
            if titles.contains("Flights") { #expect(titles.contains("CO₂"), "CO₂ goes after the flight numbers: \(titles)") }
            await session.stop()
        }
    }

    @Test("? in the sort list and at a filter question says what they take, and asks the same again", arguments: [60, 80, 120])
    func listAndQuestionHelp(columns: Int) async throws {
        let session = Session(interactive: true, columns: columns)
        try await session.settle(on: "›1.")
        session.terminal.press(.character("s"), .down, .character("?"))
        try await session.terminal.waitForOutput(containing: "offers without one come last")
        try await session.terminal.waitUntilAwaitingInput()
        #expect(session.screenText.contains("› 2. Duration"))
        session.terminal.press(.enter)
        try await session.settle(on: "Sort: duration")

        session.terminal.press(.character("f"))
        try await session.settle(on: "Departure time")
        session.terminal.press(.down, .down, .enter)
        try await session.settle(on: "Leaving between")
        session.terminal.type("?")
        session.terminal.press(.enter)
        try await session.terminal.waitForOutput(containing: "When the first flight leaves, local to its airport")
        try await session.terminal.waitUntilAwaitingInput()
        #expect(session.terminal.screen.allSatisfy { $0.count <= columns })
        // The question is asked again below its help.
        let screen = session.terminal.screen
        let help = try #require(screen.lastIndex { $0.hasPrefix("When the first flight leaves") })
        #expect(screen[help...].contains { $0.hasPrefix("Leaving between") }, "\(screen)")
        await session.stop()
    }
}

private struct OffersOnly: Decodable {
    var offers: [Offer]
}
