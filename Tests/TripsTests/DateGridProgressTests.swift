import Entities
import Foundation
import Services
import Synchronization
import Testing
import Trips

/// The date grid told cell by cell (`SearchFlights.dateGrid(around:today:settled:)`), as the MCP tool's progress
/// reports it, and stopped by cancelling its task.
@Suite("The date grid, cell by cell")
struct DateGridProgressTests {
    /// A week's round trip searched a year ahead: the grid's cells returning after the last day on sale
    /// (2027-01-15, a year after `today`) are refused without a search.
    private let trip = SearchRequest(
        slices: [
            SearchSlice(origin: "LHR", destination: "JFK", departureDate: day("2027-01-10")),
            SearchSlice(origin: "JFK", destination: "LHR", departureDate: day("2027-01-17")),
        ],
        passengers: [.adult])
    private let today = day("2026-01-15")

    /// The cells refused without a search: returning after the last day on sale.
    private func refused(_ plan: DateGridPlan) -> Set<GridDays> {
        Set(plan.cells.filter { ($0.returning ?? $0.departure) > day("2027-01-15") })
    }

    @Test("every cell is told once, the count growing to the whole grid, the refused ones without a search")
    func everyCellTold() async {
        let offers = UnansweredOffers()
        var reports: [DateGridProgress] = []
        let (plan, fares) = await SearchFlights(offers: offers).dateGrid(around: trip, today: today) {
            reports.append($0)
        }
        #expect(plan.cells.count == 49)
        #expect(fares.count == 49)
        let counts = reports.map(\.settledCount)
        #expect(counts == counts.sorted() && Set(counts).count == counts.count, "\(counts)")
        #expect(counts.last == 49)
        #expect(reports.allSatisfy { $0.cellCount == 49 })
        // One report per search answered; the refused cells settle beside them, without a search.
        let refused = refused(plan)
        #expect(refused.count == 35)
        let searched = reports.compactMap(\.last)
        #expect(Set(searched).count == searched.count)
        #expect(Set(searched) == Set(plan.cells).subtracting(refused))
        #expect(offers.requests == searched.count)
        #expect(refused.allSatisfy { if case .failed? = fares[$0] { true } else { false } })
    }

    @Test("cancelled at its first answer: no search starts after, and nothing more is told")
    func cancelledAtTheFirstAnswer() async {
        let offers = UnansweredOffers()
        let answered = Mutex<[GridDays]>([])
        let grid = Task {
            await SearchFlights(offers: offers).dateGrid(around: trip, today: today) { progress in
                guard let last = progress.last else { return }
                answered.withLock { $0.append(last) }
                // At the first search answered, the grid's own task is cancelled, as a client's cancellation does.
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        let (plan, fares) = await grid.value
        // The first searches started at once, and the one started when the first answered: no more.
        #expect(offers.requests == SearchFlights.maxParallelSearches + 1)
        #expect(answered.withLock { $0.count } == 1, "only the first answer was told")
        #expect(fares.keys.filter { !refused(plan).contains($0) }.count == SearchFlights.maxParallelSearches + 1)
    }
}

/// An offer service that answers every search at once with a failure, counting the searches.
private final class UnansweredOffers: OfferService {
    private let count = Mutex(0)

    var requests: Int { count.withLock { $0 } }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        count.withLock { $0 += 1 }
        throw .transport("No airline answered.")
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        throw .transport("No airline answered.")
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        throw .transport("No airline answered.")
    }
}
