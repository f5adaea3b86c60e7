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
