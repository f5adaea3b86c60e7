import Entities
import Foundation
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightChange
import TravelText

/// The change's rules as a story: each action sent, how the state changed, and the effects that followed.
@Suite("FlightChange reducer")
struct FlightChangeReducerTests {
    typealias Store = TestStore<FlightChangeReducer>

    static func state(_ input: FlightChangeInput) -> FlightChangeState {
        FlightChangeState(input: input, isInteractive: true, now: noon, today: today)
    }

    @Test("a fare that does not allow changes is refused before anything is sent")
    func notChangeable() {
        var store = Store(Self.state(FlightChangeInput(order: roundTrip(changes: Condition(allowed: false)))))
        let reason = "Booking RZPVXC cannot be changed: its fare does not allow changes. Nothing was sent to the airline."
        store.send(.appeared(now: noon), effects: [.note(.error(reason, suggestion: nil)), .leave(.finished(.refused(reason)))]) {
            $0.step = .finished
        }
    }

    @Test("the return moved three days later: flights, day, cabin, offers, the price read again, confirmed once")
    func movesTheReturn() {
        var store = Store(Self.state(FlightChangeInput(order: roundTrip())))
        store.send(.appeared(now: noon)) {
            $0.step = .chooseFlights
            $0.cabin = .economy
        }
        store.send(.entered("3")) { $0.problem = "Type a flight's number (1 to 2), several (1 2), or all." }
        store.send(.entered("2")) {
            $0.problem = nil
            $0.moving = ["sli_back"]
            $0.step = .chooseDay(0)
        }
        // Before the outbound is refused, in words; three days after the booked return is taken.
        store.send(.entered("17 dec")) {
            $0.problem = "The return would leave on Thu 17 Dec, before the outbound on Fri 18 Dec; choose Fri 18 Dec or later."
        }
        store.send(.entered("+3")) {
            $0.problem = nil
            $0.newDays = ["sli_back": day("2026-12-29")]
            $0.step = .chooseCabin
        }
        let request = OrderChangeRequestCreation(orderId: "ord_1", slices: OrderChangeRequestSlices(
            add: [OrderChangeSliceToAdd(origin: "JFK", destination: "LHR", departureDate: day("2026-12-29"), cabinClass: .economy)],
            remove: [OrderChangeSliceToRemove(sliceId: "sli_back")]))
        store.send(.entered(""), effects: [.note(.progress("Asking the airline for flights on Tue 29 Dec…")), .run(.search(request))]) {
            $0.step = .searching
        }
        let cheap = changeOffer("oco_1", to: "2026-12-29", total: 55)
        let dear = changeOffer("oco_2", to: "2026-12-29", total: 90)
        store.send(.searched(.success([cheap, dear]), now: noon), effects: [.note(.progressEnded)]) {
            $0.offers = [cheap, dear]
            $0.step = .offers
        }
        store.send(.entered("1"), effects: [.note(.progress("Checking the price with the airline…")), .run(.recheck(offerID: "oco_1"))]) {
            $0.chosen = cheap
            $0.step = .rechecking
        }
        let change = makeChange(from: cheap)
        store.send(.rechecked(.ready(cheap, change), now: noon), effects: [.note(.progressEnded)]) {
            $0.change = change
            $0.step = .confirm
        }
        #expect(FlightChangeReducer.screen(store.state).question?.prompt
                == "Change the booking, £55.00 to pay? y yes · n no · Enter yes")
        let effects = store.send(.answered(true)) { $0.step = .confirming }
        #expect(effects.contains(.run(.confirm(change, orderID: "ord_1"))))
        // A second yes while the confirmation is on its way sends nothing.
        store.send(.answered(true), effects: [])
        var moved = roundTrip()
        moved.slices[1] = cheap.slices.add[0]
        let done = makeChange(from: cheap, confirmedAt: noon)
        store.send(.confirmed(.changed(done, moved, recovered: false), now: noon), effects: [
            .note(.progressEnded), .note(.message(Notice(.success, "Booking RZPVXC is changed. £55.00 was paid."))),
            .print(ChangeText.bookingBlocks(moved)), .leave(.finished(.changed(moved))),
        ]) {
            $0.order = moved
            $0.change = done
            $0.step = .finished
        }
    }

    @Test("a price that moved between the list and the change is said, old and new, and asked again")
    func priceMoved() {
        let listed = changeOffer("oco_1", to: "2026-12-29", total: 55)
        var state = Self.state(FlightChangeInput(order: roundTrip()))
        state.step = .rechecking
        state.offers = [listed]
        state.chosen = listed
        var store = Store(state)
        let now = changeOffer("oco_1", to: "2026-12-29", total: 70)
        let change = makeChange(from: now)
        store.send(.rechecked(.ready(now, change), now: noon), effects: [
            .note(.progressEnded), .note(.message(Notice(.warning, "The airline's price moved from £55.00 to £70.00."))),
        ]) {
            $0.chosen = now
            $0.change = change
            $0.movedFrom = gbp(55)
            $0.step = .confirm
        }
    }

    @Test("a lost answer that reading finds unknown says so and sends nothing again")
    func unknown() {
        var state = Self.state(FlightChangeInput(order: roundTrip()))
        state.step = .confirming
        var store = Store(state)
        let lost = ServiceError.timedOut.message
        let text = "Booking RZPVXC may have been changed: the answer was lost (\(lost)) and the change could not be read again (\(lost))."
        let effects = store.send(.confirmed(.unknown(.timedOut, lookup: .timedOut), now: noon)) { $0.step = .finished }
        #expect(effects.contains { if case .run = $0 { true } else { false } } == false)
        #expect(effects.last == .leave(.finished(.failed(text))))
    }
}
