/// Something that draws itself as lines of text for a given width: the building blocks Views show with
/// ``Terminal/display(_:)``.
///
/// Rendering returns lines rather than writing them, so a View can combine blocks and a test can inspect them.
/// No line is wider than `width` columns; lines carry no trailing newline.
public protocol Renderable: Sendable {
    /// The lines of this block, each at most `width` columns wide, styled with `style`.
    func render(width: Int, style: Style) -> [String]
}

/// Rules and headers stop growing here: a line of 200 dashes on a wide terminal helps no one.
private let maximumRuleWidth = 80

/// A section title on a rule: `── Passengers · 2 adults ─────────`.
public struct SectionHeader: Renderable, Equatable {
    /// The title, shown bold.
    public var title: String
    /// Optional secondary text after the title, shown dim.
    public var detail: String?

    /// A header with `title` and optional `detail`.
    public init(_ title: String, detail: String? = nil) {
        self.title = title
        self.detail = detail
    }

    /// One line, as wide as `width` (at most 80 columns).
    public func render(width: Int, style: Style) -> [String] {
        let width = min(width, maximumRuleWidth)
        let plainLabel = title + (detail.map { " · " + $0 } ?? "")
        let used = 3 + TerminalText.displayWidth(of: plainLabel) + 1
        guard used < width else {
            return [style.bold(TerminalText.truncate(plainLabel, toWidth: width))]
        }
        let label = style.bold(title) + (detail.map { style.dim(" · " + $0) } ?? "")
        return [style.dim("──") + " " + label + " " + style.dim(String(repeating: "─", count: width - used))]
    }
}

/// Text wrapped to the width at word boundaries, optionally indented.
public struct Paragraph: Renderable, Equatable {
    /// The text; newlines in it start new lines.
    public var text: String
    /// Spaces before every line.
    public var indent: Int

    /// A paragraph of `text`, indented by `indent` spaces.
    public init(_ text: String, indent: Int = 0) {
        self.text = text
        self.indent = indent
    }

    /// The wrapped lines.
    public func render(width: Int, style: Style) -> [String] {
        let prefix = String(repeating: " ", count: max(0, indent))
        return TerminalText.wrap(text, toWidth: width - indent).map { prefix + $0 }
    }
}

/// Labelled values with the values aligned: the details of a flight, a passenger, a booking.
///
/// ```
///   From       London Heathrow (LHR)
///   Departs    Tue 14 May, 08:15
/// ```
/// A value too long for the line wraps under itself.
public struct KeyValueList: Renderable, Equatable {
    /// One label and its value.
    public struct Row: Sendable, Hashable, Codable {
        /// The label, shown dim.
        public var key: String
        /// The value; may be styled.
        public var value: String

        /// A row showing `value` under the label `key`.
        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The rows, in order.
    public var rows: [Row]
    /// Spaces before each label.
    public var indent: Int

    /// A list from rows built at run time.
    public init(rows: [Row], indent: Int = 2) {
        self.rows = rows
        self.indent = indent
    }

    /// A list from a literal: `KeyValueList(["From": "LHR", "To": "JFK"])`, keeping its order.
    public init(_ pairs: KeyValuePairs<String, String>, indent: Int = 2) {
        self.init(rows: pairs.map { Row($0.key, $0.value) }, indent: indent)
    }

    /// The aligned lines; labels longer than a third of the width are cut.
    public func render(width: Int, style: Style) -> [String] {
        let indent = max(0, self.indent)
        let gap = 2
        let longestKey = rows.map { TerminalText.displayWidth(of: $0.key) }.max() ?? 0
        let keyWidth = max(1, min(longestKey, (width - indent) / 3))
        let valueWidth = max(1, width - indent - keyWidth - gap)
        let prefix = String(repeating: " ", count: indent)
        let continuation = String(repeating: " ", count: indent + keyWidth + gap)
        var lines: [String] = []
        for row in rows {
            let key = style.dim(TerminalText.pad(TerminalText.truncate(row.key, toWidth: keyWidth), toWidth: keyWidth))
            let valueLines = TerminalText.wrap(row.value, toWidth: valueWidth)
            for (index, value) in valueLines.enumerated() {
                let line = index == 0 ? prefix + key + String(repeating: " ", count: gap) + value : continuation + value
                lines.append(Self.trimmingTrailingSpaces(line))
            }
        }
        return lines
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}

/// A one-message line with a symbol saying what kind of message it is; long messages wrap under the text.
///
/// ```
/// ✓ Booked: reference RZPNX8
/// ! Prices may change until you book.
/// ✗ The airline did not confirm the seat.
/// ```
public struct Notice: Renderable, Sendable, Hashable, Codable {
    /// What the message is.
    public enum Kind: Sendable, Equatable, Hashable, Codable {
        /// A plain list item (`•`).
        case bullet
        /// Neutral information (`•` in the accent colour).
        case info
        /// Something succeeded (`✓`, green).
        case success
        /// Something needs attention (`!`, yellow).
        case warning
        /// Something failed (`✗`, red).
        case error

        /// The symbol, one column wide, that starts the line.
        public var symbol: String {
            switch self {
            case .bullet, .info: "•"
            case .success: "✓"
            case .warning: "!"
            case .error: "✗"
            }
        }
    }

    /// What the message is.
    public var kind: Kind
    /// The message.
    public var message: String

    /// A notice of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The symbol and the wrapped message.
    public func render(width: Int, style: Style) -> [String] {
        let symbol: String
        switch kind {
        case .bullet: symbol = kind.symbol
        case .info: symbol = style.accent(kind.symbol)
        case .success: symbol = style.success(kind.symbol)
        case .warning: symbol = style.warning(kind.symbol)
        case .error: symbol = style.error(kind.symbol)
        }
        let lines = TerminalText.wrap(message, toWidth: width - 2)
        return lines.enumerated().map { index, line in (index == 0 ? symbol : " ") + " " + line }
    }
}
