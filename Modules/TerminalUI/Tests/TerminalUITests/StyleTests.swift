import Testing
@testable import TerminalUI

@Suite("Style: colour only on a TTY without NO_COLOR")
struct StyleTests {
    @Test("detection turns colour on only for an interactive terminal without NO_COLOR or TERM=dumb")
    func detection() {
        #expect(Style.detect(isInteractive: true, environment: [:]) == .ansi)
        #expect(Style.detect(isInteractive: true, environment: ["TERM": "xterm-256color"]) == .ansi)
        #expect(Style.detect(isInteractive: false, environment: [:]) == .plain)
        #expect(Style.detect(isInteractive: true, environment: ["NO_COLOR": "1"]) == .plain)
        // no-color.org: an empty NO_COLOR does not count.
        #expect(Style.detect(isInteractive: true, environment: ["NO_COLOR": ""]) == .ansi)
        #expect(Style.detect(isInteractive: true, environment: ["TERM": "dumb"]) == .plain)
    }

    @Test("a plain style returns text unchanged")
    func plainIsIdentity() {
        let style = Style.plain
        let text = "Flight BA117 東京"
        for styled in [style.bold(text), style.dim(text), style.success(text), style.warning(text),
                       style.error(text), style.accent(text), style.inverse(text)] {
            #expect(styled == text)
        }
    }

    @Test("an enabled style wraps text in its sequence and a matching reset, so styles nest")
    func enabledWraps() {
        let style = Style.ansi
        #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[22m")
        #expect(style.error("x") == "\u{1B}[31mx\u{1B}[39m")
        // The colour reset inside does not end the bold outside.
        let nested = style.bold(style.accent("x") + "y")
        #expect(nested == "\u{1B}[1m\u{1B}[36mx\u{1B}[39my\u{1B}[22m")
        #expect(style.bold("") == "")
    }
}
