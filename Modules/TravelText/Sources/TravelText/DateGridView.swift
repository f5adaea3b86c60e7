public import Entities
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
