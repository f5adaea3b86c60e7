import Testing
@testable import TerminalUI

/// A question too wide for the row is wrapped at spaces before the input is read, never cut mid-word by the
/// terminal's edge (at 60 columns, "s chooses seat" / "s first" was what a traveller saw).
@Suite("Prompts: wrapping a long question")
@MainActor
struct PromptWrappingTests {
    private static let question = "Book this offer? Passenger details come next; s chooses seats first (y/n/s):"

    @Test("a long question breaks at spaces and keeps the answer on its last line", arguments: [60, 80, 120])
    func breaksAtSpaces(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let asking = Task { await terminal.ask(Self.question, default: "y") }
        terminal.enter("s")
        #expect(await asking.value == .answered("s"))
        let screen = terminal.screen
        #expect(screen.allSatisfy { TerminalText.displayWidth(of: $0) <= columns }, "\(screen)")
        // The words read back whole, in order, whatever the width: no line ends or starts inside a word. (Where the
        // last line leaves no room to type, the answer goes on a line of its own after `›`.)
        let words = screen.joined(separator: " ").replacingOccurrences(of: "› ", with: "")
        #expect(words == Self.question + " [y] s", "\(screen)")
        #expect(screen.last?.hasSuffix(" s") == true, "\(screen)")
    }

    @Test("at 60 columns the question takes two lines, the second one asking")
    func twoLinesAtSixty() async throws {
        let terminal = VirtualTerminal(columns: 60, isInteractive: true)
        let asking = Task { await terminal.ask(Self.question, default: "y") }
        terminal.enter("")
        #expect(await asking.value == .answered("y"))
        #expect(terminal.screen == [
            "Book this offer? Passenger details come next; s chooses",
            "seats first (y/n/s): [y] y",
        ])
    }

    @Test("only a word longer than the row is broken inside")
    func longWord() {
        let renderer = LineRenderer(prompt: "Code " + String(repeating: "w", count: 45) + " now: ", columns: 40)
        #expect(renderer.preamble == "Code\n" + String(repeating: "w", count: 40) + "\n")
        #expect(renderer.prompt == "wwwww now: ")
        let wide = LineRenderer(prompt: "Passenger 1 of 2 travelling on the first flight\nName: ", columns: 30)
        #expect(wide.preamble == "Passenger 1 of 2 travelling on\nthe first flight\n")
        #expect(wide.prompt == "Name: ")
    }
}
