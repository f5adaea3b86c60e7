import TerminalUI

/// The terminal a tool's flow runs on in `flights mcp`: no person at it, so nothing is asked (every read is the end of
/// the input, as a script with no stdin), and what the screens write is kept rather than shown: the output (the JSON a
/// command prints) apart from the diagnostics (what it says to the person). Standard output stays the protocol's.
@MainActor
final class ToolTerminal: Terminal {
    /// What the flow wrote for programs.
    private(set) var output = ""
    /// What it said for a person, line by line.
    private(set) var diagnostics = ""

    var isInteractive: Bool { false }
    var columns: Int { 100 }
    var rows: Int { 24 }
    var style: Style { .plain }

    func write(_ text: String) { output += text }
    func writeDiagnostic(_ text: String) { diagnostics += text }
    func readLine(prompt: String, default: String?) async -> LineInput { .end }
    func readKey() async -> KeyInput { .end }
    func discardPendingInput() {}
    func holdInterrupts(notice: String, stopping: String) {}
    func releaseInterrupts() {}

    /// What the flow said, line by line, without the progress lines ("Searching…") and blank lines: the problems
    /// and what to do about them.
    var said: [String] {
        diagnostics.split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasSuffix("…") }
    }
}
