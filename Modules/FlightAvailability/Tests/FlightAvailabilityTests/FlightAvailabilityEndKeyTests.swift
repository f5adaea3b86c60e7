import TerminalUI
import Testing
@testable import Trips

/// Ctrl-D on the offers: the first asks, the second leaves, and any other key in between keeps the screen, as every
/// list and answer of the app does.
@Suite("Module: Ctrl-D on the offers asks once and leaves at the second")
@MainActor
struct FlightAvailabilityEndKeyTests {
    @Test("one Ctrl-D asks and stays; a second leaves", .timeLimit(.minutes(1)))
    func secondControlDLeaves() async throws {
        let session = Session(interactive: true)
        try await session.settle(on: "›1.")
        session.terminal.press(.control("d"))
        try await session.settle(on: KeyInput.endConfirmation)
        #expect(session.router.backCount == 0, "one Ctrl-D left the offers")
        #expect(session.screenText.contains("›1."), "the offers are no longer on screen:\n\(session.screenText)")
        session.terminal.press(.control("d"))
        // The screen ends on its own (nothing is written after it, so the terminal has nothing to wake a wait on).
        await session.running.value
        #expect(session.router.backCount == 1)
        #expect(session.router.summaries.isEmpty)
    }

    @Test("another key between two Ctrl-Ds takes the question away and keeps the offers")
    func anotherKeyCancelsTheQuestion() async throws {
        let session = Session(interactive: true)
        try await session.settle(on: "›1.")
        session.terminal.press(.control("d"))
        try await session.settle(on: KeyInput.endConfirmation)
        session.terminal.press(.down)
        try await session.settle(on: "›2.")
        #expect(!session.screenText.contains(KeyInput.endConfirmation), "the question stayed:\n\(session.screenText)")
        session.terminal.press(.control("d"))
        try await session.settle(on: KeyInput.endConfirmation)
        #expect(session.router.backCount == 0, "a Ctrl-D after another key left at once")
        session.terminal.press(.enter)
        try await session.terminal.wait(for: "the summary") { _ in session.router.summaries.count == 1 }
        #expect(session.router.backCount == 0)
        await session.stop()
    }
}
