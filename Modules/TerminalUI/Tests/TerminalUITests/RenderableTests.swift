import Testing
@testable import TerminalUI

@Suite("Renderers: headers, key-value rows, notices, boxes")
struct RenderableTests {
    @Test("a section header puts the title on a rule as wide as the terminal, up to 80 columns")
    func sectionHeader() {
        let header = SectionHeader("Passengers", detail: "2 adults")
        let line = header.render(width: 40, style: .plain)
        #expect(line == ["── Passengers · 2 adults ───────────────"])
        #expect(TerminalText.displayWidth(of: line[0]) == 40)
        #expect(TerminalText.displayWidth(of: header.render(width: 200, style: .plain)[0]) == 80)
        #expect(header.render(width: 12, style: .plain) == ["Passengers …"])
    }

    @Test("key-value rows align their values and wrap long ones under the value column")
    func keyValueList() {
        let list = KeyValueList(["From": "London Heathrow (LHR)", "Departs": "Tue 14 May, 08:15", "Baggage": "1 checked bag up to 23 kg and 1 cabin bag"])
        let lines = list.render(width: 40, style: .plain)
        #expect(lines == [
            "  From     London Heathrow (LHR)",
            "  Departs  Tue 14 May, 08:15",
            "  Baggage  1 checked bag up to 23 kg and",
            "           1 cabin bag",
        ])
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= 40 })
    }

    @Test("a notice starts with its kind's symbol and wraps under its text")
    func notice() {
        #expect(Notice(.success, "Booked").render(width: 40, style: .plain) == ["✓ Booked"])
        #expect(Notice(.warning, "Prices may change until you book").render(width: 20, style: .plain) == [
            "! Prices may change",
            "  until you book",
        ])
        let styled = Notice(.error, "Failed").render(width: 40, style: .ansi)[0]
        #expect(styled.hasPrefix("\u{1B}[31m✗\u{1B}[39m"))
    }

    @Test("display writes a block's lines at the terminal's width")
    @MainActor
    func display() {
        let terminal = VirtualTerminal(columns: 30)
        terminal.display(Paragraph("one two three four five six seven", indent: 2))
        #expect(terminal.screen == ["  one two three four five six", "  seven"])
    }
}
