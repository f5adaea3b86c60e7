/// The reading half shared by ``SystemTerminal`` and ``VirtualTerminal``: keys and lines from an ``InputQueue``,
/// line editing with per-prompt history, and drawing the line being edited.
///
/// Sharing it means the tests of every module exercise the same editor the user gets.
@MainActor
final class LineReader {
    let queue: InputQueue
    private var histories: [String: [String]] = [:]
    private static let historyLimit = 100

    init(queue: InputQueue) {
        self.queue = queue
    }

    func readKey(endingWhenEmpty: Bool = false) async -> KeyInput {
        switch await queue.next(endingWhenEmpty: endingWhenEmpty) {
        case .event(.key(let key)): return key
        case .event(.line(let line)): return .line(line)
        case .finished: return .end
        case .cancelled: return .cancelled
        }
    }

    func readLine(
        prompt: String,
        default defaultValue: String?,
        on terminal: any Terminal,
        endingWhenEmpty: Bool = false
    ) async -> LineInput {
        let interactive = terminal.isInteractive
        let hint = defaultValue.map { terminal.style.dim("[\($0)]") + " " } ?? ""
        let historyKey = TerminalText.stripANSI(prompt)
        var editor = LineEditor(history: histories[historyKey] ?? [])
        var renderer = LineRenderer(prompt: prompt + hint, columns: terminal.columns)
        // Every event this read takes, so a cancellation can hand them all back.
        var taken: [InputEvent] = []
        // Ctrl-D on an empty line ends only when pressed twice in a row: once, in the middle of a form, would drop
        // everything typed so far without a word.
        var endRequested = false

        if interactive {
            terminal.write(renderer.preamble + renderer.draw(editor, columns: terminal.columns))
        } else {
            terminal.write(prompt + hint)
        }

        while true {
            let key: KeyInput
            switch await queue.next(endingWhenEmpty: endingWhenEmpty) {
            case .cancelled:
                queue.unread(taken)
                // The screen is being covered: leave no half-typed prompt behind.
                terminal.write(interactive ? "\r" + ANSI.eraseLine : "\n")
                return .cancelled
            case .finished:
                // The question for a second Ctrl-D goes with the line.
                if endRequested { terminal.write(renderer.draw(editor, columns: terminal.columns)) }
                terminal.write("\n")
                return .end
            case .event(let event):
                taken.append(event)
                switch event {
                case .key(let pressed): key = pressed
                case .line(let line): key = .line(line)
                }
            }

            let outcome = editor.handle(key)
            if outcome == .endRequested, interactive, !endRequested {
                endRequested = true
                terminal.write(renderer.drawAskingToEnd(editor, columns: terminal.columns, style: terminal.style))
                continue
            }
            // Leaving the line with the question on it: draw the line again without it first.
            if endRequested, interactive, outcome != .editing {
                terminal.write(renderer.draw(editor, columns: terminal.columns))
            }
            endRequested = false
            switch outcome {
            case .editing:
                if interactive { terminal.write(renderer.draw(editor, columns: terminal.columns)) }
            case .submit(let typed):
                let value = typed.isEmpty ? (defaultValue ?? "") : typed
                if !typed.isEmpty { remember(typed, for: historyKey) }
                if interactive { terminal.write(renderer.drawFinal(value, columns: terminal.columns)) }
                terminal.write("\n")
                return .text(value)
            case .back:
                terminal.write("\n")
                return .back
            case .interrupt:
                terminal.write(interactive ? "^C\n" : "\n")
                return .interrupt
            case .end, .endRequested:
                terminal.write("\n")
                return .end
            }
        }
    }

    private func remember(_ line: String, for prompt: String) {
        var history = histories[prompt] ?? []
        if history.last != line { history.append(line) }
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        histories[prompt] = history
    }
}

