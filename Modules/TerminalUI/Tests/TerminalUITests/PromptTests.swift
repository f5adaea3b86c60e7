import Testing
@testable import TerminalUI

@Suite("Prompts: ask, confirm, choose")
@MainActor
struct PromptTests {
    private func isAirportCode(_ answer: String) -> String? {
        answer.count == 3 && answer.allSatisfy(\.isLetter) ? nil : "Enter a three-letter airport code, like LHR."
    }

    @Test("ask re-asks after an invalid answer, showing the message and the default again")
    func askReasks() async {
        let terminal = VirtualTerminal(input: [.line("London"), .line("")])
        let result = await terminal.ask("Where from?", default: "LHR", validate: isAirportCode)
        #expect(result == .answered("LHR"))
        #expect(terminal.screen == [
            "Where from? [LHR]",
            "✗ Enter a three-letter airport code, like LHR.",
            "Where from? [LHR]",
        ])
    }

    @Test("ask trims the answer before validating and returning it")
    func askTrims() async {
        var seen: [String] = []
        let terminal = VirtualTerminal(input: [.line("  JFK ")])
        let result = await terminal.ask("Where to?") { answer in
            seen.append(answer)
            return nil
        }
        #expect(result == .answered("JFK"))
        #expect(seen == ["JFK"])
    }

    @Test("ask returns how the user left: Esc is back, Ctrl-C interrupt, end of input end")
    func askLeaving() async {
        let interactive = VirtualTerminal(isInteractive: true, input: [.key(.character("x")), .key(.escape), .key(.interrupt)])
        #expect(await interactive.ask("From?") == .back)
        #expect(await interactive.ask("From?") == .interrupt)
        let ended = VirtualTerminal(input: [.line("no"), .end])
        #expect(await ended.ask("From?", validate: isAirportCode) == .end)
        #expect(PromptResult<String>.back.answer == nil)
        #expect(PromptResult.answered("LHR").answer == "LHR")
    }

    @Test("an interactive ask keeps the default through a re-ask and takes it on Enter")
    func interactiveAskDefault() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let asking = Task { await terminal.ask("Passengers?", default: "1") { Int($0) == nil ? "Enter a number." : nil } }
        terminal.enter("two")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen == ["Passengers? [1] two", "✗ Enter a number.", "Passengers? [1]"])
        terminal.enter("")
        #expect(await asking.value == .answered("1"))
    }

    @Test("confirm accepts y/yes/n/no in any case, takes the default on Enter, re-asks otherwise")
    func confirms() async {
        let terminal = VirtualTerminal(input: [.line("YES"), .line("n"), .line(""), .line("maybe"), .line(""), .line("No")])
        #expect(await terminal.confirm("Book it?") == .answered(true))
        #expect(await terminal.confirm("Book it?") == .answered(false))
        #expect(await terminal.confirm("Book it?", default: true) == .answered(true))
        // Without a default, neither "maybe" nor an empty line is an answer.
        #expect(await terminal.confirm("Book it?") == .answered(false))
        #expect(terminal.text.components(separatedBy: "Please answer y or n.").count - 1 == 2)
        #expect(terminal.text.contains("Book it? [Y/n]"))
        #expect(terminal.text.contains("Book it? [y/n]"))
    }

    @Test("choose off a TTY lists numbered options and reads a number, re-asking until it is in range")
    func chooseByNumber() async {
        let terminal = VirtualTerminal(input: [.line("4"), .line("cabin"), .line("2")])
        let result = await terminal.choose("Cabin", options: ["Economy", "Premium", "Business"])
        #expect(result == .answered(1))
        let lines = terminal.screen
        #expect(Array(lines.prefix(4)) == ["Cabin", "  1. Economy", "  2. Premium", "  3. Business"])
        #expect(lines.filter { $0 == "✗ Enter a number from 1 to 3, or b to go back." }.count == 2)
    }

    @Test("choose off a TTY: b goes back, Enter takes the default, end of input ends")
    func chooseByNumberLeaving() async {
        let terminal = VirtualTerminal(input: [.line("b"), .line(""), .end])
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"]) == .back)
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"], default: 1) == .answered(1))
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"]) == .end)
    }

    @Test("choose on a TTY moves with the arrow keys, redraws in place, and leaves one summary line")
    func chooseWithKeys() async throws {
        let terminal = VirtualTerminal(columns: 40, isInteractive: true)
        let choosing = Task { await terminal.choose("Cabin", options: ["Economy", "Premium", "Business"]) }
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen == ["Cabin", "› 1. Economy", "  2. Premium", "  3. Business", "↑/↓ move · Enter choose · Esc back"])
        terminal.press(.down, .down)
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen == ["Cabin", "  1. Economy", "  2. Premium", "› 3. Business", "↑/↓ move · Enter choose · Esc back"])
        terminal.press(.down, .up, .up, .enter)
        #expect(await choosing.value == .answered(1))
        #expect(terminal.screen == ["Cabin Premium"])
    }

    @Test("choose on a TTY jumps to a typed number, and starts at the default")
    func chooseTypedNumber() async {
        let terminal = VirtualTerminal(isInteractive: true)
        let options = (1...12).map { "Option \($0)" }
        terminal.enter("12")
        #expect(await terminal.choose("Pick", options: options) == .answered(11))
        terminal.enter("")
        #expect(await terminal.choose("Pick", options: options, default: 4) == .answered(4))
    }

    @Test("choose on a TTY: Esc and b go back, Ctrl-C interrupts, Ctrl-D twice ends, and the list is erased")
    func chooseWithKeysLeaving() async {
        let terminal = VirtualTerminal(
            isInteractive: true,
            input: [.key(.escape), .key(.character("b")), .key(.interrupt), .key(.control("d")), .key(.control("d"))])
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"]) == .back)
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"]) == .back)
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"]) == .interrupt)
        #expect(await terminal.choose("Cabin", options: ["Economy", "Business"]) == .end)
        #expect(terminal.screen.isEmpty)
    }

    @Test("one Ctrl-D in a list asks for a second; any other key takes the question away and the list goes on")
    func oneCtrlDInAListAsksAgain() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let choosing = Task { await terminal.choose("Cabin", options: ["Economy", "Business"]) }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.control("d"))
        try await terminal.waitForOutput(containing: "Press Ctrl-D again to leave.")
        #expect(terminal.screen.last == "Press Ctrl-D again to leave.")
        terminal.press(.down)
        try await terminal.wait(for: "the question to be taken away") { !$0.screen.contains("Press Ctrl-D again to leave.") }
        #expect(terminal.screen.contains("› 2. Business"))
        terminal.press(.enter)
        #expect(await choosing.value == .answered(1))
    }

    @Test("one Ctrl-D on an empty line asks for a second and keeps the question; two end; a pipe's end ends at once")
    func ctrlDOnAnEmptyLine() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let reading = Task { await terminal.readLine(prompt: "Family name: ", default: nil) }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.control("d"))
        try await terminal.waitForOutput(containing: "Press Ctrl-D again to leave.")
        terminal.type("Lovelace")
        terminal.press(.enter)
        #expect(await reading.value == .text("Lovelace"))
        #expect(terminal.screen.last == "Family name: Lovelace")

        terminal.press(.control("d"), .control("d"))
        #expect(await terminal.readLine(prompt: "Email: ", default: nil) == .end)

        let piped = VirtualTerminal(isInteractive: false)
        piped.endInput()
        #expect(await piped.readLine(prompt: "Email: ", default: nil) == .end)
        // Off a terminal a Ctrl-D byte ends at once; on one, the input's end needs no second.
        let keys = VirtualTerminal(isInteractive: false, input: [.key(.control("d"))])
        #expect(await keys.readLine(prompt: "Email: ", default: nil) == .end)
        let ended = VirtualTerminal(isInteractive: true, input: [.key(.end)])
        #expect(await ended.readLine(prompt: "Email: ", default: nil) == .end)
        #expect(!ended.text.contains(KeyInput.endConfirmation))
    }

    @Test("leaving a line that asks for a second Ctrl-D takes the question with it")
    func leavingTakesTheQuestionAway() async throws {
        for (leave, result) in [(KeyInput.escape, LineInput.back), (.interrupt, .interrupt)] {
            let terminal = VirtualTerminal(isInteractive: true)
            let reading = Task { await terminal.readLine(prompt: "Title: ", default: nil) }
            try await terminal.waitUntilAwaitingInput()
            terminal.press(.control("d"))
            try await terminal.waitForOutput(containing: KeyInput.endConfirmation)
            terminal.press(leave)
            #expect(await reading.value == result)
            #expect(!terminal.screen.contains { $0.contains("Press Ctrl-D") }, "\(terminal.screen)")
        }
    }

    @Test("on a narrow terminal the question is cut to the row: it never wraps, and the cursor stays after the prompt")
    func narrowTerminalCutsTheQuestion() async throws {
        let terminal = VirtualTerminal(columns: 30, isInteractive: true)
        let reading = Task { await terminal.readLine(prompt: "Family name: ", default: nil) }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.control("d"))
        try await terminal.waitForOutput(containing: "Press")
        #expect(terminal.screen.count == 1)
        #expect(terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) < 30 }, "\(terminal.screen)")
        terminal.type("Byron")
        terminal.press(.enter)
        #expect(await reading.value == .text("Byron"))
        #expect(terminal.screen == ["Family name: Byron"])
    }

    @Test("a long list scrolls to keep the selection visible and says where it is")
    func chooseScrolls() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let options = (1...20).map { "Flight \($0)" }
        let choosing = Task { await terminal.choose("Flights", options: options, visibleCount: 5) }
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.count == 7)
        #expect(terminal.screen.last?.hasSuffix("1–5 of 20") == true)
        terminal.press(.endKey)
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.count == 7)
        #expect(terminal.screen[1] == "  16. Flight 16")
        #expect(terminal.screen[5] == "› 20. Flight 20")
        #expect(terminal.screen.last?.hasSuffix("16–20 of 20") == true)
        choosing.cancel()
        #expect(await choosing.value == .cancelled)
        #expect(terminal.screen.isEmpty)
    }

    @Test("choosing from a table shows its header above the rows, fitted beside the numbers")
    func chooseFromTable() async throws {
        let terminal = VirtualTerminal(columns: 30, isInteractive: true)
        let table = Table(
            columns: [.init("Airline", flexible: true), .init("Price", alignment: .right)],
            rows: [["British Airways", "£420"], ["Virgin Atlantic", "£1,015"]]
        )
        let choosing = Task { await terminal.choose("Offers", from: table) }
        try await terminal.waitUntilAwaitingInput()
        #expect(Array(terminal.screen.prefix(4)) == [
            "Offers",
            "     Airline           Price",
            "› 1. British Airways    £420",
            "  2. Virgin Atlantic  £1,015",
        ])
        #expect(terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) < 30 })
        terminal.press(.down, .enter)
        #expect(await choosing.value == .answered(1))
    }

    @Test("choosing from nothing goes back with a notice")
    func chooseNothing() async {
        let terminal = VirtualTerminal()
        #expect(await terminal.choose("Offers", options: []) == .back)
        #expect(terminal.screen == ["! Offers: nothing to choose from."])
    }
}
