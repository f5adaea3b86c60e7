import Foundation
import ModuleCore
import Testing
import TerminalUI
@testable import SessionTravel

/// The time-travel screen on a virtual terminal, driven by keys as a person drives it.
@MainActor
@Suite("Time travel: the screen")
struct TravelScreenTests {
    func open(_ feature: ModuleReplay = .screen(TravellerForm.self), rows: Int = 20) async throws
        -> (VirtualTerminal, Task<ScreenExit, Never>) {
        let timeline = try SessionTimeline(recording: await FormRecording.make(), modules: [feature], columns: 60)
        let terminal = VirtualTerminal(columns: 60, isInteractive: true)
        terminal.rows = rows
        let screen = SessionTravel.screen(timeline, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitUntilAwaitingInput()
        return (terminal, running)
    }

    /// The bar: the line that starts `── step`.
    func bar(_ terminal: VirtualTerminal) -> String {
        terminal.screen.last { $0.hasPrefix("── step") } ?? "(no bar)"
    }

    func press(_ terminal: VirtualTerminal, _ keys: KeyInput...) async throws {
        for key in keys {
            terminal.press(key)
            try await terminal.waitUntilAwaitingInput()
        }
    }

    @Test("the bar says the step of all, the module, the action and the time; the screen fills the rows above it")
    func barAndScreen() async throws {
        let (terminal, running) = try await open()
        #expect(bar(terminal).hasPrefix("── step 1 of 4 · TravellerForm #1 · appeared · 0:01.5 ──"))
        #expect(terminal.screen.count == 20)
        #expect(terminal.screen.first?.hasPrefix("── Traveller") == true)
        #expect(terminal.screen.contains("Name:"))
        try await press(terminal, .right)
        #expect(bar(terminal).hasPrefix("── step 2 of 4 · TravellerForm #1 · typed · 0:03.0 "))
        #expect(terminal.screen.contains("Name: \(Redaction.name)"))
        #expect(terminal.screen.contains("Email:"))
        try await press(terminal, .endKey)
        #expect(bar(terminal).hasPrefix("── step 4 of 4 "))
        #expect(terminal.screen.contains("Seat 12C aisle kept."))
        try await press(terminal, .right)
        #expect(terminal.screen.contains("This is the last step."))
        try await press(terminal, .left, .left)
        #expect(bar(terminal).hasPrefix("── step 2 of 4 "))
        try await press(terminal, .home)
        #expect(bar(terminal).hasPrefix("── step 1 of 4 "))
        terminal.press(.character("q"))
        #expect(await running.value == .done)
        #expect(terminal.screen == ["Left the recording at step 1 of 4."])
    }

    @Test("a typed number goes to that step; one the recording has not is said, and the step stays")
    func typedNumber() async throws {
        let (terminal, running) = try await open()
        try await press(terminal, .character("3"))
        #expect(terminal.screen.contains { $0.hasPrefix("Go to step 3_") })
        try await press(terminal, .enter)
        #expect(bar(terminal).hasPrefix("── step 3 of 4 "))
        try await press(terminal, .character("9"), .enter)
        #expect(terminal.screen.contains("There is no step 9: the steps are 1 to 4."))
        #expect(bar(terminal).hasPrefix("── step 3 of 4 "))
        running.cancel()
        _ = await running.value
    }

    @Test("a, s and e show the action, the state's change and the effects; pressed again, the screen")
    func panes() async throws {
        let (terminal, running) = try await open()
        try await press(terminal, .character("3"), .enter, .character("s"))
        #expect(terminal.screen.contains("2 fields of the state of TravellerForm changed:"))
        // Every line within the width, the page within the rows: nothing wraps and pushes the pane off the top.
        #expect(terminal.screen.count == 20)
        #expect(terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) < 60 })
        #expect(terminal.screen.contains("email"))
        #expect(terminal.screen.contains("  + \"\(Redaction.email)\""))
        // The pane stays as the steps move: the change of each step in turn.
        try await press(terminal, .right)
        #expect(terminal.screen.contains("2 fields of the state of TravellerForm changed:"))
        #expect(terminal.screen.contains("seat"))
        try await press(terminal, .character("a"))
        #expect(terminal.screen.contains { $0.hasPrefix("Action chose of TravellerForm, as recorded") })
        try await press(terminal, .character("e"))
        #expect(terminal.screen.contains("The effects TravellerForm gives for it:"))
        #expect(terminal.screen.contains { $0.contains("\"booked\"") })
        try await press(terminal, .character("e"))
        #expect(terminal.screen.contains("Seat 12C aisle kept."))
        try await press(terminal, .character("s"))
        try await press(terminal, .escape)
        #expect(terminal.screen.contains("Seat 12C aisle kept."))
        terminal.press(.escape)
        #expect(await running.value == .done)
    }

    @Test("d goes to the next step today's code does differently and shows the two side by side")
    func nextDifference() async throws {
        let (terminal, running) = try await open(.screen(ShoutingForm.self))
        #expect(bar(terminal).hasPrefix("── step 1 of 4 "))
        try await press(terminal, .character("d"))
        #expect(bar(terminal).hasPrefix("── step 3 of 4 "))
        #expect(bar(terminal).hasSuffix("≠ differs ──"))
        #expect(terminal.screen.contains { $0.contains("Email kept") && $0.contains("EMAIL KEPT") })
        try await press(terminal, .character("d"))
        #expect(terminal.screen.contains("No later step does anything different from the recording."))
        #expect(bar(terminal).hasPrefix("── step 3 of 4 "))
        // From the first step that differs on, the screen is today's code's, and says so.
        try await press(terminal, .escape, .right)
        #expect(terminal.screen.contains {
            $0.hasPrefix("The screen today's code paints after step 4; the recording")
        })
        running.cancel()
        _ = await running.value
    }

    @Test("[ and ] go to the first step of the module before and after")
    func modules() async throws {
        let first = await FormRecording.make()
        // The same form started twice in one recording: two instances, one after the other.
        let second = first.split(separator: "\n").dropFirst().map {
            $0.replacing(#""instance":1"#, with: #""instance":2"#).replacing(/"step":(\d)/) { #""step":\#(Int($0.1)! + 4)"# }
        }
        let timeline = try SessionTimeline(
            recording: first + second.joined(separator: "\n") + "\n", modules: [.screen(TravellerForm.self)], columns: 60)
        #expect(timeline.steps.map(\.instance) == [1, 1, 1, 1, 2, 2, 2, 2])
        let terminal = VirtualTerminal(columns: 60, isInteractive: true)
        let running = Task { await SessionTravel.screen(timeline, terminal: terminal, startingAt: 2).run() }
        try await terminal.waitUntilAwaitingInput()
        try await press(terminal, .character("]"))
        #expect(bar(terminal).hasPrefix("── step 5 of 8 · TravellerForm #2 "))
        try await press(terminal, .character("]"))
        #expect(terminal.screen.contains("No module is shown after this one."))
        try await press(terminal, .right, .character("["))
        #expect(bar(terminal).hasPrefix("── step 5 of 8 "))
        try await press(terminal, .character("["))
        #expect(bar(terminal).hasPrefix("── step 1 of 8 · TravellerForm #1 "))
        running.cancel()
        _ = await running.value
    }

    @Test("text from the file is shown, never obeyed, and measured as shown: every line stays within the width")
    func untrustedNames() async throws {
        let recording = await FormRecording.make()
            .replacing(#"{"typed":"#, with: #"{"typed\u001b[2J\u009b31m":"#)
        let timeline = try SessionTimeline(recording: recording, modules: [.screen(TravellerForm.self)], columns: 60)
        let terminal = VirtualTerminal(columns: 60, isInteractive: true)
        terminal.rows = 20
        let running = Task { await SessionTravel.screen(timeline, terminal: terminal, startingAt: 1).run() }
        try await terminal.waitUntilAwaitingInput()
        // Cut to the width after it was made visible, so the bar keeps to one line.
        #expect(bar(terminal).contains("typed^[[2"))
        #expect(terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) <= 60 })
        try await press(terminal, .character("a"))
        #expect(terminal.screen.contains { $0.contains("typed^[[2J<U+009B>31m") })
        #expect(!terminal.output.contains("\u{9b}"))
        #expect(!terminal.output.contains("\u{1b}[2J\u{9b}"))
        running.cancel()
        _ = await running.value
    }

    @Test("on a terminal of five rows the page still fits: the pane shrinks, the bar and the keys stay")
    func smallTerminal() async throws {
        let (terminal, running) = try await open(rows: 5)
        #expect(terminal.screen.count == 5)
        #expect(bar(terminal).hasPrefix("── step 1 of 4 "))
        try await press(terminal, .right)
        #expect(terminal.screen.count == 5)
        #expect(bar(terminal).hasPrefix("── step 2 of 4 "))
        running.cancel()
        _ = await running.value
    }
}
