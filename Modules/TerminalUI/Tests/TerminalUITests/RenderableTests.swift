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

    @Test("a box frames its content at the content's width, with the title in the top border")
    func box() {
        let box = Box(title: "Your flight", lines: ["BA 117  LHR → JFK", "08:15 – 11:05"])
        let lines = box.render(width: 80, style: .plain)
        #expect(lines == [
            "┌─ Your flight ─────┐",
            "│ BA 117  LHR → JFK │",
            "│ 08:15 – 11:05     │",
            "└───────────────────┘",
        ])
        let ruled = Box(title: "Total", lines: ["£840.00"], border: .rules).render(width: 80, style: .plain)
        #expect(ruled == ["── Total ──", "  £840.00", "───────────"])
    }

    @Test("a box never exceeds the width, cutting its content", arguments: [12, 20, 33])
    func boxFits(width: Int) {
        let box = Box(title: "A long title for a box", content: [Paragraph(String(repeating: "word ", count: 30))])
        let lines = box.render(width: width, style: .ansi)
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) <= width })
        let widths = Set(lines.map { TerminalText.displayWidth(of: $0) })
        #expect(widths.count == 1)
    }

    @Test("display writes a block's lines at the terminal's width")
    @MainActor
    func display() {
        let terminal = VirtualTerminal(columns: 30)
        terminal.display(Rule())
        terminal.display(Paragraph("one two three four five six seven", indent: 2))
        #expect(terminal.screen == [String(repeating: "─", count: 30), "  one two three four five six", "  seven"])
    }
}
