import Entities
import Foundation
import TerminalUI

/// The seats screen on a terminal: draws the view models and turns keys (on a TTY) or lines into actions; no logic.
/// Text from the airline (aircraft, seat names, disclosures) is shown, never obeyed.
@MainActor
final class FlightSeatsTerminalView: FlightSeatsView, Screen {
    /// Set by the Builder; `nil` in a replay, where the view only shows.
    var presenter: FlightSeatsPresenter?
    private let terminal: any Terminal
    private let writer: ScreenWriter
    private var question: String?

    init(terminal: any Terminal, machineOutput: Bool) {
        self.terminal = terminal
        writer = ScreenWriter(terminal: terminal, outputIsForPrograms: machineOutput)
    }

    func run() async {
        guard let presenter else { return }
        await presenter.send(.appeared)
        while let prompt = question, !Task.isCancelled {
            question = nil
            if terminal.isInteractive {
                terminal.write(prompt)
                let key = await terminal.readKey()
                terminal.writeLine()
                // A key the screen ignores, or a cancelled read, keeps the question.
                if let action = Self.action(for: key) { await presenter.send(action) } else { question = prompt }
            } else {
                switch await terminal.readLine(prompt: prompt, default: nil) {
                case .text(let line): await presenter.send(.entered(line))
                case .back: await presenter.send(.back)
                case .interrupt: await presenter.send(.interrupted)
                case .end: await presenter.send(.inputEnded)
                case .cancelled: question = prompt
                }
            }
        }
        if Task.isCancelled { presenter.disappeared() }
    }

    /// What a key means; `nil` for keys the screen ignores (and a cancelled read).
    static func action(for key: KeyInput) -> FlightSeatsAction? {
        switch key {
        case .up: .key(.up)
        case .down: .key(.down)
        case .left: .key(.left)
        case .right: .key(.right)
        case .enter: .key(.enter)
        case .backspace, .delete: .key(.backspace)
        case .character(" "): .key(.space)
        case .character(let character): .key(.character(String(character)))
        case .line(let line): .entered(line)
        case .escape: .back
        case .interrupt: .interrupted
        // Ctrl-D is ignored here, and never asks to leave: nothing chosen is lost, and Esc goes back.
        case .end: .inputEnded
        default: nil
        }
    }

    // MARK: FlightSeatsView

    func display(_ viewModel: FlightSeatsViewModel) {
        terminal.clearScreen()
        writer.show(SectionHeader(viewModel.title))
        if let grid = viewModel.grid { drawGrid(grid) }
        for line in viewModel.lines { writer.show(Paragraph(UntrustedText.visible(line), indent: 2)) }
        if !viewModel.chosen.isEmpty {
            writer.show(SectionHeader("Chosen"))
            for line in viewModel.chosen { writer.show(Paragraph(UntrustedText.visible(line), indent: 2)) }
        }
        switch viewModel.notice {
        case .info(let text)?: writer.show(Notice(.info, UntrustedText.visible(text)))
        case .problem(let text)?: writer.show(Notice(.warning, UntrustedText.visible(text)))
        case nil: break
        }
        for line in viewModel.keys { writer.show(Paragraph(line, indent: 2)) }
    }

    func displayMaps(_ maps: [SeatGridViewModel]) {
        for grid in maps {
            writer.show(SectionHeader(UntrustedText.visible(grid.title)))
            drawGrid(grid, titled: false)
        }
        writer.show(Paragraph(SeatGridViewModel.legend, indent: 2))
    }

    func writeJSON(_ maps: [SeatMap]) {
        let envelope = Page(items: maps)
        guard let data = try? DuffelJSON.encoder(pretty: true).encode(envelope),
              let text = String(data: data, encoding: .utf8) else { return }
        writer.writeOutput(UntrustedText.jsonEscaped(text))
    }

    func show(_ note: ScreenNote) {
        writer.show(note)
    }

    func ask(_ prompt: String) {
        question = prompt
    }

    func finish() {
        question = nil
    }

    private func drawGrid(_ grid: SeatGridViewModel, titled: Bool = true) {
        if titled { writer.show(Paragraph(UntrustedText.visible(grid.title), indent: 2)) }
        let style = terminal.style
        let lines = grid.lines { cell in
            let symbol: String
            switch cell.kind {
            case .mine: symbol = style.success(style.bold(cell.symbol))
            case .others: symbol = style.accent(cell.symbol)
            case .priced: symbol = style.warning(cell.symbol)
            case .taken, .notOffered, .feature: symbol = style.dim(cell.symbol)
            case .free, .blank: symbol = cell.symbol
            }
            return cell.isCursor ? style.inverse(symbol) : symbol
        }
        writer.show(Drawing(lines: lines))
    }
}

/// Lines drawn as they are, spaces kept (a paragraph would close the aisles up), indented by two.
private struct Drawing: Renderable {
    let lines: [String]

    func render(width: Int, style: Style) -> [String] {
        lines.map { "  " + $0 }
    }
}
