import TerminalUI

/// What the presenter can ask the bookings view to show. The view remembers the last prompt and asks it when its run
/// loop comes to it; the reducer re-sends everything when the screen comes back on top.
@MainActor
protocol FlightBookingsView: AnyObject {
    /// Shows the bookings kept on this machine.
    func displayList(_ list: BookingListViewModel)
    /// Shows one booking in full.
    func displayDetail(_ detail: BookingDetailViewModel)
    /// Shows what cancelling would refund.
    func displayQuote(_ quote: CancellationQuoteViewModel)
    /// Shows a message, an error with the way forward, work under way, or the output for programs.
    func displayNote(_ note: ScreenNote)
    /// Writes an iCalendar file to standard output, as it is.
    func displayCalendar(_ text: String)
    /// Asks `prompt` next; `nil` means nothing more to ask (the screen's run ends).
    func displayPrompt(_ prompt: BookingsPrompt?)
}

extension FlightBookingsView {
    /// Shows or asks what `output` says, through the matching display method. Text from the server or a file is
    /// made visible first (see ``UntrustedText``); the output for programs is escaped where it is written.
    func render(_ output: FlightBookingsOutput) {
        switch output.programOutput == nil ? UntrustedText.sanitized(output) : output {
        case .list(let list): displayList(list)
        case .detail(let detail): displayDetail(detail)
        case .quote(let quote): displayQuote(quote)
        case .note(let note): displayNote(note)
        case .calendar(let text): displayCalendar(text)
        case .prompt(let prompt): displayPrompt(prompt)
        }
    }
}

extension FlightBookingsOutput {
    /// The text for programs this output carries, if it is that (JSON, or a calendar made safe where it was written).
    var programOutput: String? {
        switch self {
        case .note(.output(let text)), .calendar(let text): text
        default: nil
        }
    }
}
