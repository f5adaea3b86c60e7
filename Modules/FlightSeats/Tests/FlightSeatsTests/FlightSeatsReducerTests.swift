import Foundation
import Testing
@testable import FlightSeats

/// The reducer as a function: a state and an action in, the whole new state and the exact effects out.
@Suite("FlightSeats reducer")
struct FlightSeatsReducerTests {
    let start = FlightSeatsState(title: "  Seats  ", isInteractive: false)

    @Test("appearing loads once; the answer shows the screen and asks")
    func appearsAndLoads() {
        var state = start
        #expect(FlightSeatsReducer.reduce(&state, .appeared) == [.load])
        #expect(state == start)
        let effects = FlightSeatsReducer.reduce(&state, .loaded(fixedNow()))
        var expected = start
        expected.openedAt = fixedNow()
        #expect(state == expected)
        #expect(effects == [
            .show(.screen(FlightSeatsViewModel(title: "Seats", lines: ["Opened at 00:00:00."]))),
            .show(.question(prompt: "Enter to continue, b to go back: ")),
        ])
    }

    @Test("Enter finishes, b and Esc and Ctrl-C go back, and nothing follows", arguments: [
        (FlightSeatsAction.entered(""), FlightSeatsRoute.finish), (.entered(" B "), .back), (.back, .back), (.interrupted, .back),
        (.inputEnded, .back),
    ])
    func leaves(action: FlightSeatsAction, route: FlightSeatsRoute) {
        var state = start
        #expect(FlightSeatsReducer.reduce(&state, action) == [.show(.finished), .navigate(route)])
        #expect(state.isDone)
        #expect(FlightSeatsReducer.reduce(&state, .entered("")) == [])
    }
}
