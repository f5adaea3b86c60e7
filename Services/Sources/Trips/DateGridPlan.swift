public import Entities
public import Services
import Foundation

/// One cell of the date grid: the day the first leg leaves, and for a round trip the day the return leaves.
public struct GridDays: Codable, Sendable, Hashable, Comparable {
    /// The first leg's day.
    public var departure: CalendarDate
    /// The return's day; `nil` in a one-row grid, where every leg moves with the first.
    public var returning: CalendarDate?

    /// Creates a cell.
    public init(departure: CalendarDate, returning: CalendarDate? = nil) {
        self.departure = departure
        self.returning = returning
    }

    public static func < (lhs: GridDays, rhs: GridDays) -> Bool {
        if lhs.departure != rhs.departure { return lhs.departure < rhs.departure }
        switch (lhs.returning, rhs.returning) {
        case let (left?, right?): return left < right
        case (nil, _?): return true
        default: return false
        }
    }
}

/// What the search of one cell of the date grid found: its cheapest offer's total, none, or why it failed.
public enum FlexibleDateFare: Codable, Sendable, Hashable {
    /// The lowest total on that day.
    case cheapest(Money)
    /// The search worked and found nothing.
    case noOffers
    /// The search of that day failed; the other days are unaffected.
    case failed(ServiceError)
}

/// Which days a date grid around one search holds, and the search of each: a round trip gets a departure × return
/// matrix, a one-way or multi-city trip one row, every leg moving by the same number of days. Days before today are
/// not in it.
public struct DateGridPlan: Sendable, Hashable {
    /// Days either side of each searched date.
    public static let span = 3

    /// The search the grid is around.
    public var request: SearchRequest
    /// The first leg's days, the columns, earliest first.
    public var departures: [CalendarDate]
    /// The return's days, the rows, earliest first; empty for a one-row grid.
    public var returns: [CalendarDate]

    /// The plan with these days.
    public init(request: SearchRequest, departures: [CalendarDate], returns: [CalendarDate]) {
        self.request = request
        self.departures = departures
        self.returns = returns
    }

    /// The days around `request` from `today` on.
    public init(around request: SearchRequest, today: CalendarDate) {
        let days = { (date: CalendarDate?) -> [CalendarDate] in
            guard let date else { return [] }
            return (-Self.span...Self.span).map { date.adding(days: $0) }.filter { $0 >= today }
        }
        self.init(
            request: request, departures: days(request.slices.first?.departureDate),
            returns: request.tripKind == .roundTrip ? days(request.slices.last?.departureDate) : [])
    }

    /// Whether the grid has a row per return day.
    public var isMatrix: Bool { !returns.isEmpty }

    /// How many rows there are.
    public var rowCount: Int { isMatrix ? returns.count : 1 }

    /// The searched days.
    public var searched: GridDays? {
        guard let first = request.slices.first?.departureDate else { return nil }
        return GridDays(departure: first, returning: request.tripKind == .roundTrip ? request.slices.last?.departureDate : nil)
    }

    /// The cell at `column`, `row`; `nil` outside the grid, or where the return would leave before the departure.
    public func days(column: Int, row: Int) -> GridDays? {
        guard departures.indices.contains(column) else { return nil }
        guard isMatrix else { return row == 0 ? GridDays(departure: departures[column], returning: nil) : nil }
        guard returns.indices.contains(row), returns[row] >= departures[column] else { return nil }
        return GridDays(departure: departures[column], returning: returns[row])
    }

    /// Every cell that can be flown, nearest the searched days first, so the cells around the traveller's own
    /// dates fill in first.
    public var cells: [GridDays] {
        let all = (0..<rowCount).flatMap { row in departures.indices.compactMap { days(column: $0, row: row) } }
        guard let searched else { return all }
        return all.sorted { lhs, rhs in
            let left = distance(lhs, searched), right = distance(rhs, searched)
            return left != right ? left < right : lhs < rhs
        }
    }

    /// The search of `days`: the first leg on its day, the return on its own; in a one-row grid every leg shifted.
    public func search(for days: GridDays) -> SearchRequest {
        guard let returning = days.returning, request.slices.count == 2 else {
            return request.shifted(toDepartOn: days.departure)
        }
        var search = request
        search.slices[0].departureDate = days.departure
        search.slices[1].departureDate = returning
        return search
    }

    /// The lowest of `fares`, when more than one cell has a price (one price is not "the lowest").
    public static func lowest(of fares: [GridDays: FlexibleDateFare]) -> Money? {
        let prices = fares.values.compactMap { fare -> Money? in
            if case .cheapest(let money) = fare { return money }
            return nil
        }
        guard prices.count > 1 else { return nil }
        return prices.min { $0.amount < $1.amount }
    }

    private func distance(_ days: GridDays, _ searched: GridDays) -> Int {
        var distance = abs(searched.departure.days(until: days.departure))
        if let returning = days.returning, let searchedReturn = searched.returning {
            distance += abs(searchedReturn.days(until: returning))
        }
        return distance
    }
}
