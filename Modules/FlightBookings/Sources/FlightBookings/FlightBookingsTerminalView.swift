import TerminalUI

/// The bookings on a terminal: renders the presenter's view models with TerminalUI's blocks and asks its prompts.
///
/// With machine output (`--json`), everything for people goes to diagnostics (standard error) so that standard
/// output carries only the JSON.
@MainActor
final class FlightBookingsTerminalView: FlightBookingsView, Screen {
    /// Set by the Builder; `nil` in a replay, where the view only shows.
    var presenter: FlightBookingsPresenter?
    private let terminal: any Terminal
    private let writer: ScreenWriter
    /// The question the run loop puts next; `nil` when the screen has nothing to ask.
    private var prompt: BookingsPrompt?

    init(terminal: any Terminal, machineOutput: Bool) {
        self.terminal = terminal
        writer = ScreenWriter(terminal: terminal, outputIsForPrograms: machineOutput)
    }

    func run() async {
        await presenter?.appear()
        while !Task.isCancelled, let current = prompt {
            prompt = nil
            await put(current)
        }
        if Task.isCancelled { await presenter?.disappeared() }
    }

    /// Puts `current` and sends what came back as an action; a covered screen keeps the question for next time.
    private func put(_ current: BookingsPrompt) async {
        switch current {
        case .text(let question):
            switch await terminal.readLine(prompt: question + " ", default: nil) {
            case .text(let text): await presenter?.send(.entered(text))
            case .back: await presenter?.send(.back)
            case .interrupt: await presenter?.send(.interrupted)
            case .end: await presenter?.send(.inputEnded)
            case .cancelled: prompt = current
            }
        case .confirm(let question, let defaultValue):
            // A yes typed before the refund was shown must not cancel the booking.
            terminal.discardPendingInput()
            switch await terminal.confirm(question, default: defaultValue) {
            case .answered(let yes): await presenter?.confirm(yes)
            case .back: await presenter?.send(.back)
            case .interrupt: await presenter?.send(.interrupted)
            case .end: await presenter?.send(.inputEnded)
            case .cancelled: prompt = current
            }
        }
    }

    // MARK: FlightBookingsView

    func displayList(_ list: BookingListViewModel) {
        show(SectionHeader("Your bookings", detail: "\(list.rows.count) kept in \(list.location)"))
        for note in list.notes { show(note) }
        guard !list.rows.isEmpty else {
            show(Paragraph("No bookings are kept on this machine yet.", indent: 2))
            return
        }
        let table = Table(
            columns: [
                .init("Reference", priority: 5),
                .init("Route", priority: 4, flexible: true, minimumWidth: 9),
                .init("Departs", priority: 3),
                .init("Passengers", priority: 1, flexible: true, minimumWidth: 8),
                .init("Total", alignment: .right, priority: 2),
                .init("Status", priority: 4, flexible: true, minimumWidth: 9),
            ],
            rows: list.rows.map { [$0.reference, $0.route, $0.departs, $0.passengers, $0.total, $0.status] },
            firstRowNumber: 1)
        show(terminal.isInteractive ? table : WholeTable(table: table))
    }

    func displayDetail(_ detail: BookingDetailViewModel) {
        show(SectionHeader(detail.title))
        for warning in detail.warnings { show(Notice(.warning, warning)) }
        show(list(detail.rows))
        if !detail.itinerary.isEmpty {
            show(SectionHeader("Itinerary"))
            for leg in detail.itinerary {
                show(Paragraph(leg.title, indent: 2))
                for flight in leg.flights { show(Paragraph(flight, indent: 4)) }
            }
        }
        if !detail.passengers.isEmpty {
            show(SectionHeader("Passengers"))
            for passenger in detail.passengers { show(Paragraph(passenger, indent: 2)) }
        }
        if !detail.conditions.isEmpty {
            show(SectionHeader("Conditions"))
            show(list(detail.conditions))
        }
        for action in detail.actions { show(Notice(.info, action)) }
    }

    func displayQuote(_ quote: CancellationQuoteViewModel) {
        show(SectionHeader("Cancellation"))
        show(Notice(.warning, quote.headline))
        show(list(quote.rows))
    }

    func displayNote(_ note: ScreenNote) {
        writer.show(note)
    }

    func displayCalendar(_ text: String) {
        // ItineraryCalendar removed every control character from the server's text; this keeps the promise even so:
        // nothing but the CRLF line ends reaches the terminal as a control character.
        terminal.write(UntrustedText.removingUnsafe(text))
    }

    func displayPrompt(_ prompt: BookingsPrompt?) {
        self.prompt = prompt
    }

    // MARK: Rendering

    private func list(_ rows: [KeyValueList.Row]) -> KeyValueList {
        KeyValueList(rows: rows)
    }

    private func show(_ block: any Renderable) {
        writer.show(block)
    }
}

/// Off a terminal (piped, or read by a script) a table is written whole, as wide as its cells: there is no edge to
/// fit, and a cell cut to the width ("Pay by Sun…") loses what it says.
private struct WholeTable: Renderable {
    let table: Table

    func render(width: Int, style: Style) -> [String] {
        table.render(width: .max, style: style)
    }
}
