import TerminalUI

/// The bookings on a terminal: renders the presenter's view models with TerminalUI's blocks and asks its prompts.
///
/// With machine output (`--json`), everything for people goes to diagnostics (standard error) so that standard
/// output carries only the JSON.
@MainActor
final class FlightBookingsTerminalView: FlightBookingsView, Screen {
    private let terminal: any Terminal
    let presenter: FlightBookingsPresenter
    private let writer: ScreenWriter
    private var prompt: BookingsPrompt?

    init(terminal: any Terminal, presenter: FlightBookingsPresenter, machineOutput: Bool) {
        self.terminal = terminal
        self.presenter = presenter
        writer = ScreenWriter(terminal: terminal, outputIsForPrograms: machineOutput)
    }

    func run() async {
        prompt = nil
        await presenter.didAppear()
        while !Task.isCancelled, let current = prompt {
            prompt = nil
            switch current {
            case .text(let question):
                switch await terminal.readLine(prompt: question + " ", default: nil) {
                case .text(let text): await presenter.didAnswer(.text(text))
                case .back: await presenter.didGoBack()
                case .interrupt, .end, .cancelled: return
                }
            case .confirm(let question, let defaultValue):
                // A yes typed before the refund was shown must not cancel the booking.
                terminal.discardPendingInput()
                switch await terminal.confirm(question, default: defaultValue) {
                case .answered(let yes): await presenter.didAnswer(.confirmed(yes))
                case .back: await presenter.didGoBack()
                case .interrupt, .end, .cancelled: return
                }
            }
        }
    }

    // MARK: FlightBookingsView

    func displayList(_ list: BookingListViewModel) {
        show(SectionHeader("Your bookings", detail: "\(list.rows.count) kept in \(list.location)"))
        for note in list.notes { displayMessage(note) }
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
        show(table)
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

    func displayMessage(_ message: BookingsMessage) {
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

    func displayPrompt(_ prompt: BookingsPrompt?) {
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

    private func list(_ rows: [BookingsRow]) -> KeyValueList {
        KeyValueList(rows: rows.map { KeyValueList.Row($0.label, $0.value) })
    }

    private func show(_ block: any Renderable) {
        writer.show(block)
    }
}
