import Entities
import Trips
import Services

/// One cell of the date grid as drawn.
struct GridCellViewModel: Codable, Sendable, Equatable {
    /// What a cell shows.
    enum Kind: String, Codable, Sendable {
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
    var text: String
    /// What it shows.
    var kind: Kind
    /// Whether the highlight is on it.
    var isHighlighted: Bool
}

/// A column's (or a row's) day, as labelled.
struct GridDayLabel: Codable, Sendable, Equatable {
    /// `1` for a column, `a` for a row: what to type to choose it on lines.
    var key: String
    /// `Sat`.
    var weekday: String
    /// `12 Dec`.
    var day: String
}

/// The lowest total for each pair of days (or each day) around the search.
struct DateGridViewModel: Codable, Sendable, Equatable {
    /// Route, dates, passengers.
    var header: AvailabilityHeaderViewModel
    /// `Lowest total for the whole party of 3: departure across, return down`.
    var title: String
    /// The departure days, across.
    var columns: [GridDayLabel]
    /// The return days, down; empty for a one-row grid.
    var rows: [GridDayLabel]
    /// The cells, a row at a time (one row in a one-row grid).
    var cells: [[GridCellViewModel]]
    /// The highlighted column, which a narrow terminal keeps in view.
    var highlightedColumn: Int
    /// The highlighted cell in words, with its exact total (TTY only).
    var detail: String
    /// Under the grid: what the prices are, and what is still loading.
    var footnote: String
    /// The keys or commands that apply.
    var legend: String
    /// The prompt for a typed command (lines only).
    var prompt: String
}

extension AvailabilityViewModels {
    /// The grid around the search.
    static func dateGrid(_ state: State, _ grid: DateGrid) -> DateGridViewModel {
        let keys = state.inputStyle == .keys
        let lowest = grid.lowest
        let columns = grid.departures.enumerated().map { index, date in
            GridDayLabel(key: "\(index + 1)", weekday: date.weekday.shortName, day: dayAndMonth(date))
        }
        let rows = grid.returns.enumerated().map { index, date in
            GridDayLabel(key: String(DateGrid.rowKeys[index]), weekday: date.weekday.shortName, day: dayAndMonth(date))
        }
        let cells = (0..<grid.rowCount).map { row in
            grid.departures.indices.map { column in
                cell(grid.days(column: column, row: row).map { grid.fares[$0] }, lowest: lowest,
                     isHighlighted: keys && column == grid.column && row == grid.row)
            }
        }
        let count = grid.request.passengers.count
        let party = count == 1 ? "Lowest total" : "Lowest total for the whole party of \(count)"
        let title = grid.isMatrix ? "\(party): departure across, return down" : "\(party), day by day"
        var footnote = "Totals rounded"
        if lowest != nil { footnote += "; * the lowest" }
        footnote += "."
        if !grid.isMatrix, grid.request.slices.count > 1 { footnote += " Every leg moves by the same number of days." }
        if grid.departures.count < 2 * DateGridPlan.span + 1 || (grid.isMatrix && grid.returns.count < 2 * DateGridPlan.span + 1) {
            footnote += " Days already past are left out."
        }
        if grid.isFetching {
            let progress = grid.progress
            footnote += " Searching… \(progress.answered) of \(progress.total) found."
        }
        let failed = grid.fares.values.contains { if case .failed = $0 { return true } else { return false } }
        if failed {
            footnote += keys ? " Press r to search the failed days again." : " Type retry to search the failed days again."
        }
        return DateGridViewModel(
            header: header(state), title: title, columns: columns, rows: rows, cells: cells,
            highlightedColumn: grid.column, detail: keys ? detail(grid, lowest: lowest) : "", footnote: footnote,
            legend: keys
                ? (grid.isMatrix ? "←→ departure · ↑↓ return" : "←→ day") + " · Enter search those days · r retry failed"
                    + " · Esc back to the offers · ? help"
                : gridUsage(grid),
            prompt: grid.isMatrix ? "Days (like 3b) or command: " : "Day number or command: ")
    }

    /// How to choose in the grid by typing.
    static func gridUsage(_ grid: DateGrid) -> String {
        guard grid.isMatrix else {
            return "Type a day's number (1 to \(grid.departures.count)) to search it, retry for failed days, or back for the offers."
        }
        let lastRow = DateGrid.rowKeys[max(0, grid.returns.count - 1)]
        return "Type a departure number and a return letter (like 3b: 1 to \(grid.departures.count), a to \(lastRow))"
            + " to search those days, retry for failed days, or back for the offers."
    }

    /// `12 Dec`.
    static func dayAndMonth(_ date: CalendarDate) -> String {
        "\(date.day) \(TravelFormat.monthNames[date.month - 1].prefix(3))"
    }

    private static func cell(_ fare: FlexibleDateFare??, lowest: Money?, isHighlighted: Bool) -> GridCellViewModel {
        switch fare {
        case nil:
            return GridCellViewModel(text: "·", kind: .impossible, isHighlighted: isHighlighted)
        case .some(nil):
            return GridCellViewModel(text: "…", kind: .searching, isHighlighted: isHighlighted)
        case .some(.cheapest(let money)?):
            let isLowest = lowest.map { $0.amount == money.amount && $0.currency == money.currency } ?? false
            return GridCellViewModel(
                text: money.roundedFormatted, kind: isLowest ? .lowest : .price,
                isHighlighted: isHighlighted)
        case .some(.noOffers?):
            return GridCellViewModel(text: "none", kind: .noOffers, isHighlighted: isHighlighted)
        case .some(.failed?):
            return GridCellViewModel(text: "failed", kind: .failed, isHighlighted: isHighlighted)
        }
    }

    /// `Sat 12 Dec → Fri 18 Dec: £412.30, the lowest (your dates)`.
    private static func detail(_ grid: DateGrid, lowest: Money?) -> String {
        guard let days = grid.highlighted else {
            return grid.departures.indices.contains(grid.column) && grid.returns.indices.contains(grid.row)
                ? "\(AvailabilityFormat.day(grid.departures[grid.column])) → "
                    + "\(AvailabilityFormat.day(grid.returns[grid.row])): the return would leave before the departure."
                : ""
        }
        var text = AvailabilityFormat.day(days.departure)
        if let returning = days.returning { text += " → \(AvailabilityFormat.day(returning))" }
        switch grid.fares[days] {
        case .cheapest(let money)?:
            text += ": \(money.formatted)"
            if let lowest, lowest.amount == money.amount { text += ", the lowest" }
        case .noOffers?: text += ": no flights"
        case .failed(let error)?: text += ": \(AvailabilityFormat.shortReason(error))"
        case nil: text += ": searching…"
        }
        if days == grid.searched { text += " (your dates)" }
        return text
    }
}
