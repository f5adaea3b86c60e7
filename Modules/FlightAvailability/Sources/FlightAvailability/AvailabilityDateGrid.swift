import Entities

/// One cell of the date grid: the day the first leg leaves, and for a round trip the day the return leaves.
struct GridDays: Codable, Sendable, Hashable, Comparable {
    /// The first leg's day.
    var departure: CalendarDate
    /// The return's day; `nil` in a one-row grid, where every leg moves with the first.
    var returning: CalendarDate?

    static func < (lhs: GridDays, rhs: GridDays) -> Bool {
        if lhs.departure != rhs.departure { return lhs.departure < rhs.departure }
        switch (lhs.returning, rhs.returning) {
        case let (left?, right?): return left < right
        case (nil, _?): return true
        default: return false
        }
    }
}

/// The lowest totals around one search, as a value. A round trip gets a departure × return matrix (departure days
/// across, return days down); a one-way or multi-city trip gets one row, every leg moving by the same number of
/// days. Days before today are not in it.
struct DateGrid: Codable, Equatable, Sendable {
    /// Days either side of each searched date.
    static let span = 3
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
        self.request = request
        let days = { (date: CalendarDate?) -> [CalendarDate] in
            guard let date else { return [] }
            return (-Self.span...Self.span).map { date.adding(days: $0) }.filter { $0 >= today }
        }
        departures = days(request.slices.first?.departureDate)
        returns = request.tripKind == .roundTrip ? days(request.slices.last?.departureDate) : []
        if let searched = searched {
            column = departures.firstIndex(of: searched.departure) ?? 0
            row = searched.returning.flatMap { returns.firstIndex(of: $0) } ?? 0
        }
    }

    /// Whether the grid has a row per return day.
    var isMatrix: Bool { !returns.isEmpty }

    /// How many rows are drawn.
    var rowCount: Int { isMatrix ? returns.count : 1 }

    /// The searched days.
    var searched: GridDays? {
        guard let first = request.slices.first?.departureDate else { return nil }
        return GridDays(departure: first, returning: request.tripKind == .roundTrip ? request.slices.last?.departureDate : nil)
    }

    /// The cell at `column`, `row`; `nil` outside the grid, or where the return would leave before the departure.
    func days(column: Int, row: Int) -> GridDays? {
        guard departures.indices.contains(column) else { return nil }
        guard isMatrix else { return row == 0 ? GridDays(departure: departures[column], returning: nil) : nil }
        guard returns.indices.contains(row), returns[row] >= departures[column] else { return nil }
        return GridDays(departure: departures[column], returning: returns[row])
    }

    /// The highlighted cell, if it is one that can be flown.
    var highlighted: GridDays? { days(column: column, row: row) }

    /// Every cell that can be flown, nearest the searched days first, so the cells around the traveller's own
    /// dates fill in first.
    var cells: [GridDays] {
        let all = (0..<rowCount).flatMap { row in departures.indices.compactMap { days(column: $0, row: row) } }
        guard let searched else { return all }
        return all.sorted { lhs, rhs in
            let left = distance(lhs, searched), right = distance(rhs, searched)
            return left != right ? left < right : lhs < rhs
        }
    }

    /// The search of `days`: the first leg on its day, the return on its own; in a one-row grid every leg shifted.
    func search(for days: GridDays) -> SearchRequest {
        guard let returning = days.returning, request.slices.count == 2 else {
            return request.shifted(toDepartOn: days.departure)
        }
        var search = request
        search.slices[0].departureDate = days.departure
        search.slices[1].departureDate = returning
        return search
    }

    /// The lowest total found so far, when more than one cell has a price (one price is not "the lowest").
    var lowest: Money? {
        let prices = fares.values.compactMap { fare -> Money? in
            if case .cheapest(let money) = fare { return money }
            return nil
        }
        guard prices.count > 1 else { return nil }
        return prices.min { $0.amount < $1.amount }
    }

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

    private func distance(_ days: GridDays, _ searched: GridDays) -> Int {
        var distance = abs(searched.departure.days(until: days.departure))
        if let returning = days.returning, let searchedReturn = searched.returning {
            distance += abs(searchedReturn.days(until: returning))
        }
        return distance
    }
}
