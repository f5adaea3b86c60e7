import Entities
import FixtureServices
// Only the lifetime check reaches inside (for a weak reference to the screen's runner); every other test goes through
// FlightSearchBuilder and the terminal alone.
@testable import FlightSearch
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips

@Suite("FlightSearch as a black box")
@MainActor
struct FlightSearchModuleTests {
    private static let december18 = CalendarDate(year: 2026, month: 12, day: 18)

    @Test("lon, Enter, new york, Enter, a date next month and Enters reach availability", arguments: [false, true])
    func shortestPath(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        try await terminal.waitForOutput(containing: "From:")
        terminal.enter("lon")
        try await terminal.waitForOutput(containing: "London (all airports)")
        terminal.enter("")
        try await terminal.waitForOutput(containing: "To:")
        terminal.enter("new york")
        try await terminal.waitForOutput(containing: "New York (all airports)")
        terminal.enter("")
        try await terminal.waitForOutput(containing: "Depart")
        terminal.enter("18 dec")
        try await terminal.waitForOutput(containing: "Return")
        terminal.enter("")
        try await terminal.waitForOutput(containing: "Enter to search")
        #expect(terminal.screen.contains("LON → NYC · Fri 18 Dec, one way · 1 adult · Economy · ≤1 connection · any time"))
        #expect(harness.router.calls.isEmpty)
        terminal.enter("")
        _ = await running.value
        let request = try #require(harness.router.requests.first)
        let date = try #require(Self.december18)
        #expect(request.slices == [SearchSlice(origin: "LON", destination: "NYC", departureDate: date)])
        #expect(request.passengers == [.adult])
        #expect(harness.router.calls.count == 1)
    }

    @Test("everything typed ahead is taken in order, on a TTY and on a pipe", arguments: [false, true])
    func typedAhead(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        for line in ["lon", "", "new york", "", "18 dec", "", ""] { harness.terminal.enter(line) }
        await harness.screen.run()
        #expect(harness.router.requests.first?.slices.map(\.destination) == ["NYC"])
    }

