import Foundation
import ModuleCore
import TerminalUI

/// What the FlightChange screen shows and asks, and what an input means: pure functions of the state.
extension FlightChangeReducer: ScreenFeature {
    typealias Work = FlightChangeWork
    typealias Route = FlightChangeRoute


    static func screen(_ state: FlightChangeState) -> ScreenModel {
        guard let openedAt = state.openedAt else { return ScreenModel() }
        let title = state.title.trimmingCharacters(in: .whitespaces)
        let time = openedAt.formatted(.iso8601.time(includingFractionalSeconds: false))
        let back = state.isInteractive ? "Esc" : "b"
        return ScreenModel(
            page: [.header(title.isEmpty ? "FlightChange" : title), .text("Opened at \(time).", indent: 2)],
            question: state.isDone ? nil : .keys("Enter to continue, \(back) to go back:"))
    }

    static func action(for input: ScreenInput, in state: FlightChangeState) -> FlightChangeAction? {
        switch input {
        case .key(.enter): .proceed
        case .key, .chose: nil
        case .line(let line): line.trimmingCharacters(in: .whitespaces).lowercased() == "b" ? .back : .proceed
        case .back: .back
        case .interrupted: .interrupted
        case .ended: .inputEnded
        }
    }
}
