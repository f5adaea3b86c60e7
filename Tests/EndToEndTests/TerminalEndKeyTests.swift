import Foundation
import Testing

/// Ctrl-D in the offers table, in a real pseudo-terminal: the first asks, the second leaves the app, and the
/// terminal is left as it was.
@Suite struct TerminalEndKeyTests {
    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the pseudo-terminal session cannot run"))
    func twoCtrlDsOnTheOffersLeaveTheAppAndOneAsks() async throws {
        try await FlightsApp.withFreshData { app in
            try await TmuxSession.run(app) { terminal in
                try await terminal.searchToOffers()

                try await terminal.press("C-d")
                let asked = try await terminal.waitForScreen(containing: "Press Ctrl-D again to leave.")
                #expect(asked.contains("Enter choose"), "the offers left the screen after one Ctrl-D:\n\(asked)")
                // Another key takes the question away and keeps the offers.
                try await terminal.press("Down")
                let moved = try await terminal.waitForScreen("the question gone, the offers kept") {
                    !$0.contains("Press Ctrl-D again") && $0.contains("Enter choose")
                }
                #expect(TerminalSessionTests.selectedLine(moved) != nil, "\(moved)")

                try await terminal.press("C-d")
                try await terminal.waitForScreen(containing: "Press Ctrl-D again to leave.")
                try await terminal.press("C-d")
                let status = try await terminal.waitForExit()
                let last = (try? await terminal.screen()) ?? ""
                #expect(status == 0, "exit status \(status); screen:\n\(last)")
                let modes = try terminal.terminalModes()
                #expect(modes.before == modes.after, "the terminal was left in another mode")
            }
        }
    }
}
