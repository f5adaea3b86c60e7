import TerminalUI

/// The summary on a terminal: renders the presenter's view models with TerminalUI's blocks and asks its prompts.
///
/// With machine output (`--json`), everything for people goes to diagnostics (standard error) so that standard
/// output carries only the order.
@MainActor
final class FlightSummaryTerminalView: FlightSummaryView, Screen {
    private let terminal: any Terminal
    let presenter: FlightSummaryPresenter
    private let writer: ScreenWriter
    private var prompt: SummaryPrompt?

    init(terminal: any Terminal, presenter: FlightSummaryPresenter, machineOutput: Bool) {
        self.terminal = terminal
        self.presenter = presenter
        writer = ScreenWriter(terminal: terminal, outputIsForPrograms: machineOutput)
    }

    func run() async {
        prompt = nil
        await presenter.didAppear()
        while !Task.isCancelled, let current = prompt {
            prompt = nil
            switch await read(current) {
            case .answered(let answer):
                await presenter.didAnswer(answer)
            case .back:
                await presenter.didGoBack()
            case .interrupt, .end, .cancelled:
                // The step is kept: if the navigator shows the screen again, the presenter asks the same again.
                return
            }
        }
    }

    private func read(_ prompt: SummaryPrompt) async -> PromptResult<SummaryAnswer> {
        switch prompt {
        case .text(let question, let defaultValue):
            let input = await terminal.readLine(prompt: question + " ", default: defaultValue)
            switch input {
            case .text(let text): return .answered(.text(text))
            case .back: return .back
            case .interrupt: return .interrupt
            case .end: return .end
            case .cancelled: return .cancelled
            }
        case .confirm(let question, let defaultValue):
            // A yes typed before the question (while the price was being checked) must not answer it.
            terminal.discardPendingInput()
            return map(await terminal.confirm(question, default: defaultValue)) { .confirmed($0) }
        case .choice(let title, let options, let defaultIndex):
            return map(await terminal.choose(title, options: options, default: defaultIndex)) { .chose($0) }
        case .acknowledge(let message):
            let input = await terminal.readLine(prompt: message + " ", default: nil)
            switch input {
            case .text: return .answered(.acknowledged)
            case .back: return .back
            case .interrupt: return .interrupt
            case .end: return .end
            case .cancelled: return .cancelled
            }
        }
    }

    private func map<Value>(_ result: PromptResult<Value>, _ transform: (Value) -> SummaryAnswer) -> PromptResult<SummaryAnswer> {
        switch result {
        case .answered(let value): .answered(transform(value))
        case .back: .back
        case .interrupt: .interrupt
        case .end: .end
        case .cancelled: .cancelled
        }
    }

    // MARK: FlightSummaryView

    func display(_ summary: OfferSummaryViewModel) {
        show(SectionHeader("Your flight", detail: summary.title))
        for leg in summary.legs {
            show(Paragraph(terminal.style.bold(leg.title)))
            show(Paragraph(leg.detail, indent: 2))
            for item in leg.items {
                switch item {
                case .segment(let segment):
                    show(Paragraph(segment.title, indent: 2))
                    show(list(segment.rows, indent: 4))
                case .layover(let text):
                    show(Notice(.info, text))
                }
            }
        }
        show(SectionHeader("Bags"))
        for line in summary.bags { show(Paragraph(line, indent: 2)) }
        show(SectionHeader("Conditions"))
        show(list(summary.conditions))
        show(SectionHeader("Price"))
        show(list(summary.price + summary.terms))
    }

    func displayPriceChange(_ change: PriceChangeViewModel) {
        show(Notice(.warning, change.message))
        show(KeyValueList(rows: [.init("Was", change.oldTotal), .init("Now", change.newTotal)]))
    }

    func displayPassengerHeading(_ heading: String) {
        show(SectionHeader(heading))
    }

    func displayReview(_ review: ReviewViewModel) {
        show(SectionHeader("Passengers", detail: "total \(review.total)"))
        for passenger in review.passengers {
            show(Paragraph(passenger.heading))
            show(list(passenger.rows))
        }
    }

    func displayBooking(_ booking: BookingViewModel) {
        show(Notice(.success, booking.headline))
        show(list(booking.rows))
        show(SectionHeader("Itinerary"))
        for line in booking.itinerary { show(Paragraph(line, indent: 2)) }
        if let warning = booking.storeWarning { show(Notice(.warning, warning)) }
    }

    func displayMessage(_ message: SummaryMessage) {
        let kind: Notice.Kind = switch message.kind {
        case .info: .info
        case .success: .success
        case .warning: .warning
        case .error: .error
        }
        show(Notice(kind, message.text))
    }

    func displayError(_ message: String, suggestion: String?) {
        writer.showError(message, suggestion: suggestion)
    }

    func displayPrompt(_ prompt: SummaryPrompt?) {
        self.prompt = prompt
    }

    func displayProgress(_ message: String) {
        writer.showProgress(message)
    }

    func hideProgress() {
        writer.hideProgress()
    }

    func displayOutput(_ text: String) {
        writer.writeOutput(text)
    }

    // MARK: Rendering

    private func list(_ rows: [SummaryRow], indent: Int = 2) -> KeyValueList {
        KeyValueList(rows: rows.map { KeyValueList.Row($0.label, $0.value) }, indent: indent)
    }

    private func show(_ block: any Renderable) {
        writer.show(block)
    }
}
