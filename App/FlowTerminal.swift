import Foundation
import Services
import TerminalUI

/// The terminal the App hands its screens: the real one, with the one thing the whole flow shares beside it, the
/// server's rate limit, counted down beside any progress. How a person leaves (Ctrl-C, Ctrl-D twice, the end of the
/// input) is not read here from what the screens wrote: each screen's `run()` says how it ended
/// (``ScreenExit``), and the navigator ends the flow on it.
@MainActor
final class FlowTerminal: Terminal {
    private let base: any Terminal

    init(_ base: any Terminal) {
        self.base = base
    }

    var isInteractive: Bool { base.isInteractive }
    var columns: Int { base.columns }
    var rows: Int { base.rows }
    var style: Style { base.style }

    /// Until when requests wait for the server's rate limit to reset.
    private var rateLimitedUntil: Date?

    /// The countdown of a rate-limit wait, which any running spinner shows beside its message.
    var statusNote: String? {
        guard let until = rateLimitedUntil else { return nil }
        let seconds = Int(until.timeIntervalSinceNow.rounded(.up))
        guard seconds > 0 else { return nil }
        return "the flight service asked us to slow down; trying again in \(seconds) s"
    }

    /// A request was refused for the rate limit and will be sent again at `wait.until`: a countdown on a TTY, one
    /// line on standard error elsewhere (so `--json` output stays clean).
    func rateLimited(_ wait: RateLimitWait) {
        rateLimitedUntil = wait.until
        guard !base.isInteractive else { return }
        let seconds = max(1, Int(wait.until.timeIntervalSinceNow.rounded(.up)))
        base.writeDiagnostic(
            "flights: the flight service is rate-limiting requests; waiting \(seconds) s and sending \(wait.method) \(wait.path) again.\n")
    }

    func write(_ text: String) { base.write(text) }
    func writeDiagnostic(_ text: String) { base.writeDiagnostic(text) }
    func discardPendingInput() { base.discardPendingInput() }
    func holdInterrupts(notice: String, stopping: String) { base.holdInterrupts(notice: notice, stopping: stopping) }
    func releaseInterrupts() { base.releaseInterrupts() }
    func asking(_ question: AskedQuestion?) { base.asking(question) }
    func readLine(prompt: String, default defaultValue: String?) async -> LineInput {
        await base.readLine(prompt: prompt, default: defaultValue)
    }
    func readKey() async -> KeyInput { await base.readKey() }
}
