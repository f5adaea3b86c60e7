/// What a terminal would show after a stream of output: carriage returns, cursor moves and erasures applied.
///
/// Lets tests assert on the screen a user sees (a list redrawn in place shows only its last state) rather than on
/// the raw stream. Lines are not wrapped at the terminal width: TerminalUI's own writers never exceed it.
struct VisibleScreen: Sendable {
    private enum Cell: Sendable {
        case character(Character)
        /// The right half of a wide character.
        case continuation
    }

    private var rows: [[Cell]] = [[]]
    private var row = 0
    private var column = 0

    /// The visible lines, without trailing spaces or trailing empty lines.
    var lines: [String] {
        var lines = rows.map { cells -> String in
            var line = ""
            for cell in cells {
                if case .character(let character) = cell { line.append(character) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    mutating func write(_ text: String) {
        TerminalText.forEachToken(in: text) { token in
            switch token {
            case .character(let character): put(character)
            case .escape(let sequence): apply(sequence)
            }
        }
    }

    private mutating func put(_ character: Character) {
        switch character {
        case "\n", "\r\n":
            row += 1
            column = 0
            ensureRow()
            return
        case "\r":
            column = 0
            return
        case "\u{08}":
            column = max(0, column - 1)
            return
        case "\t":
            column = (column / 8 + 1) * 8
            return
        default:
            break
        }
        let width = TerminalText.displayWidth(of: character)
        if width == 0 {
            // A combining mark joins the character before it.
            ensureRow()
            let index = min(column, rows[row].count) - 1
            // Only when the two really form one character; a zero-width format character stays invisible.
            if index >= 0, case .character(let previous) = rows[row][index] {
                let combined = String(previous) + String(character)
                if combined.count == 1, let joined = combined.first { rows[row][index] = .character(joined) }
            }
            return
        }
        ensureRow()
        while rows[row].count < column + width { rows[row].append(.character(" ")) }
        // Overwriting half of a wide character leaves its other half blank, as a terminal shows it.
        if case .continuation = rows[row][column], column > 0 { rows[row][column - 1] = .character(" ") }
        let last = column + width - 1
        if last + 1 < rows[row].count, case .continuation = rows[row][last + 1] { rows[row][last + 1] = .character(" ") }
        rows[row][column] = .character(character)
        if width == 2 { rows[row][column + 1] = .continuation }
        column += width
    }

    private mutating func apply(_ sequence: String) {
        let scalars = Array(sequence.unicodeScalars)
        guard scalars.count >= 3, scalars[1] == "[", let final = scalars.last else { return }
        let parameterText = String(String.UnicodeScalarView(scalars[2..<(scalars.count - 1)]))
        let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = parameters.first.flatMap { $0 }
        let count = max(1, first ?? 1)
        switch final {
        case "A":
            row = max(0, row - count)
        case "B":
            row += count
            ensureRow()
        case "C":
            column += count
        case "D":
            column = max(0, column - count)
        case "G":
            column = count - 1
        case "H", "f":
            row = max(0, count - 1)
            let second = parameters.count > 1 ? parameters[1] : nil
            column = max(0, (second ?? 1) - 1)
            ensureRow()
        case "K":
            ensureRow()
            switch first ?? 0 {
            case 0:
                if rows[row].count > column { rows[row].removeSubrange(column...) }
            case 1:
                for index in 0..<min(column + 1, rows[row].count) { rows[row][index] = .character(" ") }
            default:
                rows[row] = []
            }
        case "J":
            ensureRow()
            switch first ?? 0 {
            case 0:
                if rows[row].count > column { rows[row].removeSubrange(column...) }
                rows.removeSubrange((row + 1)...)
            case 1:
                for index in 0..<row { rows[index] = [] }
            default:
                rows = Array(repeating: [], count: row + 1)
            }
        default:
            // Colours and modes do not move anything.
            break
        }
    }

    private mutating func ensureRow() {
        while rows.count <= row { rows.append([]) }
    }
}
