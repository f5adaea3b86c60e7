import Testing
@testable import TerminalUI

@Suite("Spinner")
@MainActor
struct SpinnerTests {
    @Test("off a TTY the message is written once, as a line, and the final message after it")
    func plain() {
        let terminal = VirtualTerminal()
        let spinner = terminal.startSpinner("Searching flights…")
        #expect(spinner.isRunning)
        spinner.update("Still searching…")
        spinner.stop("Found 3 offers")
        spinner.stop("ignored")
        #expect(!spinner.isRunning)
        #expect(terminal.text == "Searching flights…\nStill searching…\nFound 3 offers\n")
    }

    @Test("on a TTY it animates on one line and clears it when stopped")
    func animates() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let spinner = terminal.startSpinner("Searching flights…")
        #expect(terminal.screen == ["⠋ Searching flights…"])
        // The next frame comes from the animation task: await it rather than sleeping for a guessed time.
        try await terminal.wait(for: "the second frame") { $0.screen == ["⠙ Searching flights…"] }
        spinner.update("Comparing fares…")
        #expect(terminal.screen.first?.hasSuffix("Comparing fares…") == true)
        spinner.stop()
        #expect(terminal.screen.isEmpty)
        terminal.write("Done")
        #expect(terminal.screen == ["Done"])
    }

    @Test("the terminal's status note (a rate-limit countdown) shows beside the message while it spins")
    func statusNote() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let spinner = terminal.startSpinner("Searching flights…")
        terminal.statusNote = "trying again in 3 s"
        try await terminal.wait(for: "the note") { $0.screen.first?.hasSuffix("Searching flights… · trying again in 3 s") == true }
        terminal.statusNote = nil
        try await terminal.wait(for: "the note gone") { $0.screen.first?.hasSuffix("Searching flights…") == true }
        spinner.stop()
    }

    @Test("its line never wraps: the message is cut to the width")
    func fitsWidth() {
        let terminal = VirtualTerminal(columns: 20, isInteractive: true)
        let spinner = terminal.startSpinner("Searching flights from London to New York…")
        #expect(terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) <= 19 })
        spinner.stop()
    }
}
