import Entities
import Foundation
import Services
import ModuleTesting
import Testing
import TravelText
@testable import FlightSeats

/// The reducer as a function: a state, an action, and every field of the new state and the effects asserted.
@Suite("FlightSeats reducer")
struct FlightSeatsReducerTests {
    @Test("appearing reads the offer's seat maps, and their answer starts with the first passenger on the first flight")
    func loads() throws {
        let offer = try Recorded.offer()
        var store = TestStore<FlightSeatsReducer>(FlightSeatsState(input: FlightSeatsInput(offer: offer), isInteractive: true))
        store.send(.appeared, effects: [.note(.progress("Reading the seat maps")), .run(.loadMaps(offerID: offer.id))])
        #expect(FlightSeatsReducer.screen(store.state).question == nil)

        let maps = try Recorded.maps()
        store.send(.mapsLoaded(.success(maps)), effects: [.note(.progressEnded)]) {
            $0.phase = .choosing
            $0.maps = maps
            // The first seat this passenger may take: 30A (30C is taken, but 30A is free to an adult).
            $0.cursor = "30A"
        }
        let screen = FlightSeatsReducer.screen(store.state)
        #expect(screen.page == FlightSeatsReducer.page(FlightSeatsViewModel(store.state)))
        #expect(screen.question == .keys(FlightSeatsViewModel.prompt(store.state)))
    }

