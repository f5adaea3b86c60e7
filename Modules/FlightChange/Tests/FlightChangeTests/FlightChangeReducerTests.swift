import Foundation
import ModuleCore
import ModuleTesting
import Testing
@testable import FlightChange

/// The rules as a story: each action sent, how the state changed, and the effects that followed.
@Suite("FlightChange reducer")
struct FlightChangeReducerTests {
    let noon = Date(timeIntervalSince1970: 1_795_435_200)

    @Test("appearing opens the screen through work; its answer shows it and asks; Enter finishes, and nothing follows")
    func opensAndFinishes() {
        var store = TestStore<FlightChangeReducer>(FlightChangeState(title: "  Seats  ", isInteractive: false))
        store.send(.appeared, effects: [.note(.progress("Opening FlightChange")), .run(.open)])
        #expect(FlightChangeReducer.screen(store.state).question == nil)
        store.send(.opened(noon), effects: [.note(.progressEnded)]) { $0.openedAt = noon }
        #expect(FlightChangeReducer.screen(store.state) == ScreenModel(
            page: [.header("Seats"), .text("Opened at 12:00:00.", indent: 2)],
            question: .keys("Enter to continue, b to go back:")))
        store.send(.appeared, effects: [])
        store.send(.proceed, effects: [.leave(.finish)]) { $0.isDone = true }
        #expect(FlightChangeReducer.screen(store.state).question == nil)
        store.send(.back, effects: [])
    }

    @Test("what each input means, and every way but Enter goes back", arguments: [
        (.key(.enter), .proceed), (.key(.character("x")), nil), (.line(""), .proceed), (.line(" B "), .back),
        (.back, .back), (.interrupted, .interrupted), (.ended, .inputEnded),
    ] as [(ScreenInput, FlightChangeAction?)])
    func inputs(input: ScreenInput, action: FlightChangeAction?) {
        var store = TestStore<FlightChangeReducer>(FlightChangeState(title: "Seats", isInteractive: true, openedAt: noon))
        #expect(FlightChangeReducer.action(for: input, in: store.state) == action)
        guard let action else { return }
        store.send(action, effects: [.leave(action == .proceed ? .finish : .back)]) { $0.isDone = true }
    }
}
