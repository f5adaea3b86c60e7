/// Text styling for a terminal: emphasis and the few meaning-carrying colours the app uses.
///
/// A disabled style returns text unchanged, so Views style everything unconditionally and the terminal decides:
/// colour is on only for an interactive terminal whose environment does not set `NO_COLOR`.
///
/// ```swift
/// terminal.write(terminal.style.success("Booked") + " " + terminal.style.bold(reference) + "\n")
/// ```
public struct Style: Sendable, Equatable, Hashable {
    /// Whether this style writes ANSI escape sequences at all.
    public let isEnabled: Bool

    /// A style that writes ANSI escape sequences.
    public static let ansi = Style(isEnabled: true)

    /// A style that leaves text unchanged (pipes, scripts, `NO_COLOR`).
    public static let plain = Style(isEnabled: false)

    /// A style that is on or off as given.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// The style a terminal should use: on only for an interactive terminal, with `NO_COLOR` unset or empty
    /// (see no-color.org) and `TERM` not `dumb`.
    public static func detect(isInteractive: Bool, environment: [String: String]) -> Style {
        guard isInteractive else { return .plain }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .plain }
        if environment["TERM"] == "dumb" { return .plain }
        return .ansi
    }

    /// Strong emphasis: titles, the value that matters on a line.
    public func bold(_ text: String) -> String { wrap(text, ANSI.bold, ANSI.normalIntensity) }

    /// Secondary text: hints, defaults, units.
    public func dim(_ text: String) -> String { wrap(text, ANSI.dim, ANSI.normalIntensity) }

    /// Something went well (green).
    public func success(_ text: String) -> String { wrap(text, ANSI.green, ANSI.defaultColor) }

    /// Something needs attention but did not fail (yellow).
    public func warning(_ text: String) -> String { wrap(text, ANSI.yellow, ANSI.defaultColor) }

    /// Something failed (red).
    public func error(_ text: String) -> String { wrap(text, ANSI.red, ANSI.defaultColor) }

    /// Draws the eye without judging: the selected row, a key to press (cyan).
    public func accent(_ text: String) -> String { wrap(text, ANSI.cyan, ANSI.defaultColor) }

    /// Text with foreground and background swapped: a highlighted selection.
    public func inverse(_ text: String) -> String { wrap(text, ANSI.inverse, ANSI.inverseOff) }

    // Each style closes with its own reset rather than a full reset, so styles nest: bold(accent(x)) stays bold.
    private func wrap(_ text: String, _ open: String, _ close: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return open + text + close
    }
}

/// The escape sequences TerminalUI writes. Kept in one place so the virtual terminal's screen model and the
/// writers agree.
enum ANSI {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let dim = "\u{1B}[2m"
    static let normalIntensity = "\u{1B}[22m"
    static let inverse = "\u{1B}[7m"
    static let inverseOff = "\u{1B}[27m"
    static let red = "\u{1B}[31m"
    static let green = "\u{1B}[32m"
    static let yellow = "\u{1B}[33m"
    static let cyan = "\u{1B}[36m"
    static let defaultColor = "\u{1B}[39m"
    /// Erase from the cursor to the end of the line.
    static let eraseToEndOfLine = "\u{1B}[K"
    /// Erase the whole current line (the cursor stays where it is).
    static let eraseLine = "\u{1B}[2K"
    /// Erase from the cursor to the end of the screen.
    static let eraseBelow = "\u{1B}[J"
    static let clearScreen = "\u{1B}[H\u{1B}[2J"

    static func cursorUp(_ count: Int) -> String { count > 0 ? "\u{1B}[\(count)A" : "" }
    static func cursorDown(_ count: Int) -> String { count > 0 ? "\u{1B}[\(count)B" : "" }
    static func cursorForward(_ count: Int) -> String { count > 0 ? "\u{1B}[\(count)C" : "" }
    static func cursorBack(_ count: Int) -> String { count > 0 ? "\u{1B}[\(count)D" : "" }
}
