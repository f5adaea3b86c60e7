import Foundation

extension Run {
    /// Standard output and error as one text, with the lines the terminal's width wrapped joined again (each run of
    /// white space is one space): a sentence is found wherever the app wrapped it.
    var said: String { Self.words(output + "\n" + errors) }

    static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
