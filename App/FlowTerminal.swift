import Foundation
import Services
import TerminalUI

/// The terminal the App hands its screens: the real one, and the one place that hears how a person leaves. Ctrl-C
/// on any screen, or the end of the input, ends the whole flow at once, as a traveller expects, rather than
/// stepping back one screen at a time (each screen beneath would show itself again on its way out). Modules still
/// see `.interrupt` and `.end` and may react; their screens are cancelled as the navigator finishes. On a TTY, Ctrl-D
/// comes as a key: a screen that takes it asks after the first (``KeyInput/endConfirmation``), and a second in a row,
/// once asked, leaves the flow here, as the end of the input does. A screen that ignores Ctrl-D (the seat map) never
/// asks, so its Ctrl-Ds leave nothing.
@MainActor
final class FlowTerminal: Terminal {
    private let base: any Terminal
    /// Called when the traveller presses Ctrl-C during a read, or the input ends.
    var onLeave: (() -> Void)?
    /// Whether the flow was left with Ctrl-C (the exit status says so: 130, as for a shell's SIGINT).
    private(set) var wasInterrupted = false
    /// The last key read was a first Ctrl-D.
    private var lastKeyWasControlD = false
    /// The screen asked for a second Ctrl-D since the last key was read.
    private var askedToLeave = false

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

    func write(_ text: String) {
        if text.contains(Self.endQuestion) { askedToLeave = true }
        base.write(text)
    }

    /// What every screen's question after a first Ctrl-D says, however narrow the terminal cut the rest.
    static let endQuestion = "Ctrl-D again"
    func writeDiagnostic(_ text: String) { base.writeDiagnostic(text) }
    func discardPendingInput() { base.discardPendingInput() }
    func holdInterrupts(notice: String, stopping: String) { base.holdInterrupts(notice: notice, stopping: stopping) }
    func releaseInterrupts() { base.releaseInterrupts() }

    func readLine(prompt: String, default defaultValue: String?) async -> LineInput {
        let input = await base.readLine(prompt: prompt, default: defaultValue)
        lastKeyWasControlD = false
        askedToLeave = false
        switch input {
        case .interrupt: leave(interrupted: true)
        case .end: leave(interrupted: false)
        case .text, .back, .cancelled: break
        }
        return input
    }

    func readKey() async -> KeyInput {
        let key = await base.readKey()
        let secondControlD = key == .control("d") && lastKeyWasControlD && askedToLeave
        lastKeyWasControlD = key == .control("d") && !secondControlD
        askedToLeave = false
        switch key {
        case .interrupt: leave(interrupted: true)
        case .end: leave(interrupted: false)
        case .control("d") where secondControlD: leave(interrupted: false)
        default: break
        }
        return key
    }

    private func leave(interrupted: Bool) {
        if interrupted { wasInterrupted = true }
        onLeave?()
    }
}
