import ModuleCore
import TerminalUI
import Testing

/// A form of one step per kind of question, to tell how `?` is answered at each.
struct AskState: Codable, Equatable, Sendable {
    enum Step: String, Codable, Sendable { case name, confirm, ownKey, plainKeys, cabin, longKeys }
    var step = Step.name
    var answers: [String] = []
    var ownHelp = 0
}

enum AskAction: Codable, Sendable, Equatable {
    case answered(String), ownHelp, ended
}

struct NoWork: ScreenWork {
    var id: Int { 0 }
}

enum Ask: ScreenFeature {
    typealias State = AskState
    typealias Action = AskAction
    typealias Work = NoWork
    typealias Route = String
    static let module = "Ask"

    static func reduce(_ state: inout AskState, _ action: AskAction) -> [Effect] {
        switch action {
        case .answered(let answer): state.answers.append(answer)
        case .ownHelp: state.ownHelp += 1
        case .ended: state.step = .cabin
        }
        return []
    }

    static func screen(_ state: AskState) -> ScreenModel {
        let page: [ScreenBlock] = [.header("Booking")]
        switch state.step {
        case .name:
            return ScreenModel(page: page, question: .line("Name:", default: "Ada", help: [.hint("Your name, as on the passport.")]))
        case .confirm:
            return ScreenModel(page: page, layout: .whole, question: .keys(
                "Book it? y yes · n no · Enter no", commits: true, help: [.hint("y books and pays now; n goes back.")]))
        case .ownKey:
            return ScreenModel(page: page, question: .keys("Seat: ? keys"))
        case .plainKeys:
            return ScreenModel(page: page, question: .keys("Go on? y yes"))
        case .cabin:
            return ScreenModel(page: page, question: .choice("Cabin", ["Economy", "Premium", "Business"], selected: 0))
        case .longKeys:
            return ScreenModel(page: page, question: .keys(
                "Pay £1,234.56 for booking RZPVYB now, before its hold ends on Sun 13 Dec 18:00 GMT? y yes · n no · Enter no",
                commits: true))
        }
    }

    static func action(for input: ScreenInput, in state: AskState) -> AskAction? {
        switch input {
        case .line(let text): .answered(text)
        case .key(.character("?")) where state.step == .ownKey: .ownHelp
        case .key(.character(let key)) where key != "?": .answered(String(key))
        case .key(.enter): .answered("enter")
        case .chose(let index): .answered("cabin \(index)")
        case .ended: .ended
        default: nil
        }
    }
}

@MainActor
@Suite("ScreenRunner: ? is help at every question")
struct ScreenHelpTests {
    func ask(_ terminal: VirtualTerminal, at step: AskState.Step) -> ScreenRunner<Ask> {
        ScreenRunner<Ask>(
            state: AskState(step: step), terminal: terminal, appearing: { .answered("shown") },
            perform: { _ in nil }, leave: { _ in nil })
    }

    @Test("a line of ? shows the help and asks again with the same default; nothing is sent", arguments: [60, 80, 120])
    func lineHelp(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let runner = ask(terminal, at: .name)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        terminal.enter("?")
        try await terminal.waitForOutput(containing: "Your name, as on the passport.")
        try await terminal.waitUntilAwaitingInput()
        #expect(runner.state.answers == ["shown"])
        #expect(terminal.screen.suffix(2) == ["Your name, as on the passport.", "Name:[Ada]"])
        terminal.enter("")
        try await terminal.wait(for: "the default taken") { _ in runner.state.answers == ["shown", "Ada"] }
        running.cancel()
    }

    @Test("the ? key at a key question shows its help below the page, acts without Enter, and asks again", arguments: [60, 80, 120])
    func keyHelp(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let runner = ask(terminal, at: .confirm)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.character("?"))
        try await terminal.waitForOutput(containing: "y books and pays now; n goes back.")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.first?.contains("Booking") == true)
        #expect(terminal.screen.suffix(2) == ["y books and pays now; n goes back.", "Book it? y yes · n no · Enter no"])
        #expect(runner.state.answers == ["shown"])
        terminal.press(.character("y"))
        try await terminal.wait(for: "y taken at the key press") { _ in runner.state.answers == ["shown", "y"] }
        running.cancel()
    }

    @Test("off a TTY, a line of ? at a key question is help too")
    func keyHelpOffATTY() async throws {
        let terminal = VirtualTerminal(input: [.line("?"), .line("n")])
        let runner = ask(terminal, at: .confirm)
        let running = Task { await runner.run() }
        try await terminal.wait(for: "n read") { _ in runner.state.answers == ["shown", "n"] }
        #expect(terminal.text.contains("y books and pays now; n goes back."))
        running.cancel()
    }

    @Test("a key question with no help: a module's own ? key stays the module's; otherwise ? says what the question takes")
    func ownKeyAndDefaultHelp() async throws {
        let terminal = VirtualTerminal(isInteractive: true)
        let own = ask(terminal, at: .ownKey)
        let running = Task { await own.run() }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.character("?"))
        try await terminal.wait(for: "the module's help") { _ in own.state.ownHelp == 1 }
        running.cancel()

        let plainTerminal = VirtualTerminal(isInteractive: true)
        let plain = ask(plainTerminal, at: .plainKeys)
        let plainRunning = Task { await plain.run() }
        try await plainTerminal.waitUntilAwaitingInput()
        plainTerminal.press(.character("?"))
        try await plainTerminal.waitForOutput(containing: "Press one of the keys the question names; it acts at once. Esc goes back.")
        #expect(plain.state.answers == ["shown"])
        plainRunning.cancel()
    }

    @Test("a key prompt wider than the terminal wraps between words; the keys stay on the line read after", arguments: [60, 80, 120])
    func longKeyPrompt(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let runner = ask(terminal, at: .longKeys)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.allSatisfy { $0.count <= columns }, "\(terminal.screen)")
        #expect(terminal.screen.last?.hasSuffix("y yes · n no · Enter no") == true, "\(terminal.screen)")
        #expect(terminal.screen.joined(separator: " ").contains("before its hold ends on Sun 13 Dec 18:00 GMT?"))
        terminal.press(.character("y"))
        try await terminal.wait(for: "y taken") { _ in runner.state.answers == ["shown", "y"] }
        running.cancel()
    }

    @Test("? in a list shows what the list takes above it and keeps the selection", arguments: [60, 80, 120])
    func listHelp(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let runner = ask(terminal, at: .cabin)
        let running = Task { await runner.run() }
        try await terminal.waitUntilAwaitingInput()
        terminal.press(.down, .down, .character("?"))
        try await terminal.waitForOutput(containing: "a number jumps to its line")
        try await terminal.waitUntilAwaitingInput()
        #expect(terminal.screen.contains("› 3. Business"))
        terminal.press(.enter)
        try await terminal.wait(for: "the kept selection chosen") { _ in runner.state.answers == ["shown", "cabin 2"] }
        running.cancel()
    }
}
