public import Entities
import Foundation
public import ModuleCore
import TerminalUI
public import Trips

/// The lowest total for each pair of days (or each day) around a search, as drawn: by the offers screen's date
/// grid, and by `flights search --grid`. What only a screen has (the highlighted cell in words, the keys, the
/// prompt) it fills in itself.
public struct DateGridView: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    public var header: TripHeader
    /// `Lowest total for the whole party of 3: departure across, return down`.
    public var title: String
    /// The departure days, across.
    public var columns: [DateGridDay]
    /// The return days, down; empty for a one-row grid.
    public var rows: [DateGridDay]
    /// The cells, a row at a time (one row in a one-row grid).
    public var cells: [[DateGridCell]]
    /// The highlighted column, which a narrow terminal keeps in view.
    public var highlightedColumn: Int
    /// The highlighted cell in words, with its exact total (a screen's; empty otherwise).
    public var detail: String
    /// Under the grid: what the prices are, and what is still loading.
    public var footnote: String
    /// The keys or commands that apply (a screen's; empty otherwise).
    public var legend: String
    /// The prompt for a typed command (a screen's, on lines; empty otherwise).
    public var prompt: String

    /// The grid of `plan` with the `fares` found so far. `highlight` is the column and row kept in view (marked
    /// when `marksHighlight`); `searching` how many cells have answered while searches run; `failedHint` is said
    /// after the footnote when a cell's search failed (how to search them again, where that can be done).
    public init(
        plan: DateGridPlan, fares: [GridDays: FlexibleDateFare], header: TripHeader,
        highlight: (column: Int, row: Int), marksHighlight: Bool, searching: (answered: Int, total: Int)? = nil,
        failedHint: String? = nil
    ) {
        let lowest = DateGridPlan.lowest(of: fares)
        self.header = header
        columns = plan.departures.enumerated().map { index, date in
            DateGridDay(key: "\(index + 1)", weekday: date.weekday.shortName, day: Self.dayAndMonth(date))
        }
        rows = plan.returns.enumerated().map { index, date in
            DateGridDay(key: String(Self.rowKeys[index]), weekday: date.weekday.shortName, day: Self.dayAndMonth(date))
        }
        cells = (0..<plan.rowCount).map { row in
            plan.departures.indices.map { column in
                DateGridCell(
                    plan.days(column: column, row: row).map { fares[$0] }, lowest: lowest,
                    isHighlighted: marksHighlight && column == highlight.column && row == highlight.row)
            }
        }
        let count = plan.request.passengers.count
        let party = count == 1 ? "Lowest total" : "Lowest total for the whole party of \(count)"
        title = plan.isMatrix ? "\(party): departure across, return down" : "\(party), day by day"
        var footnote = "Totals rounded"
        if lowest != nil { footnote += "; * the lowest" }
        footnote += "."
        if !plan.isMatrix, plan.request.slices.count > 1 { footnote += " Every leg moves by the same number of days." }
        let full = 2 * DateGridPlan.span + 1
        if plan.departures.count < full || (plan.isMatrix && plan.returns.count < full) {
            footnote += " Days already past are left out."
        }
        if let searching {
            footnote += " Searching… \(searching.answered) of \(searching.total) found."
        }
        let failed = fares.values.contains { if case .failed = $0 { return true } else { return false } }
        if failed, let failedHint { footnote += " " + failedHint }
        self.footnote = footnote
        highlightedColumn = highlight.column
        detail = ""
        legend = ""
        prompt = ""
    }

    /// The letter that names each return row, to type on lines (`3b`): one per day of the span.
    public static let rowKeys = Array("abcdefg")

    /// `12 Dec`.
    public static func dayAndMonth(_ date: CalendarDate) -> String {
        "\(date.day) \(TravelFormat.monthNames[date.month - 1].prefix(3))"
    }
}

/// One cell of the date grid as drawn.
public struct DateGridCell: Codable, Sendable, Equatable {
    /// What a cell shows.
    public enum Kind: String, Codable, Sendable {
        /// A price.
        case price
        /// The lowest price in the grid.
        case lowest
        /// Searched, and nothing flies.
        case noOffers
        /// The search of that cell failed.
        case failed
        /// Not answered yet.
        case searching
        /// The return would leave before the departure: nothing to search.
        case impossible
    }

    /// `£412`, `none`, `failed`, `…`, `·` (the lowest is marked `*` beside it when drawn).
    public var text: String
    /// What it shows.
    public var kind: Kind
    /// Whether the highlight is on it.
    public var isHighlighted: Bool

    /// A cell of these values.
    public init(text: String, kind: Kind, isHighlighted: Bool) {
        self.text = text
        self.kind = kind
        self.isHighlighted = isHighlighted
    }

    /// The cell of a day that cannot be flown (`nil`), not answered yet (`.some(nil)`), or answered.
    init(_ fare: FlexibleDateFare??, lowest: Money?, isHighlighted: Bool) {
        switch fare {
        case nil:
            self.init(text: "·", kind: .impossible, isHighlighted: isHighlighted)
        case .some(nil):
            self.init(text: "…", kind: .searching, isHighlighted: isHighlighted)
        case .some(.cheapest(let money)?):
            let isLowest = lowest.map { $0.amount == money.amount && $0.currency == money.currency } ?? false
            self.init(text: money.roundedFormatted, kind: isLowest ? .lowest : .price, isHighlighted: isHighlighted)
        case .some(.noOffers?):
            self.init(text: "none", kind: .noOffers, isHighlighted: isHighlighted)
        case .some(.failed?):
            self.init(text: "failed", kind: .failed, isHighlighted: isHighlighted)
        }
    }
}

/// A column's (or a row's) day, as labelled.
public struct DateGridDay: Codable, Sendable, Equatable {
    /// `1` for a column, `a` for a row: what to type to choose it on lines.
    public var key: String
    /// `Sat`.
    public var weekday: String
    /// `12 Dec`.
    public var day: String

    /// A label of these values.
    public init(key: String, weekday: String, day: String) {
        self.key = key
        self.weekday = weekday
        self.day = day
    }
}

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
