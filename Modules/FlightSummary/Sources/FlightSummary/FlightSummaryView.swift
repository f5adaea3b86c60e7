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
    /// Shows a message, an error with the way forward, work under way, or the output for programs.
    func displayNote(_ note: ScreenNote)
    /// Asks `prompt` next; `nil` means nothing more to ask (the screen's run ends).
    func displayPrompt(_ prompt: SummaryPrompt?)
}

extension FlightSummaryView {
    /// Shows or asks what `output` says, through the matching display method. Text from the server or a file is
    /// made visible first (see ``UntrustedText``); the output for programs is escaped where it is written.
    func render(_ output: FlightSummaryOutput) {
        switch output.programOutput == nil ? UntrustedText.sanitized(output) : output {
        case .summary(let summary): display(summary)
        case .priceChange(let change): displayPriceChange(change)
        case .passengerHeading(let heading): displayPassengerHeading(heading)
        case .review(let review): displayReview(review)
        case .booking(let booking): displayBooking(booking)
        case .note(let note): displayNote(note)
        case .prompt(let prompt): displayPrompt(prompt)
        }
    }
}

extension FlightSummaryOutput {
    /// The text for programs this output carries, if it is that.
    var programOutput: String? {
        if case .note(.output(let text)) = self { text } else { nil }
    }
}