    @Test("a free seat typed is taken for the passenger, with its service and price, and the review follows")
    func choosesTypedSeat() throws {
        let offer = try Recorded.offer()
        var state = FlightSeatsState.loaded(offer, try Recorded.maps())
        _ = FlightSeatsReducer.reduce(&state, .entered(" 32a "))
        let seat = try require(state.maps[0].seat("32A"))
        let service = try require(seat.service(for: offer.passengers[0].id))
        #expect(state.choices == [SeatChoice(
            segmentId: state.maps[0].segmentId, passengerId: offer.passengers[0].id, designator: "32A",
            serviceId: service.id, price: service.totalAmount)])
        #expect(service.totalAmount.amount == 18)
        #expect(state.phase == .review)
        #expect(state.notice == .info("32A for passenger 1 (Adult), £18.00."))
        #expect(state.total.amount == 18)

        let effects = FlightSeatsReducer.reduce(&state, .entered(""))
        #expect(state.phase == .done)
        #expect(effects == [.leave(.chosen(state.choices))])
    }

    @Test("a taken seat, a seat not on the map and a word are refused with the reason; nothing is chosen",
          arguments: [("31A", "31A is taken. Choose a free seat (. or $ on the map)."),
                      ("99Z", "There is no seat 99Z on this flight (rows 30–41)."),
                      ("window", "“window” is not a seat or a key here. Type a seat such as 32A, or ? for the keys.")])
    func refuses(_ typed: String, _ message: String) throws {
        var state = FlightSeatsState.loaded(try Recorded.offer(), try Recorded.maps())
        let before = state
        let effects = FlightSeatsReducer.reduce(&state, .entered(typed))
        #expect(state.notice == .problem(message))
        var expected = before
        expected.notice = .problem(message)
        #expect(state == expected)
        #expect(effects.isEmpty)
    }

    @Test("an exit-row seat is not offered to a child, and one seat is not taken twice on a flight")
    func refusesForPassenger() throws {
        var state = FlightSeatsState.loaded(try Recorded.familyOffer(), try Recorded.familyMaps())
        _ = FlightSeatsReducer.reduce(&state, .entered("34A"))
        _ = FlightSeatsReducer.reduce(&state, .entered("34A"))
        #expect(state.notice == .problem("34A is already chosen for passenger 1 (Adult)."))
        #expect(state.passengerIndex == 1)
        _ = FlightSeatsReducer.reduce(&state, .entered("34B"))
        #expect(state.passengerIndex == 2)
        _ = FlightSeatsReducer.reduce(&state, .entered("30A"))
        #expect(state.notice == .problem("30A is not offered to passenger 3 (Child, 8): Do not seat children in exit row seats"))
        #expect(state.choices.map(\.designator) == ["34A", "34B"])
        _ = FlightSeatsReducer.reduce(&state, .entered("34C"))
        // The child seated: the second flight's first passenger is next.
        #expect(state.flightIndex == 1)
        #expect(state.passengerIndex == 0)
        #expect(state.choices.map(\.designator) == ["34A", "34B", "34C"])
        #expect(state.total.amount == 0)
    }

    @Test("Enter with nothing typed skips a passenger, d goes to the review, c comes back, Esc leaves unchanged")
    func skipsAndLeaves() throws {
        var state = FlightSeatsState.loaded(try Recorded.familyOffer(), try Recorded.familyMaps())
        _ = FlightSeatsReducer.reduce(&state, .entered(""))
        #expect(state.passengerIndex == 1)
        #expect(state.choices.isEmpty)
        _ = FlightSeatsReducer.reduce(&state, .entered("d"))
        #expect(state.phase == .review)
        _ = FlightSeatsReducer.reduce(&state, .entered("c"))
        #expect(state.phase == .choosing)
        #expect(state.flightIndex == 0 && state.passengerIndex == 0)
        let effects = FlightSeatsReducer.reduce(&state, .back)
        #expect(effects == [.leave(.back)])
        #expect(state.phase == .done)
        #expect(FlightSeatsReducer.reduce(&state, .entered("32A")).isEmpty)
    }

    @Test("arrows move over seats, digits and a letter typed key by key take a seat")
    func keys() throws {
        var state = FlightSeatsState.loaded(try Recorded.offer(), try Recorded.maps(), interactive: true)
        #expect(state.cursor == "30A")
        _ = FlightSeatsReducer.reduce(&state, .key(.right))
        #expect(state.cursor == "30B")
        _ = FlightSeatsReducer.reduce(&state, .key(.down))
        #expect(state.cursor == "31B")
        _ = FlightSeatsReducer.reduce(&state, .key(.up))
        _ = FlightSeatsReducer.reduce(&state, .key(.up))
        #expect(state.cursor == "30B")
        for key in ["3", "4", "k"] { _ = FlightSeatsReducer.reduce(&state, .key(.character(key))) }
        #expect(state.typed == "34k")
        _ = FlightSeatsReducer.reduce(&state, .key(.backspace))
        _ = FlightSeatsReducer.reduce(&state, .key(.character("H")))
        _ = FlightSeatsReducer.reduce(&state, .key(.enter))
        #expect(state.typed == "")
        #expect(state.choices.map(\.designator) == ["34H"])
        #expect(state.phase == .review)
    }

    @Test("space takes the seat under the cursor")
    func spaceTakesCursor() throws {
        var state = FlightSeatsState.loaded(try Recorded.offer(), try Recorded.maps(), interactive: true)
        _ = FlightSeatsReducer.reduce(&state, .key(.space))
        #expect(state.choices.map(\.designator) == ["30A"])
        #expect(state.choices.first?.price.amount == 45)
    }

    @Test("a failed read says why and r reads again; no maps at all says seats come at check-in")
    func failuresAndNoMaps() throws {
        let offer = try Recorded.offer()
        var state = FlightSeatsState(input: FlightSeatsInput(offer: offer), isInteractive: false)
        _ = FlightSeatsReducer.reduce(&state, .mapsLoaded(.failure(.timedOut)))
        #expect(state.phase == .failed(ServiceError.timedOut.message, suggestion: ServiceError.timedOut.suggestion))
        let retry = FlightSeatsReducer.reduce(&state, .entered("r"))
        #expect(retry == [.note(.progress("Reading the seat maps")), .run(.loadMaps(offerID: offer.id))])
        _ = FlightSeatsReducer.reduce(&state, .mapsLoaded(.success([])))
        #expect(state.phase == .unavailable)
        #expect(FlightSeatsViewModel(state).lines == ["The airline gives no seat map for this offer: seats are given at check-in."])
        #expect(FlightSeatsReducer.reduce(&state, .entered("")) == [.leave(.back)])
    }

    @Test("seats chosen before are kept and shown as this passenger's")
    func keepsChosen() throws {
        let offer = try Recorded.offer()
        let maps = try Recorded.maps()
        let seat = try require(maps[0].seat("35A")?.service(for: offer.passengers[0].id))
        let before = SeatChoice(segmentId: maps[0].segmentId, passengerId: offer.passengers[0].id, designator: "35A",
                                serviceId: seat.id, price: seat.totalAmount)
        var state = FlightSeatsState(input: FlightSeatsInput(offer: offer, chosen: [before]), isInteractive: true)
        _ = FlightSeatsReducer.reduce(&state, .mapsLoaded(.success(maps)))
        #expect(state.cursor == "35A")
        let grid = try require(FlightSeatsViewModel(state).grid)
        let row35 = try require(grid.rows.first { $0.label == "35" })
        #expect(row35.sections[0][0] == SeatGrid.Cell(symbol: "*", kind: .mine, isCursor: true))
    }

    @Test("given an offer's id only, the offer is read first, then its maps; an offer gone is said")
    func readsOfferFirst() throws {
        let offer = try Recorded.offer()
        var state = FlightSeatsState(input: FlightSeatsInput(offerID: offer.id), isInteractive: false)
        #expect(FlightSeatsReducer.reduce(&state, .appeared)
            == [.note(.progress("Reading offer \(offer.id)")), .run(.loadOffer(id: offer.id))])
        #expect(FlightSeatsReducer.reduce(&state, .offerLoaded(.success(offer))) == [.run(.loadMaps(offerID: offer.id))])
        #expect(state.offer == offer)

        var gone = FlightSeatsState(input: FlightSeatsInput(offerID: "off_gone"), isInteractive: false)
        let error = ServiceError.malformedResponse("gone")
        #expect(FlightSeatsReducer.reduce(&gone, .offerLoaded(.failure(error))) == [.note(.progressEnded)])
        #expect(gone.phase == .failed(error.message, suggestion: error.suggestion))
    }
}
