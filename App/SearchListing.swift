import Entities
import Foundation
import Services
import TerminalUI
import TravelText
import Trips

/// How `flights search` prints what the core found: the offers (a table with each offer's id, or JSON), or the
/// date grid around the search. Standard output carries only that; progress and failures go to standard error.
@MainActor
struct SearchListing {
    /// The order of the offers.
    var order: OfferOrder
    /// At most this many offers, the first in `order`.
    var limit: Int?
    /// JSON rather than a table.
    var json: Bool
    /// Each batch as a JSON line as it arrives, rather than the whole list at the end.
    var stream = false
    /// How long each airline may take (`--supplier-timeout`); the API's default when `nil`.
    var supplierTimeout: Duration?

    /// The offers for `request`, read as the airlines answer (a line on standard error says how many are still
    /// answering): exit 0 when some were printed, 1 when none fly, 69 when the search failed. With `stream`, each
    /// batch is printed as it arrives, one JSON line each. A wait that stopped early prints the offers that arrived
    /// and says why.
    func offers(for request: SearchRequest, _ search: SearchFlights, _ context: CommandContext) async -> FlowOutcome {
        context.progress("Searching flights \(TravelFormat.route(request)) on \(OfferFormat.dates(request))…")
        var last: OfferArrival?
        for await arrival in search.offersAsTheyArrive(for: request, order: order, supplierTimeout: supplierTimeout) {
            last = arrival
            if stream, arrival.failure == nil || !arrival.offers.isEmpty {
                do throws(ServiceError) {
                    context.output(try CommandJSON.line(CommandJSON.OfferBatch(arrival), naming: "batch of offers"))
                } catch {
                    context.failure(error)
                    return .backendError(error.description)
                }
            }
            if !arrival.isFinal {
                context.progress(ArrivalText.progress(arrival))
            }
        }
        guard let found = last else { return .backendError("The search was stopped.") }
        if let error = found.failure {
            context.failure(error)
            guard !found.offers.isEmpty else { return .backendError(error.description) }
        }
        if let note = ArrivalText.missing(found, supplierTimeout: supplierTimeout) { context.warn(note + ".") }
        if stream { return found.offers.isEmpty ? .noResults : .done }
        let shown = limit.map { Array(found.offers.prefix($0)) } ?? found.offers
        let result = found.result
        do throws(ServiceError) {
            context.output(json
                ? try CommandJSON.text(
                    CommandJSON.Offers(offerRequestID: found.offerRequestID, search: request, offers: shown),
                    naming: "offers")
                : OfferTable.listing(
                    request, offerRequest: result.offerRequest, shown: shown, total: found.offers.count,
                    sortedBy: order, width: context.columns))
        } catch {
            context.failure(error)
            return .backendError(error.description)
        }
        return found.offers.isEmpty ? .noResults : .done
    }

    /// The lowest total of each day (or pair of days) around `request`: exit 0 when some day is priced, 1 when
    /// none flies, 69 when every day's search failed.
    func dateGrid(around request: SearchRequest, _ search: SearchFlights, _ context: CommandContext) async -> FlowOutcome {
        let plan = DateGridPlan(around: request, today: context.today)
        // Said once: the diagnostics are a log, where a line per cell would be noise.
        context.progress(
            "Finding the lowest price around \(OfferFormat.dates(request)) (\(plan.cells.count) \(plan.isMatrix ? "pairs of days" : "days"))…")
        let (_, fares) = await search.dateGrid(around: request, today: context.today)
        context.writer.hideProgress()
        let outcomes = plan.cells.compactMap { fares[$0] }
        let priced = outcomes.filter { if case .cheapest = $0 { true } else { false } }.count
        let failures = outcomes.compactMap { outcome -> ServiceError? in
            if case .failed(let error) = outcome { error } else { nil }
        }
        if priced == 0, let error = failures.first, failures.count == outcomes.count {
            context.failure(error)
            return .backendError(error.description)
        }
        do throws(ServiceError) {
            if json {
                context.output(try CommandJSON.text(CommandJSON.DateGrid(plan: plan, fares: fares), naming: "date grid"))
            } else {
                let searched = plan.searched
                let column = searched.flatMap { plan.departures.firstIndex(of: $0.departure) } ?? 0
                let view = DateGridView(
                    plan: plan, fares: fares, header: TripHeader(request), highlight: (column, 0), marksHighlight: false)
                context.output(DateGridDrawing.text(view, width: context.columns))
            }
        } catch {
            context.failure(error)
            return .backendError(error.description)
        }
        return priced == 0 ? .noResults : .done
    }
}
