import Foundation
import TerminalUI

/// The FlightSeats screen on a terminal: renders view models and turns input into actions; no logic.
@MainActor
final class FlightSeatsTerminalView: FlightSeatsView, Screen {
    var presenter: FlightSeatsPresenter?
    private let terminal: any Terminal
    private var question: String?

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    func run() async {
        guard let presenter else { return }
        await presenter.send(.appeared)
        while let prompt = question, !Task.isCancelled {
            question = nil
            switch await terminal.readLine(prompt: prompt, default: nil) {
            case .text(let line): await presenter.send(.entered(line))
            case .back: await presenter.send(.back)
            case .interrupt: await presenter.send(.interrupted)
            case .end: await presenter.send(.inputEnded)
            case .cancelled: question = prompt
            }
        }
    }

    func display(_ viewModel: FlightSeatsViewModel) {
        terminal.display(SectionHeader(viewModel.title))
        terminal.writeLines(viewModel.lines)
    }

    func ask(_ prompt: String) {
        question = prompt
    }

    func finish() {
        question = nil
    }
}