    @Test("an unknown place is asked again with a message, and what was typed before is kept", arguments: [false, true])
    func unknownPlace(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        terminal.enter("LHR")
        terminal.enter("xyzzy")
        try await terminal.waitForOutput(containing: "No airport or city matches “xyzzy”")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.last == "To:")
        #expect(terminal.screen.contains("✗ No airport or city matches “xyzzy”. Try a city or an airport name, or a"))
        for line in ["JFK", "18 dec", "", ""] { terminal.enter(line) }
        _ = await running.value
        #expect(harness.router.requests.first?.slices.first?.origin == "LHR")
        #expect(harness.router.requests.first?.slices.first?.destination == "JFK")
    }

    @Test("a place-service timeout is shown in words, and Enter retries", arguments: [false, true])
    func timeoutAndRetry(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        harness.places.fail(with: .timedOut)
        let running = Task { await harness.screen.run() }
        terminal.enter("lon")
        try await terminal.waitForOutput(containing: "did not answer in time")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.contains("✗ The flight service did not answer in time. Check the connection and try again."))
        #expect(terminal.screen.contains("  Press Enter to look up “lon” again, or type another place."))
        #expect(terminal.screen.last == "From: [lon]")
        harness.places.fail(with: nil)
        terminal.enter("")
        try await terminal.waitForOutput(containing: "London (all airports)")
        #expect(harness.places.queries == ["lon", "lon"])
        running.cancel()
        _ = await running.value
    }

    @Test("coming back after availability shows the form filled in; Enter searches again", arguments: [false, true])
    func comingBack(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        for line in ["LHR", "JFK", "18 dec", "+10", ""] { terminal.enter(line) }
        await harness.screen.run()
        #expect(harness.router.requests.count == 1)
        // The navigator pops availability and runs the search screen again.
        terminal.clearOutput()
        let running = Task { await harness.screen.run() }
        try await terminal.waitForOutput(containing: "Enter to search")
        try await terminal.waitUntilAwaitingInput()
        let screen = terminal.screen
        #expect(screen.contains("  From            London Heathrow Airport, United Kingdom (LHR)"))
        #expect(screen.contains("  To              John F Kennedy International Airport, New York, United States"))
        #expect(screen.contains("                  (JFK)"))
        #expect(screen.contains("  Depart          Fri 18 Dec 2026"))
        #expect(screen.contains("  Return          Mon 28 Dec 2026"))
        #expect(screen.contains("  Passengers      1 adult"))
        terminal.enter("")
        _ = await running.value
        #expect(harness.router.requests.count == 2)
        #expect(harness.router.requests.first == harness.router.requests.last)
    }

    @Test("Esc on a TTY and b on a pipe go back a step; at the first step they ask before leaving", arguments: [false, true])
    func backAndLeave(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        terminal.enter("LHR")
        try await terminal.waitForOutput(containing: "To:")
        if interactive { terminal.press(.escape) } else { terminal.enter("b") }
        try await terminal.waitForOutput(containing: "From: [LHR]")
        if interactive { terminal.press(.escape) } else { terminal.enter("b") }
        try await terminal.waitForOutput(containing: "Nothing to go back to. Leave? [y/N]")
        #expect(harness.router.calls.isEmpty)
        if interactive { terminal.type("y") } else { terminal.enter("y") }
        _ = await running.value
        #expect(harness.router.calls == [.back])
    }

    @Test("the end of input leaves the screen")
    func endOfInput() async {
        let harness = ModuleHarness()
        harness.terminal.enter("LHR")
        harness.terminal.endInput()
        await harness.screen.run()
        #expect(harness.router.calls == [.back])
    }

    @Test("the review's letters change one thing each; on a TTY one key is enough")
    func reviewKeys() async throws {
        let harness = ModuleHarness(interactive: true)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        for line in ["LHR", "JFK", "18 dec", ""] { terminal.enter(line) }
        try await terminal.waitForOutput(containing: "Enter to search")
        terminal.type("c")
        try await terminal.waitForOutput(containing: "Premium economy")
        terminal.press(.down, .down, .enter)
        try await terminal.waitForOutput(containing: "· Business ·")
        terminal.type("p")
        for line in ["2", "7", "0"] { terminal.enter(line) }
        try await terminal.waitForOutput(containing: "2 adults, 1 child (7)")
        terminal.press(.enter)
        _ = await running.value
        let request = try #require(harness.router.requests.first)
        #expect(request.cabinClass == .business)
        #expect(request.passengers == [.adult, .adult, .child(age: 7)])
    }

    @Test("one Ctrl-D at the one-key prompt asks for a second and the search stays; two end the screen")
    func ctrlDAtTheActionPromptAsksFirst() async throws {
        let harness = ModuleHarness(interactive: true)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        for line in ["LHR", "JFK", "18 dec", ""] { terminal.enter(line) }
        try await terminal.waitForOutput(containing: "Enter to search")
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.control("d"))
        try await terminal.waitForOutput(containing: KeyInput.endConfirmation)
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.last?.hasPrefix("Enter to search") == true)
        // Another key takes the question away: the next Ctrl-D asks again.
        terminal.type("z")
        try await terminal.wait(for: "the question taken away") {
            !$0.screen.contains { $0.contains(KeyInput.endConfirmation) } && $0.screen.last?.hasPrefix("Enter to search") == true
        }
        terminal.press(.control("d"))
        try await terminal.wait(for: "the question asked again") {
            $0.screen.last?.hasSuffix(KeyInput.endConfirmation) == true
        }
        #expect(harness.router.calls.isEmpty)
        terminal.press(.control("d"))
        _ = await running.value
        #expect(harness.router.requests.isEmpty)
    }

    @Test("cancelling the screen's task ends run() promptly; run() again asks the same question")
    func cancellation() async throws {
        let harness = ModuleHarness(interactive: true)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        terminal.enter("LHR")
        try await terminal.waitForOutput(containing: "To:")
        try await terminal.waitUntilAwaitingInput()
        running.cancel()
        _ = await running.value
        #expect(harness.router.calls.isEmpty)
        terminal.clearOutput()
        let again = Task { await harness.screen.run() }
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.last == "To:")
        for line in ["JFK", "18 dec", "", ""] { terminal.enter(line) }
        _ = await again.value
        #expect(harness.router.requests.first?.slices.first?.origin == "LHR")
    }

    @Test("no line is wider than the terminal, at 80 and at 120 columns", arguments: [80, 120])
    func fitsTheWidth(columns: Int) async throws {
        for interactive in [false, true] {
            let harness = ModuleHarness(interactive: interactive, columns: columns)
            let terminal = harness.terminal
            let running = Task { await harness.screen.run() }
            for line in ["lon", "", "new york", "", "18 dec", "28 dec"] { terminal.enter(line) }
            try await terminal.waitForOutput(containing: "Enter to search")
            if interactive { terminal.type("m") } else { terminal.enter("m") }
            try await terminal.waitForOutput(containing: "remove the last leg")
            terminal.enter("")
            try await terminal.waitForOutput(containing: "LON → NYC → LON")
            terminal.enter("")
            _ = await running.value
            let wide = terminal.screen.filter { TerminalText.displayWidth(of: $0) > columns }
            #expect(wide.isEmpty, "\(wide)")
            #expect(harness.router.requests.first?.slices.count == 2)
        }
    }

    // MARK: Lifetime

    @Test("after run() returns and the screen is dropped, the screen and its router are freed", arguments: [false, true])
    func lifetime(interactive: Bool) async throws {
        var router: SpyRouter? = SpyRouter()
        let terminal = VirtualTerminal(isInteractive: interactive)
        weak var weakScreen: ScreenRunner<FlightSearchReducer>?
        weak var weakRouter: SpyRouter?
        do {
            let builder = FlightSearchBuilder(
                places: FixturePlaceService(), now: { TestClock.searchDay }, timeZone: TestClock.londonZone)
            let screen = builder.build(router: try #require(router), terminal: terminal)
            weakScreen = try #require(screen as? ScreenRunner<FlightSearchReducer>)
            weakRouter = router
            for line in ["lon", "", "new york", "", "18 dec", "", ""] { terminal.enter(line) }
            await screen.run()
            // Shown again after availability, then left.
            terminal.enter("q")
            await screen.run()
        }
        #expect(router?.calls.count == 2)
        #expect(weakScreen == nil)
        // The screen holds its router weakly: dropping the composer's frees it.
        router = nil
        #expect(weakRouter == nil)
    }

    @Test("cancelled during a place look-up, the screen ends at once and nothing keeps it alive")
    func lifetimeWhileLookingUp() async throws {
        let router = SpyRouter()
        let terminal = VirtualTerminal(isInteractive: true)
        let service = HeldPlaceService()
        weak var weakScreen: ScreenRunner<FlightSearchReducer>?
        do {
            let builder = FlightSearchBuilder(places: service, now: { TestClock.searchDay }, timeZone: TestClock.londonZone)
            let screen = builder.build(router: router, terminal: terminal)
            weakScreen = try #require(screen as? ScreenRunner<FlightSearchReducer>)
            let running = Task { await screen.run() }
            terminal.enter("lon")
            try await terminal.waitForOutput(containing: "Looking up “lon”…")
            try await poll("the look-up to be under way") { service.waitingCount == 1 }
            running.cancel()
            _ = await running.value
            #expect(!terminal.screen.contains { $0.contains("Looking up") })
        }
        #expect(router.calls.isEmpty)
        #expect(weakScreen == nil)
    }
}
