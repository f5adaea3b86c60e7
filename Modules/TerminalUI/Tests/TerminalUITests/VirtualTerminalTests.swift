import Testing
@testable import TerminalUI

@Suite("VirtualTerminal: scripted input, captured output, waits without sleeping")
@MainActor
struct VirtualTerminalTests {
    @Test("a read cancelled while waiting returns .cancelled, and the next reader gets the input")
    func cancelledWaitingRead() async throws {
        let terminal = VirtualTerminal()
        let reading = Task { await terminal.readLine(prompt: "From: ") }
        try await terminal.waitUntilAwaitingInput()
        reading.cancel()
        #expect(await reading.value == .cancelled)
        #expect(!terminal.isAwaitingInput)
        terminal.enter("LHR")
        #expect(await terminal.readLine(prompt: "From: ") == .text("LHR"))
    }

    @Test("a read started already cancelled takes none of the queued input")
    func cancelledBeforeReading() async {
        let terminal = VirtualTerminal(input: [.line("LHR")])
        let reading = Task { await terminal.readKey() }
        reading.cancel()
        #expect(await reading.value == .cancelled)
        #expect(terminal.pendingInputCount == 1)
        #expect(await terminal.readKey() == .line("LHR"))
    }

    @Test("keys typed into a line that is then cancelled are handed back to the next reader")
    func cancelledHalfTypedLine() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let reading = Task { await terminal.readLine(prompt: "From: ") }
        terminal.type("LH")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.last == "From: LH")
        reading.cancel()
        #expect(await reading.value == .cancelled)
        #expect(terminal.pendingInputCount == 2)
        terminal.press(.character("R"), .enter)
        #expect(await terminal.readLine(prompt: "From: ") == .text("LHR"))
    }

    @Test("input given up front is read in order; with endsWhenEmpty, reads then return .end")
    func upFrontInput() async {
        let terminal = VirtualTerminal(input: [.line("LHR"), .key(.down)], endsWhenEmpty: true)
        #expect(await terminal.readLine(prompt: "From: ") == .text("LHR"))
        #expect(await terminal.readKey() == .down)
        #expect(await terminal.readKey() == .end)
        #expect(await terminal.readLine(prompt: "To: ") == .end)
    }

    @Test("an .end in the input ends it: what comes before is read, then every read returns .end")
    func endMarker() async {
        let terminal = VirtualTerminal(input: [.line("a"), .end])
        #expect(await terminal.readKey() == .line("a"))
        #expect(await terminal.readKey() == .end)
        #expect(await terminal.readLine(prompt: "x") == .end)
    }

    @Test("setting endsWhenEmpty wakes a reader already waiting with .end")
    func endsWhenEmptyLater() async throws {
        let terminal = VirtualTerminal()
        let reading = Task { await terminal.readKey() }
        try await terminal.waitUntilAwaitingInput()
        terminal.endsWhenEmpty = true
        #expect(await reading.value == .end)
    }

    @Test("an empty line takes the default; the default is shown in the prompt")
    func defaults() async {
        let terminal = VirtualTerminal(input: [.line(""), .line("JFK")])
        #expect(await terminal.readLine(prompt: "To: ", default: "LHR") == .text("LHR"))
        #expect(await terminal.readLine(prompt: "To: ", default: "LHR") == .text("JFK"))
        #expect(terminal.text == "To: [LHR] \nTo: [LHR] \n")
    }

    @Test("on an interactive terminal a line is typed key by key and the prompt's history is kept")
    func interactiveLines() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        terminal.enter("LHR")
        #expect(terminal.pendingInputCount == 4)
        #expect(await terminal.readLine(prompt: "From: ") == .text("LHR"))
        terminal.press(.up, .enter)
        #expect(await terminal.readLine(prompt: "From: ") == .text("LHR"))
        terminal.press(.up, .enter)
        #expect(await terminal.readLine(prompt: "To: ", default: "JFK") == .text("JFK"))
        #expect(terminal.screen == ["From: LHR", "From: LHR", "To: [JFK] JFK"])
    }

    @Test("on a plain terminal readKey returns a whole line")
    func plainReadKey() async {
        let terminal = VirtualTerminal(input: [.line("2")])
        #expect(await terminal.readKey() == .line("2"))
    }

    @Test("waitForOutput resumes when the output appears")
    func waitsForOutput() async throws {
        let terminal = VirtualTerminal()
        let writer = Task { terminal.write("Searching flights…") }
        try await terminal.waitForOutput(containing: "Searching")
        await writer.value
        #expect(terminal.text == "Searching flights…")
    }

    @Test("a wait that reaches its deadline throws, naming what it waited for and showing the screen")
    func waitTimesOut() async {
        let terminal = VirtualTerminal()
        terminal.writeLine("Where from?")
        let error = await #expect(throws: VirtualTerminalTimeout.self) {
            try await terminal.waitForOutput(containing: "Where to?", timeout: .milliseconds(50))
        }
        #expect(error?.screen == ["Where from?"])
        #expect(error?.description.contains("output containing \"Where to?\"") == true)
        #expect(error?.description.contains("| Where from?") == true)
    }

    @Test("a cancelled wait throws instead of hanging")
    func cancelledWait() async {
        let terminal = VirtualTerminal()
        let waiting = Task { try await terminal.waitForOutput(containing: "never") }
        waiting.cancel()
        await #expect(throws: VirtualTerminalTimeout.self) { try await waiting.value }
    }

    @Test("the screen applies carriage returns, cursor moves and erasures; text keeps everything")
    func screenModel() {
        let terminal = VirtualTerminal()
        terminal.write("first\nsecond\nthird\n")
        terminal.write("\u{1B}[2A\r\u{1B}[2Knew second\n")
        #expect(terminal.screen == ["first", "new second", "third"])
        terminal.write("\u{1B}[1A\r\u{1B}[J")
        #expect(terminal.screen == ["first"])
        terminal.write("東京\rX")
        #expect(terminal.screen == ["first", "X 京"])
        #expect(terminal.text.hasPrefix("first\nsecond\nthird\n"))
        terminal.clearOutput()
        #expect(terminal.output.isEmpty)
        #expect(terminal.screen.isEmpty)
    }
}
