import Testing
@testable import TerminalUI

@Suite("TerminalText: ANSI stripping, display width, cutting and padding")
struct TerminalTextTests {
    @Test("stripping removes colours, cursor moves, OSC links and two-byte escapes, and keeps the text")
    func stripsEscapes() {
        let styled = "\u{1B}[1mBold\u{1B}[22m \u{1B}[38;5;208mpeach\u{1B}[0m\u{1B}[2K\u{1B}[3A \u{1B}]8;;http://x\u{07}link\u{1B}]8;;\u{1B}\\ \u{1B}7end"
        #expect(TerminalText.stripANSI(styled) == "Bold peach link end")
        #expect(TerminalText.stripANSI("no escapes here") == "no escapes here")
    }

    @Test("a styled text strips back to the text it styled", arguments: ["Booked", "é 日本 😀", ""])
    func styleRoundTrip(text: String) {
        let style = Style.ansi
        for styled in [style.bold(text), style.dim(text), style.error(text), style.bold(style.accent(text))] {
            #expect(TerminalText.stripANSI(styled) == text)
            #expect(TerminalText.displayWidth(of: styled) == TerminalText.displayWidth(of: text))
        }
    }

    @Test("width counts columns: ASCII 1, CJK and emoji 2, combining marks and joiners 0", arguments: [
        ("LHR", 3),
        ("東京", 4),
        ("서울", 4),
        ("ｆｕｌｌ", 8),
        ("😀", 2),
        ("👩‍👩‍👧", 2),
        ("🇬🇧", 2),
        ("❤️", 2),
        ("©", 1),
        ("e\u{301}", 1),
        ("\u{301}", 0),
        ("a\u{200B}b", 2),
        ("Zürich → Genève", 15),
        ("\u{1B}[31mred\u{1B}[39m", 3),
    ])
    func width(text: String, columns: Int) {
        #expect(TerminalText.displayWidth(of: text) == columns)
    }

    @Test("truncating keeps the width limit, ends with an ellipsis, and never splits a wide character")
    func truncates() {
        #expect(TerminalText.truncate("British Airways", toWidth: 8) == "British…")
        #expect(TerminalText.truncate("Short", toWidth: 8) == "Short")
        #expect(TerminalText.truncate("Short", toWidth: 5) == "Short")
        #expect(TerminalText.truncate("東京都", toWidth: 4) == "東…")
        #expect(TerminalText.truncate("東京都", toWidth: 5) == "東京…")
        #expect(TerminalText.truncate("abc", toWidth: 1) == "…")
        #expect(TerminalText.truncate("abc", toWidth: 0) == "")
        for width in 0...12 {
            let cut = TerminalText.truncate("日本語のテキストとASCII", toWidth: width)
            #expect(TerminalText.displayWidth(of: cut) <= width)
        }
    }

    @Test("truncating styled text keeps the styles before the cut and resets after the ellipsis")
    func truncatesStyled() {
        let styled = Style.ansi.error("Cancelled by airline")
        let cut = TerminalText.truncate(styled, toWidth: 10)
        #expect(TerminalText.stripANSI(cut) == "Cancelled…")
        #expect(cut.hasPrefix("\u{1B}[31m"))
        #expect(cut.hasSuffix(ANSI.reset))
    }

    @Test("padding aligns left, right and centre by display width")
    func pads() {
        #expect(TerminalText.pad("ab", toWidth: 5) == "ab   ")
        #expect(TerminalText.pad("ab", toWidth: 5, alignment: .right) == "   ab")
        #expect(TerminalText.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(TerminalText.pad("東京", toWidth: 6, alignment: .right) == "  東京")
        #expect(TerminalText.pad("toolong", toWidth: 3) == "toolong")
        #expect(TerminalText.fit("British Airways", toWidth: 6, alignment: .right) == "Briti…")
    }

    @Test("wrapping breaks at spaces, keeps newlines, and breaks words longer than the width")
    func wraps() {
        #expect(TerminalText.wrap("the quick brown fox jumps", toWidth: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TerminalText.wrap("one\n\ntwo", toWidth: 10) == ["one", "", "two"])
        #expect(TerminalText.wrap("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(TerminalText.wrap("日本語テキスト", toWidth: 5) == ["日本", "語テ", "キス", "ト"])
        for line in TerminalText.wrap("Prices shown include taxes and carrier-imposed charges per passenger", toWidth: 17) {
            #expect(TerminalText.displayWidth(of: line) <= 17)
        }
    }
}
