import Testing
@testable import TerminalUI

@Suite("KeyDecoder: raw-mode bytes to keys")
struct KeyDecoderTests {
    private func keys(_ chunks: [UInt8]...) -> [KeyInput] {
        var decoder = KeyDecoder()
        var keys: [KeyInput] = []
        for chunk in chunks { keys += decoder.feed(chunk) }
        return keys + decoder.flush()
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("CSI and SS3 cursor keys, Home/End, Delete and paging")
    func cursorKeys() {
        #expect(keys(bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D")) == [.up, .down, .right, .left])
        #expect(keys(bytes("\u{1B}OA\u{1B}OB\u{1B}OH\u{1B}OF")) == [.up, .down, .home, .endKey])
        #expect(keys(bytes("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~")) == [.home, .endKey, .home, .endKey, .home, .endKey])
        #expect(keys(bytes("\u{1B}[3~\u{1B}[5~\u{1B}[6~")) == [.delete, .pageUp, .pageDown])
        // Modified arrows (Ctrl-Right) still move.
        #expect(keys(bytes("\u{1B}[1;5C")) == [.right])
    }

    @Test("a sequence split across reads is still one key")
    func splitSequence() {
        #expect(keys([0x1B], bytes("["), bytes("A")) == [.up])
        #expect(keys([0x1B, UInt8(ascii: "[")], bytes("3~")) == [.delete])
    }

    @Test("a lone Esc becomes .escape only when the input goes quiet")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
        // Esc followed at once by a key is both keys, so a quick "Esc b" is not swallowed.
        #expect(keys(bytes("\u{1B}b")) == [.escape, .character("b")])
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
    }

    @Test("UTF-8 characters, also split across reads")
    func utf8() {
        #expect(keys(bytes("é€😀")) == [.character("é"), .character("€"), .character("😀")])
        let euro = bytes("€")
        #expect(keys([euro[0]], [euro[1]], [euro[2]]) == [.character("€")])
        // A broken sequence is dropped and the byte after it still counts.
        #expect(keys([0xE2, 0x41]) == [.character("A")])
    }

    @Test("control bytes: Enter, Tab, Backspace, Ctrl-C, Ctrl-letters; CR LF is one Enter")
    func controls() {
        #expect(keys([0x0D]) == [.enter])
        #expect(keys([0x0A]) == [.enter])
        #expect(keys([0x0D, 0x0A]) == [.enter])
        #expect(keys([0x0D, 0x0D]) == [.enter, .enter])
        #expect(keys([0x09, 0x7F, 0x08]) == [.tab, .backspace, .backspace])
        #expect(keys([0x03]) == [.interrupt])
        #expect(keys([0x01, 0x04, 0x15, 0x17]) == [.control("a"), .control("d"), .control("u"), .control("w")])
        #expect(keys([0x00, 0x1C]).isEmpty)
    }

    @Test("unknown sequences are ignored, and the keys after them still arrive")
    func unknownSequences() {
        #expect(keys(bytes("\u{1B}[200~x\u{1B}[Zy")) == [.character("x"), .character("y")])
    }
}
