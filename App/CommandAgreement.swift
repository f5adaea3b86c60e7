import Foundation
import ModuleCore
import TerminalUI
import Trips

/// What a script agreed to beforehand for a change to a booking: `--yes`, the amount (`--total`, or `--refund`
/// for a cancellation), and `--json` (the result as Duffel's JSON on standard output).
struct Agreement: Sendable {
    /// `--yes`: go ahead without asking.
    var assumeYes = false
    /// The amount agreed, or `nil` for any: the change is made only at it.
    var amount: Decimal?
    /// `--json`.
    var json = false
}

/// The one way a command agrees to a change to a booking that moves money or flights (cancelling, paying, accepting
/// the airline's new times, adding bags or seats): `--yes` agreed to it beforehand; a person at a terminal is asked;
/// anything else (a script, a pipe, `--json`) does nothing, and says how to agree. The amount a script agreed
/// (`--total`, `--refund`) is checked apart, against the amount now, before this is asked.
extension CommandContext {
    /// Whether the change goes ahead.
    ///
    /// - Parameters:
    ///   - question: what a person is asked: "Cancel booking ERDAH6 for a refund of £372.50?"
    ///   - agreement: what the script agreed (`--yes`).
    ///   - notDone: what is said when nothing is done: "Not cancelled."
    ///   - yesTo: what `--yes` would do, to end "run the command again with --yes to …": "cancel".
    func agree(_ question: String, _ agreement: Agreement, notDone: String, yesTo: String) async -> Bool {
        if agreement.assumeYes { return true }
        guard terminal.isInteractive, !writer.outputIsForPrograms else {
            writer.show(.message(Notice(
                .info, "\(notDone) This is not a terminal that can answer, so run the command again with --yes to \(yesTo).")))
            return false
        }
        // A key typed before the amount was shown must not agree to it.
        terminal.discardPendingInput()
        terminal.write("\(question) y yes · n no · Enter no ")
        while true {
            // One key acts at its press, as a screen's question does.
            switch await terminal.readKey() {
            case .character(let key) where "yY".contains(key):
                terminal.write("yes\n")
                return true
            case .character(let key) where "nN".contains(key):
                terminal.write("no\n")
            case .enter, .escape, .interrupt, .end, .cancelled, .control("d"):
                terminal.write("no\n")
            case .line(let answer):
                let answer = answer.trimmingCharacters(in: .whitespaces).lowercased()
                if ["y", "yes"].contains(answer) { return true }
                if !["n", "no", ""].contains(answer) { continue }
            default:
                continue
            }
            writer.show(.message(Notice(.info, notDone)))
            return false
        }
    }

    /// Says that a change to booking `reference` (`what`: "cancelled", "paid") is on its way: Ctrl-C meanwhile waits
    /// for the airline's answer rather than leave the traveller not knowing whether it was done.
    func changing(_ message: String, reference: String, what: String) {
        writer.show(.change(PendingChange(
            message,
            whenInterrupted: "Ctrl-C: the booking may have been \(what) — checking with the airline before stopping (Ctrl-C again stops now).",
            whenStopped: "Stopped before the airline answered: booking \(reference) may have been \(what). `flights booking \(reference)` checks it.")))
    }

    /// Says `text` as information.
    func inform(_ text: String) {
        writer.show(.message(Notice(.info, text)))
    }

    /// Says `text` as a success.
    func succeeded(_ text: String) {
        writer.show(.message(Notice(.success, text)))
    }

    /// Says `text` as a warning.
    func warn(_ text: String) {
        writer.show(.message(Notice(.warning, text)))
    }
}
