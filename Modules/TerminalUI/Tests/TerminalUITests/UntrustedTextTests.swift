import Foundation
import Testing
@testable import TerminalUI

/// Text we did not write reaches the terminal visibly, never as a control sequence.
@Suite("UntrustedText")
struct UntrustedTextTests {
    @Test("control characters and escape sequences are shown, not sent", arguments: [
        ("Duffel\u{1B}]0;PWNED\u{07}", "Duffel^[]0;PWNED^G"),
        ("\u{1B}[2J\u{1B}[H clear", "^[[2J^[[H clear"),
        ("back\u{08}space and\rreturn", "back^Hspace and^Mreturn"),
        ("del\u{7F} and csi\u{9B}31m", "del^? and csi<U+009B>31m"),
        ("abc\u{202E}fed", "abc<U+202E>fed"),
        ("two\nlines\tand a tab", "two\nlines\tand a tab"),
        ("Zürich · São Paulo ✈", "Zürich · São Paulo ✈"),
    ])
    func visible(_ text: String, shown: String) {
        #expect(UntrustedText.visible(text) == shown)
        #expect(UntrustedText.isSafe(UntrustedText.visible(text)))
    }

    struct Row: Codable, Equatable {
        var title: String
        var cells: [String]
        var count: Int
        var amount: Decimal
        var note: String?
    }

    @Test("every string of a view model is made visible, and nothing else changes")
    func sanitizedValue() {
        let row = Row(title: "Air\u{1B}]8;;http://x\u{07}line", cells: ["ok", "\u{1B}[31mred"], count: 3, amount: Decimal(string: "412.50") ?? 0, note: nil)
        let shown = UntrustedText.sanitized(row)
        #expect(shown == Row(title: "Air^[]8;;http://x^Gline", cells: ["ok", "^[[31mred"], count: 3, amount: Decimal(string: "412.5") ?? 0, note: nil))
        let plain = Row(title: "Plain", cells: [], count: 0, amount: 1, note: "fine")
        #expect(UntrustedText.sanitized(plain) == plain)
    }

    @Test("JSON for programs keeps its data, with what a terminal would interpret escaped")
    func jsonEscaped() throws {
        let json = "{\"name\":\"a\u{9B}b\u{202E}c\"}"
        let escaped = UntrustedText.jsonEscaped(json)
        #expect(escaped == "{\"name\":\"a\\u009bb\\u202ec\"}")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded == ["name": "a\u{9B}b\u{202E}c"])
    }

    @Test("a file for programs keeps its CRLF line ends and loses what else a terminal would interpret")
    func removingUnsafe() {
        #expect(UntrustedText.removingUnsafe("BEGIN:VCALENDAR\r\nX\u{1B}]0;t\u{07}\r\u{9B}\u{202E}\r\n") == "BEGIN:VCALENDAR\r\nX]0;t\r\n")
        #expect(UntrustedText.removingUnsafe("plain\r\n") == "plain\r\n")
    }

    @Test("a screen note from the server reaches the terminal visibly, styled as ours")
    @MainActor
    func notes() {
        let terminal = VirtualTerminal(columns: 80, style: .ansi)
        let writer = ScreenWriter(terminal: terminal, outputIsForPrograms: false)
        writer.show(ScreenNote.error("The airline said: \u{1B}]0;PWNED\u{07}", suggestion: "\u{1B}[2J"))
        #expect(!terminal.output.contains("\u{1B}]"))
        #expect(!terminal.output.contains("\u{07}"))
        #expect(!terminal.output.contains("\u{1B}[2J"))
        #expect(terminal.output.contains("^[]0;PWNED^G"))
        #expect(terminal.output.contains("\u{1B}[31m"), "our own red for an error is kept")
    }
}
