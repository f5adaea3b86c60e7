import Entities
import Trips
import Foundation
import ModuleCore
import Services

/// The date grid: the lowest total for each pair of days around the search (a row of days for a one-way or
/// multi-city trip), a few cells searched at once, each under its own id so a stopped cell's late answer is ignored.
extension FlightAvailabilityReducer {
    /// `d` or `dates`: open the grid around the search.
    static func openDateGrid(_ state: inout State) -> Effects {
        guard state.phase == .results, let result = state.result else {
            return problem(AvailabilityViewModels.unavailable("see other dates", state))
        }
        var grid = DateGrid(around: state.request, today: state.today)
        for days in grid.cells {
            if let known = state.fareCache[grid.search(for: days)] { grid.fares[days] = known }
        }
        // The days searched are already known in full: no need to search them again.
        if let searched = grid.searched {
            let cheapest = result.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }
            let outcome: FlexibleDateFare = cheapest.map { .cheapest($0.totalAmount) } ?? .noOffers
            grid.fares[searched] = outcome
            state.fareCache[state.request] = outcome
        }
        state.grid = grid
        state.phase = .dateGrid
        state.typedNumber = ""
        return fetchMissingFares(&state)
    }

    /// Starts the searches of cells with no price yet, nearest the searched days first and at most a few at once;
    /// a cell whose search breaks the rules fails at once, without a call.
    static func fetchMissingFares(_ state: inout State) -> Effects {
        guard var grid = state.grid else { return [] }
        var room = max(0, SearchFlights.maxParallelSearches - grid.pending.count)
        var effects: Effects = []
        for days in grid.cells where room > 0 && grid.fares[days] == nil && grid.pending[days] == nil {
            let request = grid.search(for: days)
            if let refusal = refusal(of: request, today: state.today) {
                grid.fares[days] = .failed(refusal)
                continue
            }
            let id = state.nextRequestID
            state.nextRequestID += 1
            grid.pending[days] = id
            room -= 1
            effects.append(.run(.searchFare(id: id, days: days, request)))
        }
        state.grid = grid
        return effects
    }

    /// One cell's price arrived: keep it and search the next cell. The grid shows it at once on a TTY, and once
    /// complete on lines (see ``screen(_:)``).
    static func fareAnswered(
        _ state: inout State, id: Int, days: GridDays, _ answer: Outcome<Money?, ServiceError>
    ) -> Effects {
        guard var grid = state.grid, grid.pending[days] == id else { return [] }
        grid.pending[days] = nil
        let outcome: FlexibleDateFare
        switch answer {
        case .success(let money?): outcome = .cheapest(money)
        case .success(nil): outcome = .noOffers
        case .failure(let error): outcome = .failed(error)
        }
        grid.fares[days] = outcome
        if case .failed = outcome {} else {
            state.fareCache[grid.search(for: days)] = outcome
        }
        state.grid = grid
        return fetchMissingFares(&state)
    }

    /// Stops the cell searches in flight; the cells they were for are searched again next time.
    static func stopGridSearches(_ state: inout State) -> Effects {
        guard var grid = state.grid else { return [] }
        let effects = grid.pending.keys.sorted().map { FlightAvailabilityEffect.cancel(.fare($0)) }
        grid.pending = [:]
        grid.fares = grid.fares.filter { if case .failed(.cancelled) = $0.value { return false } else { return true } }
        state.grid = grid
        return effects
    }

    /// `r`: search the failed cells again.
    static func retryFailedCells(_ state: inout State) -> Effects {
        guard var grid = state.grid else { return [] }
        grid.fares = grid.fares.filter { if case .failed = $0.value { return false } else { return true } }
        state.grid = grid
        return fetchMissingFares(&state)
    }

    /// Back to the offers.
    static func leaveDateGrid(_ state: inout State) -> Effects {
        let effects = stopGridSearches(&state)
        state.phase = .results
        return effects
    }

    /// Arrows: move over the grid. In a one-row grid every arrow moves along the row.
    static func moveOnGrid(_ state: inout State, columns: Int, rows: Int) -> Effects {
        guard var grid = state.grid else { return [] }
        if grid.isMatrix {
            grid.move(columns: columns, rows: rows)
        } else {
            grid.move(columns: columns + rows, rows: 0)
        }
        state.grid = grid
        return []
    }

    /// Enter on the highlighted cell.
    static func selectHighlightedCell(_ state: inout State) -> Effects {
        guard let grid = state.grid else { return [] }
        return selectCell(&state, column: grid.column, row: grid.row)
    }

    /// A cell chosen: search it (or, for the days already searched, show their offers again).
    static func selectCell(_ state: inout State, column: Int, row: Int) -> Effects {
        guard let grid = state.grid else { return [] }
        guard let days = grid.days(column: column, row: row) else {
            if grid.departures.indices.contains(column), grid.returns.indices.contains(row) {
                return problem("That return is before the departure; choose a day on or after it.")
            }
            return problem(AvailabilityViewModels.gridUsage(grid))
        }
        state.grid?.column = column
        state.grid?.row = row
        let effects = stopGridSearches(&state)
        let chosen = grid.search(for: days)
        if chosen == state.request, state.result != nil {
            state.phase = .results
            return effects
        }
        state.request = chosen
        // Another search: not the one watched.
        state.watch = nil
        setResult(&state, nil)
        state.highlight = 0
        return effects + startSearch(&state)
    }
}
