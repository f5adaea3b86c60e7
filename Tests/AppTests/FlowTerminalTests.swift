import Foundation
import Services
import TerminalUI
import Testing
@testable import FlightsApp

/// A request refused for the rate limit is waited out where people can see it: a countdown beside the progress on a
/// TTY, one line on standard error elsewhere (so `--json` output stays clean).
@MainActor
@Suite struct FlowTerminalTests {
    private func wait(seconds: Double) -> RateLimitWait {
        RateLimitWait(until: Date().addingTimeInterval(seconds), method: "POST", path: "/air/offer_requests", attempt: 1)
    }

    @Test func offATerminalTheWaitIsOneLineOnStandardError() {
        let base = VirtualTerminal()
        let terminal = FlowTerminal(base)
        terminal.rateLimited(wait(seconds: 2.5))
        #expect(base.diagnostics == "flights: the flight service is rate-limiting requests; waiting 3 s and sending POST /air/offer_requests again.\n")
        #expect(base.text.isEmpty)
    }

    @Test func onATerminalTheProgressCountsDown() {
        let base = VirtualTerminal(isInteractive: true)
        let terminal = FlowTerminal(base)
        #expect(terminal.statusNote == nil)
        terminal.rateLimited(wait(seconds: 4.2))
        #expect(terminal.statusNote == "the flight service asked us to slow down; trying again in 5 s")
        #expect(base.diagnostics.isEmpty)
        terminal.rateLimited(wait(seconds: -1))
        #expect(terminal.statusNote == nil)
    }

    /// Counts how often the flow is left.
    private final class Leaves {
        var count = 0
    }

    @Test func aSecondCtrlDAfterTheScreenAskedLeavesTheFlow() async {
        let base = VirtualTerminal(
            isInteractive: true, input: [.key(.control("d")), .key(.down), .key(.control("d")), .key(.control("d"))])
        let terminal = FlowTerminal(base)
        let leaves = Leaves()
        terminal.onLeave = { leaves.count += 1 }
        #expect(KeyInput.endConfirmation.contains(FlowTerminal.endQuestion))
        #expect(await terminal.readKey() == .control("d"))
        terminal.write(KeyInput.endConfirmation)
        #expect(await terminal.readKey() == .down)
        #expect(leaves.count == 0, "a key after the question left")
        #expect(await terminal.readKey() == .control("d"))
        // Asked in a narrow terminal: the end of the sentence cut off.
        terminal.write(TerminalText.truncate(KeyInput.endConfirmation, toWidth: 20))
        #expect(leaves.count == 0, "one Ctrl-D left")
        #expect(await terminal.readKey() == .control("d"))
        #expect(leaves.count == 1)
        #expect(!terminal.wasInterrupted)
    }

    @Test func ctrlDsOnAScreenThatDoesNotAskLeaveNothing() async {
        let base = VirtualTerminal(isInteractive: true, input: [.key(.control("d")), .key(.control("d")), .key(.control("d"))])
        let terminal = FlowTerminal(base)
        let leaves = Leaves()
        terminal.onLeave = { leaves.count += 1 }
        for _ in 0..<3 { _ = await terminal.readKey() }
        #expect(leaves.count == 0)
    }

    @Test func aLineReadBetweenTwoCtrlDsStartsAgain() async {
        let base = VirtualTerminal(isInteractive: true, input: [.key(.control("d")), .line("lon"), .key(.control("d"))])
        let terminal = FlowTerminal(base)
        let leaves = Leaves()
        terminal.onLeave = { leaves.count += 1 }
        _ = await terminal.readKey()
        terminal.write(KeyInput.endConfirmation)
        _ = await terminal.readLine(prompt: "From: ", default: nil)
        _ = await terminal.readKey()
        #expect(leaves.count == 0)
    }
}
