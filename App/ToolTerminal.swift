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
    /// Wide enough that no sentence is wrapped: each notice stays one line.
    var columns: Int { 10_000 }
    var rows: Int { 24 }
    var style: Style { .plain }

    func write(_ text: String) { output += text }
    func writeDiagnostic(_ text: String) { diagnostics += text }
    func readLine(prompt: String, default: String?) async -> LineInput { .end }
    func readKey() async -> KeyInput { .end }
    func discardPendingInput() {}
    func holdInterrupts(notice: String, stopping: String) {}
    func releaseInterrupts() {}

    /// What the flow told the person, one notice per item, without its mark (`✗`, `•`, `✓`, `!`): each problem, what
    /// happened and what to do (a notice's own second line, indented, joins it). The blocks it printed (a booking's
    /// details, with its passengers) and its progress lines are left out.
    var said: [String] {
        var notices: [String] = []
        var inNotice = false
        for line in diagnostics.split(whereSeparator: \.isNewline).map(String.init) {
            if let mark = line.first, "✗•✓!".contains(mark), line.dropFirst().first == " " {
                notices.append(line.dropFirst(2).trimmingCharacters(in: .whitespaces))
                inNotice = true
            } else if inNotice, line.hasPrefix("  "), !notices.isEmpty {
                notices[notices.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                inNotice = false
            }
        }
        return notices.filter { !$0.isEmpty }
    }
}
