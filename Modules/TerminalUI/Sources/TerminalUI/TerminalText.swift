/// How text sits in the width it is given.
public enum TextAlignment: Sendable, Equatable, Hashable {
    /// Text starts at the left edge; padding goes after it.
    case left
    /// Text ends at the right edge; padding goes before it (numbers, prices, times).
    case right
    /// Text is centred; odd padding puts the extra space after it.
    case center
}

/// Measuring, cutting and padding text the way a terminal shows it.
///
/// Every function here treats ANSI escape sequences (colours, cursor movement) as taking no room, and counts display
/// columns, not characters: wide East Asian characters and emoji take two columns, combining marks take none.
public enum TerminalText {
    /// The text without ANSI escape sequences (CSI such as colours and cursor moves, OSC, and two-byte escapes).
    public static func stripANSI(_ text: String) -> String {
        // Fast path: most text has no escapes at all.
        guard text.unicodeScalars.contains("\u{1B}") else { return text }
        var result = ""
        forEachToken(in: text) { token in
            if case .character(let character) = token { result.append(character) }
        }
        return result
    }

    /// How many terminal columns `text` takes, ignoring ANSI escape sequences.
    ///
    /// Control characters (including tab and newline) count as zero; callers that lay out multi-line text split it
    /// into lines first.
    public static func displayWidth(of text: String) -> Int {
        // Fast path: most cells are printable ASCII, one column per byte.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var width = 0
        forEachToken(in: text) { token in
            if case .character(let character) = token { width += displayWidth(of: character) }
        }
        return width
    }

    /// How many terminal columns one character (a grapheme cluster) takes: 0, 1 or 2.
    public static func displayWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        let properties = first.properties
        if properties.isEmojiPresentation { return 2 }
        // A text-style emoji followed by VS16 asks for the wide emoji glyph.
        if properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        // Hangul medial vowels and final consonants join the preceding syllable block.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    /// `text` cut to at most `width` columns, ending with `ellipsis` when anything was cut.
    ///
    /// Escape sequences before the cut are kept, and a reset is appended when there were any, so a cut styled text
    /// does not bleed its colour into what follows.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth(of: text) <= width { return text }
        let ellipsisWidth = displayWidth(of: ellipsis)
        let budget = width - ellipsisWidth
        var result = ""
        var used = 0
        var sawEscape = false
        var cut = false
        forEachToken(in: text) { token in
            switch token {
            case .escape(let sequence):
                sawEscape = true
                if !cut { result += sequence }
            case .character(let character):
                guard !cut else { return }
                let characterWidth = displayWidth(of: character)
                if used + characterWidth <= budget {
                    result.append(character)
                    used += characterWidth
                } else {
                    cut = true
                }
            }
        }
        if ellipsisWidth <= width { result += ellipsis }
        if sawEscape { result += ANSI.reset }
        return result
    }

    /// `text` padded with spaces to exactly `width` columns; text already wider is returned unchanged.
    public static func pad(_ text: String, toWidth width: Int, alignment: TextAlignment = .left) -> String {
        let missing = width - displayWidth(of: text)
        guard missing > 0 else { return text }
        switch alignment {
        case .left:
            return text + String(repeating: " ", count: missing)
        case .right:
            return String(repeating: " ", count: missing) + text
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + text + String(repeating: " ", count: missing - before)
        }
    }

    /// `text` cut (with `…`) or padded so it takes exactly `width` columns.
    public static func fit(_ text: String, toWidth width: Int, alignment: TextAlignment = .left) -> String {
        pad(truncate(text, toWidth: width), toWidth: width, alignment: alignment)
    }

    /// `text` broken into lines of at most `width` columns, at spaces where possible.
    ///
    /// Existing newlines are kept as line breaks. A word wider than `width` is broken inside the word. Meant for
    /// plain text: a colour that spans a break is not re-opened on the next line, so style each line afterwards.
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = displayWidth(of: word)
                if lineWidth > 0 {
                    if lineWidth + 1 + wordWidth <= width {
                        line += " " + word
                        lineWidth += 1 + wordWidth
                        continue
                    }
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    let (head, tail) = split(word, atWidth: width)
                    lines.append(head)
                    word = tail
                    wordWidth = displayWidth(of: word)
                }
                line = word
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    // MARK: - Internals

    /// `text` without leading and trailing whitespace (what a prompt's answer is judged by).
    static func trimmingWhitespace(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    enum Token {
        case escape(String)
        case character(Character)
    }

    /// Walks `text` as escape sequences and visible characters.
    ///
    /// ESC and the ASCII bytes of a sequence are each their own grapheme cluster, so walking characters is enough.
    static func forEachToken(in text: String, _ body: (Token) -> Void) {
        enum State { case text, escape, csi, osc, oscEscape }
        var state = State.text
        var sequence = ""
        for character in text {
            switch state {
            case .text:
                if character == "\u{1B}" {
                    sequence = "\u{1B}"
                    state = .escape
                } else {
                    body(.character(character))
                }
            case .escape:
                sequence.append(character)
                switch character {
                case "[": state = .csi
                case "]": state = .osc
                default:
                    body(.escape(sequence))
                    state = .text
                }
            case .csi:
                sequence.append(character)
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                   (0x40...0x7E).contains(scalar.value) {
                    body(.escape(sequence))
                    state = .text
                }
            case .osc:
                sequence.append(character)
                if character == "\u{07}" {
                    body(.escape(sequence))
                    state = .text
                } else if character == "\u{1B}" {
                    state = .oscEscape
                }
            case .oscEscape:
                sequence.append(character)
                body(.escape(sequence))
                state = .text
            }
        }
        // An unterminated sequence is still invisible to the terminal; report it so nothing counts it as text.
        if state != .text { body(.escape(sequence)) }
    }

    /// The first `width` columns of `word` and the rest.
    private static func split(_ word: String, atWidth width: Int) -> (String, String) {
        var head = ""
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let characterWidth = displayWidth(of: word[index])
            if used + characterWidth > width, used > 0 { break }
            head.append(word[index])
            used += characterWidth
            index = word.index(after: index)
        }
        return (head, String(word[index...]))
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F) that are not already caught as emoji.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }
}
