import Foundation
import TerminalUI
import Testing
@testable import FlightsApp

/// Ctrl-D through the composed App on a TTY: a second Ctrl-D after a screen asked leaves the whole app, from the
/// offers and from a list over them; a Ctrl-D where nothing asked leaves nothing.
@MainActor
@Suite("The App: Ctrl-D asks once, then leaves")
struct EndKeyFlowTests {
    /// The offers of the recorded search, on keys.
    private func offers() async throws -> (Harness, Task<Void, Never>) {
        let app = Harness(interactive: true)
        return (app, try await app.offersOnKeys())
    }

    @Test("from the offers: one Ctrl-D asks, the second leaves the app, not one screen")
    func fromTheOffers() async throws {
        let (app, running) = try await offers()
        app.terminal.press(.control("d"))
        try await app.terminal.wait(for: "the question") {
            $0.isAwaitingInput && $0.screen.joined(separator: "\n").contains(KeyInput.endConfirmation)
        }
        #expect(app.navigator.stack.count == 2)
        app.terminal.press(.control("d"))
        #expect(await ends(running), "two Ctrl-Ds did not end the app: \(app.navigator.stack.count) screens left")
        #expect(app.orders.created.isEmpty)
    }

    @Test("from the sort list over the offers: the second Ctrl-D leaves the app, not just the list")
    func fromTheSortList() async throws {
        let (app, running) = try await offers()
        app.terminal.press(.character("s"))
        try await app.terminal.wait(for: "the sort list") {
            $0.isAwaitingInput && $0.screen.joined(separator: "\n").contains("Duration (shortest first)")
        }
        app.terminal.press(.control("d"))
        try await app.terminal.wait(for: "the question") {
            $0.isAwaitingInput && $0.screen.joined(separator: "\n").contains(KeyInput.endConfirmation)
        }
        app.terminal.press(.control("d"))
        #expect(await ends(running), "two Ctrl-Ds in the list did not end the app: \(app.navigator.stack.count) screens left")
    }
}
