import Entities
import Trips

/// The lowest totals around one search, as the screen knows them: the core's `DateGridPlan` (which days, which
/// search for each), what each cell's search found, the highlight, and the searches in flight. A round trip gets a
/// departure × return matrix (departure days across, return days down); a one-way or multi-city trip one row.
struct DateGrid: Codable, Equatable, Sendable {
    /// The letter that names each return row, to type on lines (`3b`): one per day of the span.
    static let rowKeys = Array("abcdefg")

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
