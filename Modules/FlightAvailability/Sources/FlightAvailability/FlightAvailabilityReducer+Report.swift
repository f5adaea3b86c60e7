import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI

/// The `table` and `json` presentations: search, write the offers once, tell the router. Nothing is read. Standard
/// output carries only the offers; progress and failures go to standard error.
extension FlightAvailabilityReducer {
    /// The rules of the `table` and `json` presentations: one search, one output, the outcome.
    static func reduceReport(_ state: inout State, _ action: FlightAvailabilityAction) -> Effects {
        if state.reportsDateGrid { return reduceGridReport(&state, action) }
        switch action {
        case .appeared where state.phase == .idle:
            let request = state.request
            if let refusal = refusal(of: request, today: state.today) {
                state.phase = .failed(refusal)
                return fail(refusal)
            }
            let id = state.nextRequestID
            state.nextRequestID += 1
            state.pendingSearch = id
            state.phase = .searching
            return [
                .note(.progress("Searching flights \(TravelFormat.route(request)) on \(AvailabilityFormat.dates(request))…")),
                .run(.search(id: id, request)),
            ]
        case .searchAnswered(let id, let outcome) where id == state.pendingSearch:
            state.pendingSearch = nil
            switch outcome {
            case .failure(let error):
                state.phase = .failed(error)
                return fail(error)
            case .success(let found):
                setResult(&state, found)
                state.phase = .results
                return report(state, found)
            }
        default:
            // Leaving does not stop the report: its cancelled search answers `cancelled`, said like any failure.
            return []
        }
    }

    /// The offers found, in the chosen order and at most the limit, written once; then the outcome.
    private static func report(_ state: State, _ found: OfferSearchResult) -> Effects {
        let ordered = AvailabilityOffers.sorted(found.offers, by: state.sort)
        let shown = AvailabilityViewModels.reported(ordered, state)
        let output: String
        switch state.presentation {
        case .json:
            do throws(ServiceError) {
                output = try AvailabilityOffers.jsonDocument(
                    offerRequestID: found.offerRequest.id, search: state.request, offers: shown)
            } catch {
                return fail(error)
            }
        case .table, .interactive:
            output = reportText(
                AvailabilityViewModels.report(state, found: found, shown: shown, total: ordered.count),
                width: state.columns, sortedBy: state.sort)
        }
        let outcome: AvailabilityOutcome = ordered.isEmpty ? .noOffers : .shown(offers: shown.count)
        return [.note(.output(output)), .leave(.finished(outcome))]
    }

    /// A failure on standard error (the message, further problems, what to do), then its outcome.
    private static func fail(_ error: ServiceError) -> Effects {
        [.print(failureBlocks(error)), .leave(.finished(.failed(error)))]
    }
}
