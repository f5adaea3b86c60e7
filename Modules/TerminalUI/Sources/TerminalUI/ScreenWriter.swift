/// Writes a screen for whoever reads it. For a person, blocks go to the terminal and slow work shows a spinner.
/// When standard output carries data for a program (`--json`), everything meant for a person (blocks, errors,
/// progress) goes to diagnostics instead, plain, and only ``writeOutput(_:)`` reaches standard output.
@MainActor
public final class ScreenWriter {
    /// The terminal written to.
    public let terminal: any Terminal
    /// Whether standard output is reserved for data (`--json`).
    public let outputIsForPrograms: Bool
    private var spinner: Spinner?

    /// A writer on `terminal`; `outputIsForPrograms` keeps standard output for ``writeOutput(_:)`` alone.
    public init(terminal: any Terminal, outputIsForPrograms: Bool) {
        self.terminal = terminal
        self.outputIsForPrograms = outputIsForPrograms
    }

    /// Shows `block` to the person: on the terminal, or as plain lines on diagnostics.
    public func show(_ block: any Renderable) {
        guard outputIsForPrograms else { return terminal.display(block) }
        let lines = block.render(width: terminal.columns, style: .plain)
        if !lines.isEmpty { terminal.writeDiagnostic(lines.joined(separator: "\n") + "\n") }
    }

    /// Shows what went wrong and, when there is one, what to do about it.
    public func showError(_ message: String, suggestion: String?) {
        show(Notice(.error, message))
        if let suggestion, !suggestion.isEmpty { show(Paragraph(suggestion, indent: 2)) }
    }

    /// Says that slow work is under way: a spinner for a person, one line on diagnostics otherwise.
    public func showProgress(_ message: String) {
        spinner?.stop()
        spinner = nil
        if outputIsForPrograms {
            terminal.writeDiagnostic(message + "\n")
        } else {
            spinner = terminal.startSpinner(message)
        }
    }

    /// Says that a change is on its way to the server (a booking, a cancellation, a payment), which Ctrl-C must not
    /// cut off unseen: pressed once, it shows `whenInterrupted` and the work goes on to its answer; pressed again, it
    /// shows `whenStopped` and the app ends at once.
    public func showChange(_ message: String, whenInterrupted: String, whenStopped: String) {
        terminal.holdInterrupts(notice: whenInterrupted, stopping: whenStopped)
        showProgress(message)
    }

    /// Ends the progress shown, if any, and a change's hold on Ctrl-C.
    public func hideProgress() {
        spinner?.stop()
        spinner = nil
        terminal.releaseInterrupts()
    }

    /// Stops the spinner, if one turns, and leaves a change's hold on Ctrl-C as it is: the screen went away, and
    /// work it started may still be on its way.
    public func stopSpinner() {
        spinner?.stop()
        spinner = nil
    }

    /// Writes data for a program (JSON) to standard output, ending with a newline.
    public func writeOutput(_ text: String) {
        let text = UntrustedText.jsonEscaped(text)
        terminal.write(text.hasSuffix("\n") ? text : text + "\n")
    }
}
