import Testing
@testable import TerminalUI

@MainActor
@Suite("ScreenWriter")
struct ScreenWriterTests {
    @Test("for a person, blocks and errors go to the terminal")
    func forPeople() {
        let terminal = VirtualTerminal(columns: 60)
        let writer = ScreenWriter(terminal: terminal, outputIsForPrograms: false)
        writer.show(Notice(.info, "Booked"))
        writer.showError("The flight service did not answer in time.", suggestion: "Try again.")
        writer.showError("Refused.", suggestion: "")
        #expect(terminal.screen == ["• Booked", "✗ The flight service did not answer in time.", "  Try again.", "✗ Refused."])
        #expect(terminal.diagnostics.isEmpty)
    }

    @Test("when standard output carries data, only the data goes there; the rest goes to diagnostics")
    func forPrograms() {
        let terminal = VirtualTerminal(columns: 60)
        let writer = ScreenWriter(terminal: terminal, outputIsForPrograms: true)
        writer.showProgress("Booking…")
        writer.show(Notice(.success, "Booked"))
        writer.hideProgress()
        writer.writeOutput(#"{"data": {}}"#)
        #expect(terminal.output == "{\"data\": {}}\n")
        #expect(terminal.diagnostics == "Booking…\n✓ Booked\n")
    }
}

@MainActor
@Suite("Type-ahead")
struct TypeAheadTests {
    @Test("on a TTY, keys typed before a question are dropped; the answer is a key pressed after it")
    func dropsTypeAheadOnTTY() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        terminal.type("y")
        terminal.press(.enter)
        terminal.discardPendingInput()
        #expect(terminal.pendingInputCount == 0)
        let answer = Task { await terminal.confirm("Book at the new total?", default: false) }
        try await terminal.waitUntilAwaitingInput()
        terminal.type("n")
        terminal.press(.enter)
        #expect(await answer.value == .answered(false))
    }

    @Test("off a TTY, piped answers are a script and are kept")
    func keepsPipedInput() async {
        let terminal = VirtualTerminal(isInteractive: false)
        terminal.enter("y")
        terminal.discardPendingInput()
        #expect(terminal.pendingInputCount == 1)
        #expect(await terminal.confirm("Cancel?", default: false) == .answered(true))
    }
}

@MainActor
@Suite("A change on its way")
struct ScreenWriterChangeTests {
    @Test("holds Ctrl-C back while the change shows, and lets it go when the progress ends")
    func holdsAndReleases() {
        let terminal = VirtualTerminal(columns: 80)
        let writer = ScreenWriter(terminal: terminal, outputIsForPrograms: false)
        writer.show(.change(PendingChange("Booking…", whenInterrupted: "may have been made", whenStopped: "stopped")))
        #expect(terminal.interruptNotice == "may have been made")
        writer.show(.progressEnded)
        #expect(terminal.interruptNotice == nil)
    }
}
