import FixtureServices
import FlightSearch
import Foundation
import TerminalUI
import Testing
@testable import Trips

/// Back at the first question and `?`, through the Builder on the virtual terminal, on a TTY and on a pipe.
@Suite("FlightSearch: leaving and help, as a black box")
@MainActor
struct FlightSearchLeaveAndHelpModuleTests {
    @Test("back at the first From asks before leaving; staying keeps what was typed", arguments: [false, true])
    func backAtFirstQuestion(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        terminal.enter("LHR")
        try await terminal.waitForOutput(containing: "To:")
        if interactive { terminal.press(.escape) } else { terminal.enter("b") }
        try await terminal.waitForOutput(containing: "From: [LHR]")
        if interactive { terminal.press(.escape) } else { terminal.enter("b") }
        try await terminal.waitForOutput(containing: "Nothing to go back to. Leave? [y/N]")
        try await terminal.waitUntilAwaitingInput()
        #expect(harness.router.calls.isEmpty)
        terminal.clearOutput()
        if interactive { terminal.press(.enter) } else { terminal.enter("") }
        try await terminal.waitForOutput(containing: "From: [LHR]")
        for line in ["", "JFK", "18 dec", "", ""] { terminal.enter(line) }
        _ = await running.value
        #expect(harness.router.requests.first?.slices.first?.origin == "LHR")
        #expect(harness.router.calls.count == 1)
    }

    @Test("q still leaves from the first question without asking", arguments: [false, true])
    func qLeaves(interactive: Bool) async {
        let harness = ModuleHarness(interactive: interactive)
        harness.terminal.enter("q")
        await harness.screen.run()
        #expect(harness.router.calls == [.back])
        #expect(!harness.terminal.text.contains("Leave?"))
    }

    @Test("? at To says what to type and asks To again; the answer then goes on", arguments: [false, true])
    func helpAtALine(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        terminal.enter("LHR")
        try await terminal.waitForOutput(containing: "To:")
        terminal.enter("?")
        try await terminal.waitForOutput(containing: "this help")
        try await terminal.waitUntilAwaitingInput()
        let back = interactive ? "Esc" : "b"
        #expect(terminal.screen.contains("  Where you fly to: a city, an airport or a code, like New York, JFK or Paris."))
        #expect(terminal.screen.contains("  \(back) goes back a step · q leaves · ? this help"))
        #expect(!terminal.text.contains("No airport or city matches"))
        #expect(terminal.screen.last == "To:")
        #expect(harness.places.queries == ["LHR"])
        for line in ["JFK", "18 dec", "", ""] { terminal.enter(line) }
        _ = await running.value
        #expect(harness.router.requests.first?.slices.first?.destination == "JFK")
    }

    @Test("? at the review prints its keys in words and asks again; on a TTY one key is enough", arguments: [false, true])
    func helpAtTheReview(interactive: Bool) async throws {
        let harness = ModuleHarness(interactive: interactive)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        for line in ["LHR", "JFK", "18 dec", ""] { terminal.enter(line) }
        try await terminal.waitForOutput(containing: "Enter to search")
        try await terminal.waitUntilAwaitingInput()
        terminal.clearOutput()
        if interactive { terminal.type("?") } else { terminal.enter("?") }
        try await terminal.waitForOutput(containing: "this help")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.text.contains("Enter searches. A letter changes one thing"))
        #expect(!terminal.text.contains("Press Enter to search, or one of the letters"))
        #expect(terminal.screen.last?.hasPrefix("Enter to search, or a letter:") == true)
        #expect(harness.router.calls.isEmpty)
        if interactive { terminal.press(.enter) } else { terminal.enter("") }
        _ = await running.value
        #expect(harness.router.requests.count == 1)
    }

    @Test("the help wraps at 60 columns and is all there", arguments: [60, 80, 120])
    func helpWraps(columns: Int) async throws {
        let harness = ModuleHarness(interactive: true, columns: columns)
        let terminal = harness.terminal
        let running = Task { await harness.screen.run() }
        try await terminal.waitForOutput(containing: "From:")
        terminal.enter("?")
        try await terminal.waitForOutput(containing: "this help")
        try await terminal.waitUntilAwaitingInput()
        let said = terminal.screen.drop { !$0.contains("Where you fly from") }.prefix { !$0.hasPrefix("From:") }
        #expect(said.allSatisfy { $0.count < columns })
        #expect(said.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            == "Where you fly from: a city, an airport or a code, like London, Heathrow or LHR."
            + " Esc goes back a step · q leaves · ? this help")
        running.cancel()
        _ = await running.value
    }
}