/// Draws the line being edited on one terminal row, scrolling horizontally when it is wider than the row, so the
/// redraw never has to track wrapped rows.
struct LineRenderer {
    /// Written once before the first draw: the part of the prompt that is not redrawn (lines before its last
    /// newline, or a prompt too wide to share a row with the input).
    let preamble: String
    /// Redrawn with every change.
    let prompt: String
    private let promptWidth: Int
    /// Index of the first character shown.
    private var scroll = 0

    init(prompt: String, columns: Int) {
        var preamble = ""
        var prompt = prompt
        if let newline = prompt.lastIndex(of: "\n") {
            preamble = String(prompt[...newline])
            prompt = String(prompt[prompt.index(after: newline)...])
        }
        // Leave room for at least a few characters of input after the prompt. A prompt too wide for that is
        // wrapped at spaces here, as the terminal would otherwise cut it mid-word at the edge: its last line stays
        // the prompt when input still fits after it.
        if TerminalText.displayWidth(of: prompt) > max(0, columns - 10) {
            var lines = TerminalText.wrap(prompt, toWidth: columns)
            let last = lines.removeLast()
            if TerminalText.displayWidth(of: last) + 1 <= max(0, columns - 10) {
                preamble += lines.map { $0 + "\n" }.joined()
                prompt = last + (prompt.last?.isWhitespace == true ? " " : "")
            } else {
                preamble += (lines + [last]).map { $0 + "\n" }.joined()
                prompt = "› "
            }
        }
        self.preamble = Self.wrapped(preamble, toWidth: columns)
        self.prompt = prompt
        self.promptWidth = TerminalText.displayWidth(of: prompt)
    }

    /// `text`'s lines (each ending in a newline) wrapped at spaces to `width`; a line that fits is kept as it is.
    private static func wrapped(_ text: String, toWidth width: Int) -> String {
        guard !text.isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let line = String(line)
            let lines = TerminalText.displayWidth(of: line) <= width ? [line] : TerminalText.wrap(line, toWidth: width)
            return lines.map { $0 + "\n" }.joined()
        }.joined()
    }

    mutating func draw(_ editor: LineEditor, columns: Int) -> String {
        // What was typed or pasted is not ours either: a control character in it (a C1 CSI, an escape the key
        // decoder passed as text) is drawn visibly, as wide as it is shown, and kept as typed in the answer.
        let shown = editor.buffer.map { UntrustedText.visible(String($0)) }
        let widths = shown.map { TerminalText.displayWidth(of: $0) }
        // The last column stays empty so the cursor never sits in the terminal's pending-wrap position.
        let available = max(1, columns - promptWidth - 1)
        let cursor = editor.cursor
        if cursor < scroll { scroll = cursor }
        while scroll < cursor, widths[scroll..<cursor].reduce(0, +) > available - 1 { scroll += 1 }
        var end = scroll
        var used = 0
        while end < widths.count, used + widths[end] <= available {
            used += widths[end]
            end += 1
        }
        let visible = shown[scroll..<end].joined()
        let afterCursor = cursor < end ? widths[cursor..<end].reduce(0, +) : 0
        return "\r" + prompt + visible + ANSI.eraseToEndOfLine + ANSI.cursorBack(afterCursor)
    }

    /// The line with ``KeyInput/endConfirmation`` after the prompt, cut to the row, the cursor left where it was.
    /// Asked only on an empty line, so the question starts at the cursor.
    mutating func drawAskingToEnd(_ editor: LineEditor, columns: Int, style: Style) -> String {
        let line = draw(editor, columns: columns)
        let room = columns - promptWidth - 1
        guard editor.buffer.isEmpty, room > 2 else { return line }
        let hint = TerminalText.truncate("  " + KeyInput.endConfirmation, toWidth: room)
        return line + style.dim(hint) + ANSI.cursorBack(TerminalText.displayWidth(of: hint))
    }

    /// The line as it stays on screen once entered, showing the value taken (the default when nothing was typed).
    func drawFinal(_ value: String, columns: Int) -> String {
        let available = max(1, columns - promptWidth - 1)
        return "\r" + prompt + TerminalText.truncate(UntrustedText.visible(value), toWidth: available) + ANSI.eraseToEndOfLine
    }
}
