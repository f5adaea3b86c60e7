import Entities
import FlightsMCP
import Services
import Trips

// The watch tools of `flights mcp`: each asks the core's `WatchPrices`, as `flights watch` does, and answers a
// `WatchReport`, the document `flights watches --json` prints.
extension TripToolbox {
    func watchTrip(_ search: TripSearch, terms asked: WatchAsked) async throws(ToolFailure) -> WatchReport {
        let request = try await request(for: search)
        var terms = WatchTerms(below: asked.below, airlines: asked.airlines)
        if let text = asked.latestDeparture, let first = request.slices.first?.departureDate {
            do throws(TravelDateReader.Problem) {
                terms.latestDeparture = try TravelDateReader(today: today).read(text, base: first)
            } catch {
                throw ToolFailure(.invalidInput, "latest_departure_date: \(error.message)")
            }
        }
        switch await WatchPrices(trip).add(request, terms: terms, today: today) {
        case .success(let outcome): return WatchReport(outcome)
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    func watches() async throws(ToolFailure) -> [WatchReport] {
        switch WatchPrices(trip).list() {
        case .success(let all): return all.map(WatchReport.init)
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    func checkWatches(ids: [Int]?) async throws(ToolFailure) -> [WatchReport] {
        switch await WatchPrices(trip).checkAll(only: ids, today: today) {
        case .success(let outcomes): return outcomes.map(WatchReport.init)
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    func removeWatch(id: Int) async throws(ToolFailure) -> WatchReport {
        switch WatchPrices(trip).remove(id) {
        case .success(let removed): return WatchReport(removed)
        case .failure(let failure): throw Self.failure(failure)
        }
    }

    /// A watch failure worded for an assistant, naming the tools rather than a command.
    static func failure(_ failure: WatchFailure) -> ToolFailure {
        switch failure {
        case .invalid(let problems):
            ToolFailure(
                .invalidInput, problems.first ?? "The watch cannot be kept.",
                whatToDo: "Correct what the detail names and call again.", detail: problems)
        case .notFound(let id):
            ToolFailure(.notFound, "There is no watch \(id).", whatToDo: "list_watches lists the watches and their ids.")
        case .store(let error):
            ToolFailure(.notSaved, error.description)
        case .noStore:
            ToolFailure(.notPossible, "Watches are not kept by this server.")
        case .cancelled:
            ToolFailure(.serviceError, "The check was stopped; no history was written.", whatToDo: "Call check_watches again.")
        }
    }
}
