import Foundation
public import ModuleCore
import TerminalUI

/// A date grid laid out at a width: the departure days across (two label lines), a row per return day (one row
/// in a one-row grid). Long row labels and two-space gaps when they fit; on a narrow terminal, as many columns as
/// fit, the highlighted one kept in view, with `‹` and `›` saying more days are on either side.
public enum DateGridDrawing {
    /// The grid's lines at `width` columns.
    public static func lines(_ grid: DateGridView, width: Int) -> [StyledLine] {
        let isMatrix = !grid.rows.isEmpty
        // Each cell is its text right-aligned, then one place for the lowest price's `*`.
        let textWidth = max(
            6, grid.cells.joined().map(\.text.count).max() ?? 0,
            grid.columns.map { "\($0.key) \($0.weekday)".count }.max() ?? 0,
            grid.columns.map(\.day.count).max() ?? 0)
        let cellWidth = textWidth + 1
        let longLabels = isMatrix ? grid.rows.map { "\($0.key) \($0.weekday) \($0.day)" } : ["Lowest"]
        let shortLabels = isMatrix ? grid.rows.map { "\($0.key) \($0.weekday) \($0.day.prefix(2).trimmingCharacters(in: .whitespaces))" } : ["Lowest"]
        let corner = isMatrix ? ["Depart →", "Return ↓"] : ["", ""]
        func labelWidth(_ labels: [String]) -> Int { max(corner.map(\.count).max() ?? 0, labels.map(\.count).max() ?? 0) }
        let count = grid.columns.count
        func fits(_ labels: [String], gap: Int, columns: Int) -> Bool {
            labelWidth(labels) + columns * (cellWidth + gap) + 2 <= width
        }
        var labels = longLabels
        var gap = 2
        if !fits(labels, gap: gap, columns: count) { gap = 1 }
        if !fits(labels, gap: gap, columns: count) { labels = shortLabels }
        var shown = 0..<count
        if !fits(labels, gap: gap, columns: count) {
            let room = max(1, (width - labelWidth(labels) - 2) / (cellWidth + gap))
            let start = min(max(0, grid.highlightedColumn - room / 2), max(0, count - room))
            shown = start..<min(count, start + room)
        }
        let left = labelWidth(labels)
        let more = (before: shown.lowerBound > 0 ? "‹" : " ", after: shown.upperBound < count ? "›" : "")
        func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
            let room = String(repeating: " ", count: max(0, width - text.count))
            return right ? room + text : text + room
        }
        func header(_ corner: String, _ text: (DateGridDay) -> String) -> StyledLine {
            var runs = [StyledRun(pad(corner, left, right: false) + more.before, .dim)]
            for column in shown {
                runs.append(StyledRun(String(repeating: " ", count: gap) + pad(text(grid.columns[column]), textWidth) + " ", .bold))
            }
            runs.append(StyledRun(more.after, .dim))
            return StyledLine(runs)
        }
        var lines = [header(corner[0]) { "\($0.key) \($0.weekday)" }, header(corner[1]) { $0.day }]
        for (index, row) in grid.cells.enumerated() {
            var runs = [StyledRun(pad(labels[index], left, right: false) + more.before, .bold)]
            for column in shown {
                let cell = row[column]
                runs.append(StyledRun(String(repeating: " ", count: gap)))
                runs.append(StyledRun(pad(cell.text, textWidth), look(cell)))
                runs.append(StyledRun(cell.kind == .lowest ? "*" : " ", look(cell).subtracting(.inverse)))
            }
            runs.append(StyledRun(more.after, .dim))
            lines.append(StyledLine(runs))
        }
        return lines
    }

    /// The grid as plain text at `width`, for standard output: the route and party, the grid, what the prices are.
    public static func text(_ grid: DateGridView, width: Int) -> String {
        func lines(_ block: any Renderable) -> [String] { block.render(width: width, style: .plain) }
        var text = lines(SectionHeader(UntrustedText.visible(grid.header.title)))
            + lines(Paragraph(UntrustedText.visible(grid.header.details))) + [""] + lines(Paragraph(grid.title)) + [""]
        text += Self.lines(grid, width: width).map { line in
            line.runs.map(\.text).joined().replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        text += [""] + lines(Paragraph(grid.footnote))
        return text.joined(separator: "\n") + "\n"
    }

    private static func look(_ cell: DateGridCell) -> StyledRun.Look {
        var look: StyledRun.Look
        switch cell.kind {
        case .price: look = []
        case .lowest: look = [.success, .bold]
        case .noOffers, .searching, .impossible: look = .dim
        case .failed: look = .warning
        }
        if cell.isHighlighted { look = look.subtracting(.dim).union([.inverse, .bold]) }
        return look
    }
}
