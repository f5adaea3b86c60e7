import Entities
import Foundation
import ModuleCore
import Services

/// The `table` and `json` presentations: search, write the offers once, tell the router. Nothing is read.
extension FlightAvailabilityReducer {
    /// The rules of the `table` and `json` presentations: one search, one output, the outcome.
    static func reduceReport(_ state: inout State, _ action: FlightAvailabilityAction) -> Effects {
        switch action {
        case .appeared where state.phase == .idle:
            let id = state.nextRequestID
            state.nextRequestID += 1
            state.pendingSearch = id
            state.phase = .searching
            let request = state.request
            return [
                .show(.diagnostic("Searching flights \(TravelFormat.route(request)) on \(AvailabilityFormat.dates(request))…\n")),
                .search(id: id, request),
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
        let shown = state.limit.map { Array(ordered.prefix(max(0, $0))) } ?? ordered
        let output: FlightAvailabilityOutput
        switch state.presentation {
        case .json:
            do throws(ServiceError) {
                output = .document(try AvailabilityOffers.jsonDocument(
                    offerRequestID: found.offerRequest.id, search: state.request, offers: shown))
            } catch {
                return fail(error)
            }
        case .table, .interactive:
            output = .report(AvailabilityViewModels.report(state, found: found, shown: shown, total: ordered.count))
        }
        let outcome: AvailabilityOutcome = ordered.isEmpty ? .noOffers : .shown(offers: shown.count)
        return [.show(output), .navigate(.finished(outcome)), .show(.finished)]
    }

    /// A failure on standard error, then its outcome.
    private static func fail(_ error: ServiceError) -> Effects {
        [.show(.diagnostic(AvailabilityFormat.diagnostic(for: error))), .navigate(.finished(.failed(error))), .show(.finished)]
    }
}
