import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
import Trips

/// `w` on the offers: the search shown kept as a price watch, its first check the cheapest offer found.
@Suite("FlightAvailability watch")
struct FlightAvailabilityWatchTests {
    typealias Reducer = FlightAvailabilityReducer

    /// A screen showing the recorded one-way offers; `canWatch` when the composer gave a watches store.
    static func showing(canWatch: Bool) throws -> FlightAvailabilityState {
        let request = try FixtureFile.offerRequestOneWay.decode(DataEnvelope<OfferRequest>.self).data
        var state = FlightAvailabilityState(
            input: FlightAvailabilityInput(request: Searches.oneWay), inputStyle: .keys, today: date("2026-11-22"),
            columns: 100, canWatch: canWatch)
        _ = Reducer.reduce(&state, .appeared)
        _ = Reducer.reduce(&state, .searchAnswered(id: 1, .success(OfferSearchResult(offerRequest: request, offers: request.offers))))
        return state
    }

    /// Everything the screen shows, as text.
    static func shown(_ state: FlightAvailabilityState) -> String {
        String(describing: Reducer.screen(state).page)
    }

    @Test("w keeps the search with the cheapest offer found, says which watch it is, and a second w names it")
    func watches() throws {
        let state = try Self.showing(canWatch: true)
        let cheapest = try #require(state.result?.offers.min { $0.totalAmount.amount < $1.totalAmount.amount })
        // The filters hide the cheapest: the watch still starts from it (filters are the screen's, not the trip's).
        var store = TestStore<Reducer>(state)
        store.send(.watchTapped, effects: [.run(.watch(Searches.oneWay, cheapest: cheapest, today: date("2026-11-22")))]) {
            $0.watch = .watching
        }
        store.send(.watchTapped, effects: [])
        store.send(.watchAnswered(.success(3)), effects: [
            .note(.message(Notice(.success, AvailabilityViewModels.watched(3, again: false)))),
        ]) { $0.watch = .watched(3) }
        #expect(Self.shown(store.state).contains("· watched ·"))
        store.send(.watchTapped, effects: [.note(.message(Notice(.info, AvailabilityViewModels.watched(3, again: true))))])
        #expect(AvailabilityViewModels.watched(3, again: false).contains("watch 3"))
    }

    @Test("a failure is said and w may be pressed again; without a store, w says watches are not kept")
    func refusals() throws {
        var store = TestStore<Reducer>(try Self.showing(canWatch: true))
        let request = Searches.oneWay
        let cheapest = store.state.result?.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }
        store.send(.watchTapped, effects: [.run(.watch(request, cheapest: cheapest, today: date("2026-11-22")))]) {
            $0.watch = .watching
        }
        let failure = WatchFailure.store(.io(path: "/x/watches.sqlite", reason: "the disk is full"))
        store.send(.watchAnswered(.failure(failure)), effects: [
            .note(.message(Notice(.error, "This search could not be watched: \(failure.description)"))),
        ]) { $0.watch = nil }
        #expect(Self.shown(store.state).contains("w watch ·"))

        var without = TestStore<Reducer>(try Self.showing(canWatch: false))
        without.send(.watchTapped, effects: [.note(.message(Notice(.error, "Price watches are not kept here.")))])
        #expect(!Self.shown(without.state).contains("watch"))
        #expect(FlightAvailabilityReducer.action(for: .key(.character("w")), in: without.state) == .watchTapped)
        // At 80 columns the keys' line has no room for it: it stays on one line, and the help names w.
        var narrow = try Self.showing(canWatch: true)
        narrow.columns = 80
        #expect(!Self.shown(narrow).contains("w watch"))
        #expect(String(describing: FlightAvailabilityReducer.helpBlocks(narrow)).contains("watch this search"))
    }
}
