import Testing
@testable import TerminalUI

@Suite("LineEditor: editing a line from raw-mode bytes")
struct LineEditorTests {
    /// Feeds `bytes` through the decoder and the editor, as the terminal does; returns the outcome of the last key
    /// and the editor.
    private func edit(_ bytes: [UInt8], history: [String] = []) -> (LineEditor.Outcome, LineEditor) {
        var decoder = KeyDecoder()
        var editor = LineEditor(history: history)
        var outcome = LineEditor.Outcome.editing
        for key in decoder.feed(bytes) + decoder.flush() {
            outcome = editor.handle(key)
            if outcome != .editing { break }
        }
        return (outcome, editor)
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("typed text is submitted on Enter")
    func typesAndSubmits() {
        #expect(edit(bytes("LHR\r")).0 == .submit("LHR"))
        #expect(edit(bytes("\r")).0 == .submit(""))
    }

    @Test("left, right, Home and End move the cursor; typing inserts at the cursor")
    func cursorMovement() {
        #expect(edit(bytes("LR\u{1B}[DH\r")).0 == .submit("LHR"))
        #expect(edit(bytes("HR\u{1B}[HL\r")).0 == .submit("LHR"))
        #expect(edit(bytes("LH\u{1B}[H\u{1B}[FR\r")).0 == .submit("LHR"))
        #expect(edit(bytes("LH\u{1}\u{5}R\r")).0 == .submit("LHR"))
        #expect(edit(bytes("L\u{1B}[D\u{1B}[D\u{1B}[C\u{1B}[CHR\r")).0 == .submit("LHR"))
    }

    @Test("Backspace deletes before the cursor, Delete and Ctrl-D under it")
    func deletes() {
        #expect(edit(bytes("LHRX\u{7F}\r")).0 == .submit("LHR"))
        #expect(edit(bytes("LXHR\u{1B}[D\u{1B}[D\u{7F}\r")).0 == .submit("LHR"))
        #expect(edit(bytes("LXHR\u{1B}[H\u{1B}[C\u{1B}[3~\r")).0 == .submit("LHR"))
        #expect(edit(bytes("LXHR\u{1B}[H\u{1B}[C\u{4}\r")).0 == .submit("LHR"))
        // Backspace at the start does nothing.
        #expect(edit(bytes("\u{7F}LHR\u{1B}[H\u{7F}\r")).0 == .submit("LHR"))
    }

    @Test("Ctrl-U deletes to the start, Ctrl-W the word before the cursor, Ctrl-K to the end")
    func killCommands() {
        #expect(edit(bytes("wrong\u{15}LHR\r")).0 == .submit("LHR"))
        #expect(edit(bytes("from LHR  \u{17}JFK\r")).0 == .submit("from JFK"))
        #expect(edit(bytes("LHRxyz\u{1B}[D\u{1B}[D\u{1B}[D\u{B}\r")).0 == .submit("LHR"))
    }

    @Test("UTF-8 input is edited by character, a combining mark joins the character before it")
    func unicode() {
        #expect(edit(bytes("Zurich\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{7F}ü\r")).0 == .submit("Zürich"))
        #expect(edit(bytes("東京\u{1B}[D\u{7F}\r")).0 == .submit("京"))
        let (outcome, editor) = edit(bytes("Gene\u{301}ve"))
        #expect(outcome == .editing)
        #expect(editor.text == "Genéve")
        #expect(editor.buffer.count == 6)
        #expect(editor.cursor == 6)
    }

    @Test("Esc goes back, Ctrl-C interrupts, Ctrl-D on an empty line asks to end")
    func leaving() {
        #expect(edit(bytes("LH\u{1B}")).0 == .back)
        #expect(edit(bytes("LH\u{3}")).0 == .interrupt)
        #expect(edit([0x04]).0 == .endRequested)
        // Ctrl-D on a non-empty line only deletes.
        #expect(edit(bytes("L\u{4}\r")).0 == .submit("L"))
    }

    @Test("up and down walk the prompt's history and come back to the draft")
    func history() {
        let history = ["LHR", "JFK"]
        #expect(edit(bytes("\u{1B}[A\r"), history: history).0 == .submit("JFK"))
        #expect(edit(bytes("\u{1B}[A\u{1B}[A\r"), history: history).0 == .submit("LHR"))
        #expect(edit(bytes("\u{1B}[A\u{1B}[A\u{1B}[A\r"), history: history).0 == .submit("LHR"))
        #expect(edit(bytes("dra\u{1B}[A\u{1B}[Bft\r"), history: history).0 == .submit("draft"))
        #expect(edit(bytes("\u{1B}[A\u{7F}X\r"), history: history).0 == .submit("JFX"))
        #expect(edit(bytes("x\u{1B}[B\r"), history: []).0 == .submit("x"))
    }

    @Test("a line wider than the terminal scrolls so the cursor stays on screen, on one row")
    func horizontalScroll() {
        var renderer = LineRenderer(prompt: "To: ", columns: 20)
        var editor = LineEditor()
        for character in "abcdefghijklmnopqrstuvwxyz" { _ = editor.handle(.character(character)) }
        let atEnd = TerminalText.stripANSI(renderer.draw(editor, columns: 20))
        #expect(atEnd == "\rTo: mnopqrstuvwxyz")
        _ = editor.handle(.home)
        let atStart = TerminalText.stripANSI(renderer.draw(editor, columns: 20))
        #expect(atStart == "\rTo: abcdefghijklmno")
        var screen = VisibleScreen()
        screen.write(renderer.draw(editor, columns: 20))
        for line in screen.lines { #expect(TerminalText.displayWidth(of: line) < 20) }
    }

    @Test("a control character typed or pasted is drawn visibly, and the answer keeps it as typed")
    func controlCharactersAreDrawnVisibly() {
        var renderer = LineRenderer(prompt: "From: ", columns: 40)
        var editor = LineEditor()
        for character in "XQ\u{9B}31m\u{202E}Z" { _ = editor.handle(.character(character)) }
        let drawn = renderer.draw(editor, columns: 40)
        #expect(!drawn.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
        #expect(TerminalText.stripANSI(drawn) == "\rFrom: XQ<U+009B>31m<U+202E>Z")
        #expect(!renderer.drawFinal(editor.text, columns: 40).unicodeScalars.contains { $0.value == 0x9B })
        #expect(editor.handle(.enter) == .submit("XQ\u{9B}31m\u{202E}Z"))
        // The cursor is moved back over the character as wide as it is drawn.
        _ = editor.handle(.left)
        _ = editor.handle(.left)
        #expect(renderer.draw(editor, columns: 40).hasSuffix(ANSI.cursorBack("<U+202E>Z".count)))
    }

    @Test("a prompt with a newline or too wide for the row is written once, above the edited line")
    func longPrompts() {
        let multiline = LineRenderer(prompt: "Passenger 1 of 2\nName: ", columns: 40)
        #expect(multiline.preamble == "Passenger 1 of 2\n")
        #expect(multiline.prompt == "Name: ")
        let wide = LineRenderer(prompt: String(repeating: "w", count: 35), columns: 40)
        #expect(wide.preamble == String(repeating: "w", count: 35) + "\n")
        #expect(wide.prompt == "› ")
    }
}
