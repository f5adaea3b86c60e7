import TerminalUI
import Testing

/// `?` in a list: the help is written above it and the list asked again with its selection kept.
@MainActor
@Suite("choose: ? is help")
struct ChoiceHelpTests {
    @Test("on a TTY, ? writes the help above the list and keeps the selection; the hint names ?", arguments: [60, 80, 120])
    func helpWithKeys(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let choosing = Task {
            await terminal.choose("Cabin", options: ["Economy", "Premium", "Business"]) {
                terminal.writeLine("Premium has more legroom.")
            }
        }
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.last == "↑/↓ move · Enter choose · Esc back · ? help")
        terminal.press(.down, .character("?"))
        try await terminal.waitForOutput(containing: "Premium has more legroom.")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen == [
            "Premium has more legroom.", "Cabin", "  1. Economy", "› 2. Premium", "  3. Business",
            "↑/↓ move · Enter choose · Esc back · ? help",
        ])
        terminal.press(.enter)
        #expect(await choosing.value == .answered(1))
        #expect(terminal.text.components(separatedBy: "Premium has more legroom.").count == 2)
    }

    @Test("off a TTY, a line of ? calls the help and asks again; without help ? is not a number")
    func helpByNumber() async {
        let terminal = VirtualTerminal(input: [.line("?"), .line("2")])
        let help: @MainActor () -> Void = { terminal.writeLine("Business has a bed.") }
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"], help: help) == .answered(1))
        #expect(terminal.text.components(separatedBy: "Business has a bed.").count == 2)
        #expect(terminal.text.contains("or b to go back (? help):"))

        let plain = VirtualTerminal(input: [.line("?"), .line("1")])
        #expect(await plain.choose("Cabin", options: ["Economy", "Business"]) == .answered(0))
        #expect(plain.text.contains("Enter a number from 1 to 2"))
    }
}
