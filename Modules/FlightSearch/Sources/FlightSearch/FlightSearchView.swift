import TerminalUI

/// What the presenter can ask the search screen to show and to ask.
@MainActor
protocol FlightSearchView: AnyObject {
    /// Shows the title and how to use the screen.
    func displayHeader(_ header: FlightSearchHeaderViewModel)
    /// Shows every field with its value.
    func display(_ form: FlightSearchFormViewModel)
    /// Shows the search on one line.
    func displaySummary(_ summary: FlightSearchSummaryViewModel)
    /// Shows the legs of a multi-city trip.
    func displayLegs(_ legs: FlightSearchLegsViewModel)
    /// Shows what an answer was read as (`→ Fri 18 Dec 2026`).
    func displayConfirmation(_ text: String)
    /// Shows what went wrong.
    func displayError(_ error: FlightSearchErrorViewModel)
    /// Shows that the screen is waiting for a service; `nil` stops showing it.
    func displayProgress(_ message: String?)
    /// Writes the places found by a look-up as the output of the program.
    func displayPlaces(_ places: FlightSearchPlacesViewModel)
    /// Reports why an unattended search failed, for a person rather than for a program reading the output.
    func displayFailure(_ lines: [String])
    /// Puts `question` next.
    func ask(_ question: FlightSearchQuestion)
    /// Nothing more to ask until the screen is shown again.
    func finish()
}

extension FlightSearchView {
    /// Shows or asks what `output` says, through the matching display method.
    func render(_ output: FlightSearchOutput) {
        // JSON for programs keeps the server's text whole; the view escapes what a terminal would obey in it.
        if case .places(let listing) = output, case .json = listing { return displayPlaces(listing) }
        // Place names from the server, and what was typed, are made visible before they are styled.
        switch UntrustedText.sanitized(output) {
        case .header(let header): displayHeader(header)
        case .form(let form): display(form)
        case .summary(let summary): displaySummary(summary)
        case .legs(let legs): displayLegs(legs)
        case .confirmation(let text): displayConfirmation(text)
        case .error(let error): displayError(error)
        case .progress(let message): displayProgress(message)
        case .places(let places): displayPlaces(places)
        case .failure(let lines): displayFailure(lines)
        case .ask(let question): ask(question)
        case .finish: finish()
        }
    }
}
