import Testing
import TerminalUI

/// The View from the README, so the usage it shows keeps compiling and working (through the public API only).
@MainActor
private final class FlightSearchTerminalView: Screen {
    private let terminal: any Terminal
    init(terminal: any Terminal) { self.terminal = terminal }

    func run() async -> ScreenExit {
        terminal.display(SectionHeader("Search flights"))
        switch await terminal.ask("Where from?", default: "LHR", validate: { code in
            code.count == 3 ? nil : "Enter a three-letter airport code, like LHR."
        }) {
        case .answered(let origin): terminal.display(Notice(.success, "From \(origin)"))
        case .back: break
        case .interrupt: return .interrupted
        case .end: return .ended
        case .cancelled: return .covered
        }
        return .done
    }
}

@Suite("The README's usage example")
@MainActor
struct UsageExampleTests {
    @Test("the example View asks, re-asks on a bad code, and confirms the answer")
    func asksForOrigin() async throws {
        let terminal = VirtualTerminal()
        let view = FlightSearchTerminalView(terminal: terminal)
        let running = Task { await view.run() }
        try await terminal.waitForOutput(containing: "Where from?")
        terminal.enter("London")
        terminal.enter("JFK")
        _ = await running.value
        #expect(terminal.screen.last == "✓ From JFK")
        #expect(terminal.screen.contains("✗ Enter a three-letter airport code, like LHR."))
    }

    @Test("cancelling the screen's task ends run() promptly, taking no input")
    func cancellingEndsRun() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let view = FlightSearchTerminalView(terminal: terminal)
        let running = Task { await view.run() }
        try await terminal.waitUntilAwaitingInput()
        running.cancel()
        _ = await running.value
        #expect(terminal.pendingInputCount == 0)
        #expect(!terminal.isAwaitingInput)
    }
}
