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
}
