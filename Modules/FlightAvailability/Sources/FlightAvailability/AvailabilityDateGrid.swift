import Entities
import TravelText
import Trips

/// The lowest totals around one search, as the screen knows them: the core's `DateGridPlan` (which days, which
/// search for each), what each cell's search found, the highlight, and the searches in flight. A round trip gets a
/// departure × return matrix (departure days across, return days down); a one-way or multi-city trip one row.
struct DateGrid: Codable, Equatable, Sendable {
    /// The letter that names each return row, to type on lines (`3b`): one per day of the span.
    static let rowKeys = DateGridView.rowKeys

    /// The search the grid is around.
    var request: SearchRequest
    /// The first leg's days, the columns, earliest first.
    var departures: [CalendarDate]
    /// The return's days, the rows, earliest first; empty for a one-row grid.
    var returns: [CalendarDate]
    /// What each cell's search found so far.
    var fares: [GridDays: FlexibleDateFare] = [:]
    /// The highlighted column.
    var column = 0
    /// The highlighted row (0 in a one-row grid).
    var row = 0
    /// The cell searches in flight, each with the id its answer carries.
    var pending: [GridDays: Int] = [:]

    /// The grid around `request`, the searched cell highlighted.
    init(around request: SearchRequest, today: CalendarDate) {
        let plan = DateGridPlan(around: request, today: today)
        self.request = request
        departures = plan.departures
        returns = plan.returns
        if let searched = plan.searched {
            column = departures.firstIndex(of: searched.departure) ?? 0
            row = searched.returning.flatMap { returns.firstIndex(of: $0) } ?? 0
        }
    }

    /// Which days the grid holds and the search of each, as the core plans them.
    var plan: DateGridPlan { DateGridPlan(request: request, departures: departures, returns: returns) }

    /// Whether the grid has a row per return day.
    var isMatrix: Bool { plan.isMatrix }

    /// How many rows are drawn.
    var rowCount: Int { plan.rowCount }

    /// The searched days.
    var searched: GridDays? { plan.searched }

    /// The cell at `column`, `row`; `nil` outside the grid, or where the return would leave before the departure.
    func days(column: Int, row: Int) -> GridDays? { plan.days(column: column, row: row) }

    /// The highlighted cell, if it is one that can be flown.
    var highlighted: GridDays? { days(column: column, row: row) }

    /// Every cell that can be flown, nearest the searched days first.
    var cells: [GridDays] { plan.cells }

    /// The search of `days`.
    func search(for days: GridDays) -> SearchRequest { plan.search(for: days) }

    /// The lowest total found so far, when more than one cell has a price (one price is not "the lowest").
    var lowest: Money? { DateGridPlan.lowest(of: fares) }

    /// Whether searches are still running.
    var isFetching: Bool { !pending.isEmpty }

    /// How many cells have an answer, of how many can be flown.
    var progress: (answered: Int, total: Int) {
        let cells = cells
        return (cells.filter { fares[$0] != nil }.count, cells.count)
    }

    /// Moves the highlight by `columns` and `rows`, staying on the grid.
    mutating func move(columns: Int, rows: Int) {
        column = min(max(0, column + columns), max(0, departures.count - 1))
        row = min(max(0, row + rows), max(0, rowCount - 1))
    }
}

extension AvailabilityViewModels {
    /// The grid around the search, as the screen draws it: the shared drawing's grid, with the highlighted cell in
    /// words, the keys (TTY) or the way to type a choice (lines), and the prompt.
    static func dateGrid(_ state: State, _ grid: DateGrid) -> DateGridView {
        let keys = state.inputStyle == .keys
        let progress = grid.progress
        var view = DateGridView(
            plan: grid.plan, fares: grid.fares, header: header(state), highlight: (grid.column, grid.row),
            marksHighlight: keys, searching: grid.isFetching ? progress : nil,
            failedHint: keys ? "Press r to search the failed days again." : "Type retry to search the failed days again.")
        view.detail = keys ? detail(grid) : ""
        view.legend = keys
            ? (grid.isMatrix ? "←→ departure · ↑↓ return" : "←→ day") + " · Enter search those days · r retry failed"
                + " · Esc back to the offers · ? help"
            : gridUsage(grid)
        view.prompt = grid.isMatrix ? "Days (like 3b) or command: " : "Day number or command: "
        return view
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

    /// `Sat 12 Dec → Fri 18 Dec: £412.30, the lowest (your dates)`.
    private static func detail(_ grid: DateGrid) -> String {
        guard let days = grid.highlighted else {
            return grid.departures.indices.contains(grid.column) && grid.returns.indices.contains(grid.row)
                ? "\(OfferFormat.day(grid.departures[grid.column])) → "
                    + "\(OfferFormat.day(grid.returns[grid.row])): the return would leave before the departure."
                : ""
        }
        let lowest = grid.lowest
        var text = OfferFormat.day(days.departure)
        if let returning = days.returning { text += " → \(OfferFormat.day(returning))" }
        switch grid.fares[days] {
        case .cheapest(let money)?:
            text += ": \(money.formatted)"
            if let lowest, lowest.amount == money.amount { text += ", the lowest" }
        case .noOffers?: text += ": no flights"
        case .failed(let error)?: text += ": \(OfferFormat.shortReason(error))"
        case nil: text += ": searching…"
        }
        if days == grid.searched { text += " (your dates)" }
        return text
    }
}
