import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI

/// `flights search … --grid`: the date grid searched in full, then written once, as a table or as JSON. Progress
/// (how many cells are in) goes to standard error; standard output carries only the grid.
extension FlightAvailabilityReducer {
    /// The rules of a grid report.
    static func reduceGridReport(_ state: inout State, _ action: FlightAvailabilityAction) -> Effects {
        switch action {
        case .appeared where state.phase == .idle:
            if let refusal = refusal(of: state.request, today: state.today) {
                state.phase = .failed(refusal)
                return [.print(failureBlocks(refusal)), .leave(.finished(.failed(refusal)))]
            }
            state.grid = DateGrid(around: state.request, today: state.today)
            state.phase = .dateGrid
            return fetchMissingFares(&state) + gridProgress(state)
        case .fareAnswered(let id, let days, let outcome):
            let effects = fareAnswered(&state, id: id, days: days, outcome)
            guard let grid = state.grid, !grid.isFetching else { return effects }
            return effects + [.note(.progressEnded)] + gridReport(state, grid)
        default:
            return []
        }
    }

    /// `Finding the lowest price around Sat 12 Dec – Fri 18 Dec (49 pairs of days)…`, once: the diagnostics are
    /// a log, where a line per cell would be noise.
    private static func gridProgress(_ state: State) -> Effects {
        guard let grid = state.grid else { return [] }
        let count = grid.cells.count
        let what = grid.isMatrix ? "pairs of days" : "days"
        return [.note(.progress(
            "Finding the lowest price around \(AvailabilityFormat.dates(state.request)) (\(count) \(what))…"))]
    }

    /// The grid, written once; a grid where every search failed is a failure, said like the offers' failures.
    private static func gridReport(_ state: State, _ grid: DateGrid) -> Effects {
        let outcomes = grid.cells.compactMap { grid.fares[$0] }
        let priced = outcomes.filter { if case .cheapest = $0 { return true } else { return false } }.count
        let failures = outcomes.compactMap { outcome -> ServiceError? in
            if case .failed(let error) = outcome { return error } else { return nil }
        }
        if priced == 0, let error = failures.first, failures.count == outcomes.count {
            return [.print(failureBlocks(error)), .leave(.finished(.failed(error)))]
        }
        let output: String
        switch state.presentation {
        case .json:
            do throws(ServiceError) {
                output = try DateGridDocument.json(grid)
            } catch {
                return [.print(failureBlocks(error)), .leave(.finished(.failed(error)))]
            }
        case .table, .interactive:
            output = gridText(AvailabilityViewModels.dateGrid(state, grid), width: state.columns)
        }
        return [.note(.output(output)), .leave(.finished(priced == 0 ? .noOffers : .shown(offers: priced)))]
    }

    /// The grid as plain text at `width`: the route and party, the grid, what the prices are, and how to book.
    static func gridText(_ grid: DateGridViewModel, width: Int) -> String {
        func lines(_ block: any Renderable) -> [String] { block.render(width: width, style: .plain) }
        var text = lines(SectionHeader(UntrustedText.visible(grid.header.title)))
            + lines(Paragraph(UntrustedText.visible(grid.header.details))) + [""] + lines(Paragraph(grid.title)) + [""]
        text += DateGridDrawing.lines(grid, width: width).map { line in
            line.runs.map(\.text).joined().replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        text += [""] + lines(Paragraph(grid.footnote))
        return text.joined(separator: "\n") + "\n"
    }
}

/// The grid as one JSON document: the search it is around, and every cell that can be flown with what its search
/// found (`lowest_total_amount`/`lowest_total_currency`, Duffel's way of writing money), earliest first.
struct DateGridDocument: Encodable {
    struct Cell: Encodable {
        var departureDate: CalendarDate
        var returnDate: CalendarDate?
        var status: String
        var lowestTotalAmount: String?
        var lowestTotalCurrency: String?
        var isLowest: Bool
        var isSearched: Bool
        var error: String?

        private enum CodingKeys: String, CodingKey {
            case departureDate = "departure_date", returnDate = "return_date", status
            case lowestTotalAmount = "lowest_total_amount", lowestTotalCurrency = "lowest_total_currency"
            case isLowest = "lowest", isSearched = "searched", error
        }
    }

    var search: SearchRequest
    var cells: [Cell]

    /// `grid` as JSON, cells in date order.
    static func json(_ grid: DateGrid) throws(ServiceError) -> String {
        let lowest = grid.lowest
        let cells = grid.cells.sorted().map { days -> Cell in
            var cell = Cell(
                departureDate: days.departure, returnDate: days.returning, status: "searching", isLowest: false,
                isSearched: days == grid.searched)
            switch grid.fares[days] {
            case .cheapest(let money)?:
                cell.status = "priced"
                cell.lowestTotalAmount = money.wireAmount
                cell.lowestTotalCurrency = money.currency
                cell.isLowest = lowest.map { $0.amount == money.amount } ?? false
            case .noOffers?: cell.status = "no_offers"
            case .failed(let error)?:
                cell.status = "failed"
                cell.error = error.description
            case nil: break
            }
            return cell
        }
        return try AvailabilityOffers.prettyJSON(DateGridDocument(search: grid.request, cells: cells), naming: "date grid")
    }
}
