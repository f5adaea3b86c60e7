import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import ModuleCore
import Services
import Testing
import Trips

/// The offers screen filling in as the airlines answer (a builder given batch offer requests): the first batch
/// paints the first page, later ones join it with the highlighted offer kept, Esc stops the wait and keeps what
/// came, a failed read keeps what came, and an API without batches is searched the plain way.
@Suite("Offers as the airlines answer, on the screen")
struct FlightAvailabilityArrivalTests {
    private let offers: [Offer]

    init() throws {
        offers = try Recorded.offers(.offerRequestOneWay).sorted { $0.totalAmount.amount < $1.totalAmount.amount }
    }

    /// A screen searching in batches, its batch offer request made with three batches to come.
    private func started(style: FlightAvailabilityState.InputStyle = .keys) -> FlightAvailabilityState {
        var state = FlightAvailabilityState(
            input: FlightAvailabilityInput(request: Searches.oneWay), inputStyle: style, today: date("2026-11-22"),
            arrivesInBatches: true)
        let appeared = reduce(&state, .appeared)
        #expect(appeared == [.run(.startBatches(id: 1, Searches.oneWay))])
        let started = FlightAvailabilityReducer.reduce(
            &state, .batchesStarted(id: 1, .success(BatchOfferRequest(id: "orq_b", totalBatches: 3, remainingBatches: 3))))
        #expect(started == [.run(.readBatch(id: 1, batch: "orq_b"))])
        #expect(state.phase == .searching)
        return state
    }

    /// What `action` asks of the world, without the progress notes the spinner shows.
    private func reduce(_ state: inout FlightAvailabilityState, _ action: FlightAvailabilityAction) -> [FlightAvailabilityEffect] {
        FlightAvailabilityReducer.reduce(&state, action).filter { if case .note = $0 { false } else { true } }
    }

    private func read(_ offers: [Offer], remaining: Int) -> FlightAvailabilityAction {
        .batchRead(id: 1, .success(BatchOfferRequest(id: "orq_b", totalBatches: 3, remainingBatches: remaining, offers: offers)))
    }

    private func status(_ state: FlightAvailabilityState) -> String? {
        guard case .results(let page)? = AvailabilityViewModels.screen(state) else { return nil }
        return page.status
    }

    @Test("the first batch paints the page while two airlines still answer; the next keeps the highlighted offer")
    func fillsInKeepingTheHighlight() throws {
        try #require(offers.count >= 4)
        var state = started()
        let first = reduce(&state, read([offers[1], offers[3]], remaining: 2))
        #expect(first == [.run(.readBatch(id: 1, batch: "orq_b"))])
        #expect(state.phase == .results)
        #expect(state.visibleOffers.map(\.id) == [offers[1].id, offers[3].id])
        #expect(status(state)?.hasPrefix("2 airlines still answering (Esc stops waiting)") == true, "\(status(state) ?? "")")
        _ = reduce(&state, .moved(1))
        // A cheaper offer arrives above the highlighted one: the highlight stays on it.
        _ = reduce(&state, read([offers[0], offers[2]], remaining: 1))
        #expect(state.visibleOffers.map(\.id) == offers.prefix(4).map(\.id))
        #expect(state.visibleOffers[state.highlight].id == offers[3].id)
        // The last batch is empty: nothing more is read, and the screen says one airline sent nothing.
        let last = reduce(&state, read([], remaining: 0))
        #expect(last.isEmpty)
        #expect(!state.isWaitingForAirlines)
        #expect(status(state)?.hasPrefix("1 of 3 airlines sent no offers") == true, "\(status(state) ?? "")")
    }

    @Test("Esc while airlines still answer stops the wait and keeps the offers; a late batch is ignored; Esc again goes back")
    func escStopsTheWait() throws {
        var state = started()
        _ = reduce(&state, read([offers[0]], remaining: 2))
        let stopped = reduce(&state, .back)
        #expect(stopped == [.cancel(.search)])
        #expect(state.phase == .results)
        #expect(state.visibleOffers.map(\.id) == [offers[0].id])
        #expect(status(state)?.hasPrefix("Stopped waiting for 2 airlines") == true, "\(status(state) ?? "")")
        #expect(reduce(&state, read([offers[1]], remaining: 1)).isEmpty)
        #expect(state.visibleOffers.count == 1)
        #expect(reduce(&state, .back) == [.leave(.back)])
    }

    @Test("an offer chosen while airlines still answer stops the wait")
    func choosingStopsTheWait() throws {
        var state = started()
        _ = reduce(&state, read([offers[0]], remaining: 2))
        let chose = reduce(&state, .enterPressed)
        #expect(chose == [.cancel(.search), .leave(.summary(offer: offers[0], search: Searches.oneWay))])
    }

    @Test("a failed read lists what the API holds and keeps what came, saying the answers stopped early")
    func failedReadKeepsWhatCame() throws {
        var state = started()
        _ = reduce(&state, read([offers[0]], remaining: 2))
        let failed = reduce(&state, .batchRead(id: 1, .failure(.transport("The connection closed."))))
        #expect(failed == [.run(.listOffers(id: 1, batch: "orq_b", Searches.oneWay, after: .transport("The connection closed.")))])
        _ = FlightAvailabilityReducer.reduce(
            &state, .offersListed(id: 1, after: .transport("The connection closed."), .success([offers[0], offers[1]])))
        #expect(state.visibleOffers.map(\.id) == [offers[0].id, offers[1].id])
        #expect(status(state)?.contains("The airlines' answers stopped early") == true, "\(status(state) ?? "")")
    }

    @Test("an API without batch offer requests (404) is searched the plain way")
    func noBatchesIsThePlainSearch() {
        var state = FlightAvailabilityState(
            input: FlightAvailabilityInput(request: Searches.oneWay), inputStyle: .lines, today: date("2026-11-22"),
            arrivesInBatches: true)
        _ = reduce(&state, .appeared)
        let plain = FlightAvailabilityReducer.reduce(
            &state, .batchesStarted(id: 1, .failure(.api(APIError(status: 404, errors: []), rateLimit: nil))))
        #expect(plain == [.run(.search(id: 1, Searches.oneWay))])
        #expect(state.phase == .searching)
    }
}
