import TerminalUI

/// What the presenter can ask the summary's view to show. The view remembers the last prompt and asks it when its
/// run loop comes to it; the reducer re-sends everything when the screen comes back on top.
@MainActor
protocol FlightSummaryView: AnyObject {
    /// Shows the offer in full.
    func display(_ summary: OfferSummaryViewModel)
    /// Shows an old and a new price.
    func displayPriceChange(_ change: PriceChangeViewModel)
    /// Starts a passenger's details: `Passenger 1 of 2 · Adult`.
    func displayPassengerHeading(_ heading: String)
    /// Shows the passengers as entered and the total.
    func displayReview(_ review: ReviewViewModel)
    /// Shows a booking made.
    func displayBooking(_ booking: BookingViewModel)
    /// Shows a message.
    func displayMessage(_ message: Notice)
    /// Shows what went wrong and the way forward.
    func displayError(_ message: String, suggestion: String?)
    /// Asks `prompt` next; `nil` means nothing more to ask (the screen's run ends).
    func displayPrompt(_ prompt: SummaryPrompt?)
    /// Shows that work is under way.
    func displayProgress(_ message: String)
    /// Ends the progress shown.
    func hideProgress()
    /// Writes the machine-readable result (the order as JSON) to standard output.
    func displayOutput(_ text: String)
}

extension FlightSummaryView {
    /// Shows or asks what `output` says, through the matching display method.
    func render(_ output: FlightSummaryOutput) {
        switch output {
        case .summary(let summary): display(summary)
        case .priceChange(let change): displayPriceChange(change)
        case .passengerHeading(let heading): displayPassengerHeading(heading)
        case .review(let review): displayReview(review)
        case .booking(let booking): displayBooking(booking)
        case .message(let message): displayMessage(message)
        case .error(let message, let suggestion): displayError(message, suggestion: suggestion)
        case .prompt(let prompt): displayPrompt(prompt)
        case .progress(let message): displayProgress(message)
        case .progressEnded: hideProgress()
        case .output(let text): displayOutput(text)
        }
    }
}
