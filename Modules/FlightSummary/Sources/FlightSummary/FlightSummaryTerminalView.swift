import TerminalUI

/// The summary on a terminal: renders the presenter's view models with TerminalUI's blocks and asks its prompts.
///
/// With machine output (`--json`), everything for people goes to diagnostics (standard error) so that standard
/// output carries only the order.
@MainActor
final class FlightSummaryTerminalView: FlightSummaryView, Screen {
    /// Set by the Builder; `nil` in a replay, where the view only shows.
    var presenter: FlightSummaryPresenter?
    private let terminal: any Terminal
    private let writer: ScreenWriter
    /// The question the run loop puts next; `nil` when the screen has nothing to ask.
    private var prompt: SummaryPrompt?

    init(terminal: any Terminal, machineOutput: Bool) {
        self.terminal = terminal
        writer = ScreenWriter(terminal: terminal, outputIsForPrograms: machineOutput)
    }

    func run() async {
        prompt = nil
        await presenter?.appear()
        while !Task.isCancelled, let current = prompt {
            prompt = nil
            await put(current)
        }
        if Task.isCancelled { await presenter?.disappeared() }
    }

    /// Puts `current` and sends what came back as an action; a covered screen keeps the question for next time.
    private func put(_ current: SummaryPrompt) async {
        let result: PromptResult<FlightSummaryAction>
        switch current {
        case .text(let question, let defaultValue):
            result = Self.answer(await terminal.readLine(prompt: question + " ", default: defaultValue)) { .entered($0) }
        case .confirm(let question, let defaultValue):
            // A yes typed before the question (while the price was being checked) must not answer it.
            terminal.discardPendingInput()
            result = Self.map(await terminal.confirm(question, default: defaultValue)) { .confirmed($0) }
        case .choice(let title, let options, let defaultIndex):
            result = Self.map(await terminal.choose(title, options: options, default: defaultIndex)) { .chose($0) }
        case .acknowledge(let message):
            result = Self.answer(await terminal.readLine(prompt: message + " ", default: nil)) { _ in .acknowledged }
        }
        switch result {
        case .answered(let action): await presenter?.send(action)
        case .back: await presenter?.send(.back)
        case .interrupt: await presenter?.send(.interrupted)
        case .end: await presenter?.send(.inputEnded)
        case .cancelled: prompt = current
        }
    }

    private static func answer(
        _ input: LineInput, _ transform: (String) -> FlightSummaryAction
    ) -> PromptResult<FlightSummaryAction> {
        switch input {
        case .text(let text): .answered(transform(text))
        case .back: .back
        case .interrupt: .interrupt
        case .end: .end
        case .cancelled: .cancelled
        }
    }

    private static func map<Value>(
        _ result: PromptResult<Value>, _ transform: (Value) -> FlightSummaryAction
    ) -> PromptResult<FlightSummaryAction> {
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
        show(SectionHeader("Passengers", detail: review.extras.isEmpty ? "total \(review.total)" : "fare \(review.total)"))
        for passenger in review.passengers {
            show(Paragraph(passenger.heading))
            show(list(passenger.rows))
        }
        if !review.extras.isEmpty {
            show(SectionHeader("Seats and bags"))
            show(list(review.extras))
        }
    }

    func displayBooking(_ booking: BookingViewModel) {
        show(Notice(.success, booking.headline))
        show(list(booking.rows))
        show(SectionHeader("Itinerary"))
        for line in booking.itinerary { show(Paragraph(line, indent: 2)) }
        if let warning = booking.storeWarning { show(Notice(.warning, warning)) }
    }

    func displayNote(_ note: ScreenNote) {
        writer.show(note)
    }

    func displayPrompt(_ prompt: SummaryPrompt?) {
        self.prompt = prompt
    }

    // MARK: Rendering

    private func list(_ rows: [KeyValueList.Row], indent: Int = 2) -> KeyValueList {
        KeyValueList(rows: rows, indent: indent)
    }

    private func show(_ block: any Renderable) {
        writer.show(block)
    }
}
