/// Rows of cells under column titles, fitted to the terminal width.
///
/// When the table is too wide, flexible columns shrink first (the widest first, cells cut with `…`, never below
/// their minimum width); only if that is not enough is the lowest-priority column dropped (the rightmost among
/// equals), and the fitting starts again. A single remaining column is cut to the width.
///
/// ```swift
/// var table = Table(columns: [
///     .init("Departs", alignment: .left, priority: 3),
///     .init("Airline", priority: 1, flexible: true, minimumWidth: 6),
///     .init("Stops", priority: 0),
///     .init("Price", alignment: .right, priority: 4),
/// ], firstRowNumber: 1)
/// table.addRow(["08:15", "British Airways", "Direct", "£420.00"])
/// terminal.display(table)
/// ```
public struct Table: Renderable, Equatable {
    /// One column: its title and how it behaves when space is short.
    public struct Column: Sendable, Equatable {
        /// The title in the header line.
        public var title: String
        /// How cells (and the title) sit in the column.
        public var alignment: TextAlignment
        /// Higher is kept longer when columns must be dropped.
        public var priority: Int
        /// Whether the column may be narrowed, cutting its cells with `…`.
        public var isFlexible: Bool
        /// The narrowest a flexible column gets before a column is dropped instead.
        public var minimumWidth: Int

        /// A column titled `title`.
        ///
        /// - Parameters:
        ///   - title: the heading shown in the header line.
        ///   - alignment: `.right` for numbers, prices and times that should line up.
        ///   - priority: higher is kept longer.
        ///   - flexible: whether the column may be narrowed.
        ///   - minimumWidth: how narrow a flexible column may get.
        public init(
            _ title: String,
            alignment: TextAlignment = .left,
            priority: Int = 0,
            flexible: Bool = false,
            minimumWidth: Int = 4
        ) {
            self.title = title
            self.alignment = alignment
            self.priority = priority
            self.isFlexible = flexible
            self.minimumWidth = max(1, minimumWidth)
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows; a row with fewer cells than columns is padded with empty cells, extra cells are ignored.
    public var rows: [[String]]
    /// The number of the first row, shown in a leading `1.` column so the user can pick a row by number; `nil` for
    /// no numbers. A page of results starting at row 11 passes 11.
    public var firstRowNumber: Int?
    /// Whether the first line holds the column titles.
    public var showsHeader: Bool
    /// Spaces between columns.
    public var spacing: Int

    /// A table with `columns` and optional `rows`.
    public init(
        columns: [Column],
        rows: [[String]] = [],
        firstRowNumber: Int? = nil,
        showsHeader: Bool = true,
        spacing: Int = 2
    ) {
        self.columns = columns
        self.rows = rows
        self.firstRowNumber = firstRowNumber
        self.showsHeader = showsHeader
        self.spacing = max(0, spacing)
    }

    /// Appends a row.
    public mutating func addRow(_ cells: [String]) {
        rows.append(cells)
    }

    /// Which columns are shown at `width`, and how wide each is.
    public struct Layout: Sendable, Equatable {
        /// Indexes into ``Table/columns`` of the columns shown, left to right.
        public var columnIndexes: [Int]
        /// The width of each shown column, in the same order.
        public var widths: [Int]
    }

    /// Decides which columns fit in `width` columns and how wide each one is.
    public func layout(width: Int) -> Layout {
        let natural = columns.indices.map { naturalWidth(ofColumn: $0) }
        let numberPart = numberColumnWidth.map { $0 + spacing } ?? 0
        var kept = Array(columns.indices)
        while true {
            var widths = kept.map { natural[$0] }
            var excess = widths.reduce(0, +) + spacing * max(0, kept.count - 1) + numberPart - width
            // Shrink the widest flexible column one step at a time: the cut is spread over the longest texts.
            while excess > 0 {
                let candidates = kept.indices.filter {
                    columns[kept[$0]].isFlexible && widths[$0] > min(natural[kept[$0]], columns[kept[$0]].minimumWidth)
                }
                guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
                excess -= 1
            }
            if excess <= 0 || kept.count <= 1 {
                if excess > 0, !widths.isEmpty { widths[0] = max(1, widths[0] - excess) }
                return Layout(columnIndexes: kept, widths: widths)
            }
            // Lowest priority goes first; among equals the rightmost, so the left-hand story stays readable.
            guard let dropped = kept.indices.min(by: { lhs, rhs in
                let left = columns[kept[lhs]].priority
                let right = columns[kept[rhs]].priority
                return left != right ? left < right : lhs > rhs
            }) else { return Layout(columnIndexes: kept, widths: widths) }
            kept.remove(at: dropped)
        }
    }

    /// The header line (if shown) and one line per row, none wider than `width`.
    public func render(width: Int, style: Style) -> [String] {
        let layout = layout(width: width)
        let gap = String(repeating: " ", count: spacing)
        var lines: [String] = []
        if showsHeader {
            let titles = zip(layout.columnIndexes, layout.widths).map { index, columnWidth in
                let column = columns[index]
                return style.bold(TerminalText.fit(column.title, toWidth: columnWidth, alignment: column.alignment))
            }
            let number = numberColumnWidth.map { [String(repeating: " ", count: $0)] } ?? []
            lines.append(Self.trimmingTrailingSpaces((number + titles).joined(separator: gap)))
        }
        for (offset, row) in rows.enumerated() {
            var cells: [String] = []
            if let numberWidth = numberColumnWidth, let first = firstRowNumber {
                cells.append(TerminalText.pad("\(first + offset).", toWidth: numberWidth, alignment: .right))
            }
            for (index, columnWidth) in zip(layout.columnIndexes, layout.widths) {
                let cell = index < row.count ? Self.singleLine(row[index]) : ""
                cells.append(TerminalText.fit(cell, toWidth: columnWidth, alignment: columns[index].alignment))
            }
            lines.append(Self.trimmingTrailingSpaces(cells.joined(separator: gap)))
        }
        return lines.map { TerminalText.truncate($0, toWidth: width) }
    }

    private var numberColumnWidth: Int? {
        guard let first = firstRowNumber else { return nil }
        let last = first + max(0, rows.count - 1)
        return max(String(first).count, String(last).count) + 1
    }

    private func naturalWidth(ofColumn index: Int) -> Int {
        var width = TerminalText.displayWidth(of: columns[index].title)
        for row in rows where index < row.count {
            width = max(width, TerminalText.displayWidth(of: Self.singleLine(row[index])))
        }
        return width
    }

    /// A cell is one line: a newline inside it would break the row apart.
    private static func singleLine(_ cell: String) -> String {
        cell.contains(where: \.isNewline) ? String(cell.map { $0.isNewline ? " " : $0 }) : cell
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
