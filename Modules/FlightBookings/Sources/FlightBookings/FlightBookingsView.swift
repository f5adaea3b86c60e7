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
    /// Shows a message.
    func displayMessage(_ message: Notice)
    /// Shows what went wrong and the way forward.
    func displayError(_ message: String, suggestion: String?)
    /// Asks `prompt` next; `nil` means nothing more to ask (the screen's run ends).
    func displayPrompt(_ prompt: BookingsPrompt?)
    /// Shows that work is under way.
    func displayProgress(_ message: String)
    /// Ends the progress shown.
    func hideProgress()
    /// Writes the machine-readable result (JSON) to standard output.
    func displayOutput(_ text: String)
}

extension FlightBookingsView {
    /// Shows or asks what `output` says, through the matching display method.
    func render(_ output: FlightBookingsOutput) {
        switch output {
        case .list(let list): displayList(list)
        case .detail(let detail): displayDetail(detail)
        case .quote(let quote): displayQuote(quote)
        case .message(let message): displayMessage(message)
        case .error(let message, let suggestion): displayError(message, suggestion: suggestion)
        case .prompt(let prompt): displayPrompt(prompt)
        case .progress(let message): displayProgress(message)
        case .progressEnded: hideProgress()
        case .output(let text): displayOutput(text)
        }
    }
}
