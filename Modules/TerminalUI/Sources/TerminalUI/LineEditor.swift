/// The editing state of one line being typed: text, cursor and history. Pure: keys in, outcome out; drawing is
/// done by ``LineReader``.
struct LineEditor: Sendable {
    enum Outcome: Sendable, Equatable {
        case editing
        case submit(String)
        case back
        case interrupt
        /// The input ended (a pipe ran dry).
        case end
        /// Ctrl-D on an empty line: the person asks to end, which an interactive reader confirms first.
        case endRequested
    }

    private(set) var buffer: [Character] = []
    /// Index into `buffer` of the character the cursor is before.
    private(set) var cursor = 0
    /// Earlier answers to the same prompt, oldest first.
    private let history: [String]
    /// Which history entry is shown; `nil` while the user edits their own draft.
    private var historyIndex: Int?
    private var draft: [Character] = []

    init(history: [String] = []) {
        self.history = history
    }

    var text: String { String(buffer) }

    mutating func handle(_ key: KeyInput) -> Outcome {
        switch key {
        case .character(let character):
            insert(String(character))
        case .line(let line):
            insert(line)
            return .submit(text)
        case .enter:
            return .submit(text)
        case .escape:
            return .back
        case .interrupt:
            return .interrupt
        case .end:
            return .end
        case .control("d"):
            if buffer.isEmpty { return .endRequested }
            deleteForward()
        case .backspace, .control("h"):
            guard cursor > 0 else { break }
            buffer.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            deleteForward()
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(buffer.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .endKey, .control("e"):
            cursor = buffer.count
        case .control("u"):
            buffer.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            buffer.removeSubrange(cursor...)
        case .control("w"):
            deleteWordBackward()
        case .up, .control("p"):
            showHistory(older: true)
        case .down, .control("n"):
            showHistory(older: false)
        default:
            break
        }
        return .editing
    }

    private mutating func insert(_ text: String) {
        // Re-form grapheme clusters across the insertion point, so a typed combining mark joins the character
        // before it instead of becoming a cursor stop of its own.
        let before = String(buffer[..<cursor]) + text.filter { !$0.isNewline }
        let combined = Array(before + String(buffer[cursor...]))
        buffer = combined
        cursor = min(Array(before).count, combined.count)
    }

    private mutating func deleteForward() {
        guard cursor < buffer.count else { return }
        buffer.remove(at: cursor)
    }

    private mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, buffer[start - 1].isWhitespace { start -= 1 }
        while start > 0, !buffer[start - 1].isWhitespace { start -= 1 }
        buffer.removeSubrange(start..<cursor)
        cursor = start
    }

    private mutating func showHistory(older: Bool) {
        guard !history.isEmpty else { return }
        let next: Int?
        switch (historyIndex, older) {
        case (nil, true):
            draft = buffer
            next = history.count - 1
        case (nil, false):
            return
        case (let index?, true):
            next = max(0, index - 1)
        case (let index?, false):
            next = index + 1 < history.count ? index + 1 : nil
        }
        historyIndex = next
        buffer = next.map { Array(history[$0]) } ?? draft
        cursor = buffer.count
    }
}
