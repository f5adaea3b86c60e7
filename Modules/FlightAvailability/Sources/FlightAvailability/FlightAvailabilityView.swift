import TerminalUI

/// What the reducer can ask the availability screen to show. Each call replaces what the screen is doing
/// (except ``displayProblem(_:)``, ``displayDocument(_:)`` and ``displayDiagnostic(_:)``, which add a line).
@MainActor
protocol FlightAvailabilityView: AnyObject {
    /// A search is running: a spinner, with a way to cancel it on a TTY.
    func displayLoading(_ viewModel: LoadingViewModel)
    /// A page of offers, waiting for a choice or a command.
    func display(_ viewModel: ResultsViewModel)
    /// No offers, or none left after the filters.
    func displayNoOffers(_ viewModel: NoOffersViewModel)
    /// The search failed or was cancelled, with retry and back.
    func displayError(_ viewModel: ErrorViewModel)
    /// The flexible-dates view; called again as each day's price arrives.
    func displayFlexibleDates(_ viewModel: FlexibleDatesViewModel)
    /// A list to choose one option from; the answer goes to a `chose` action.
    func displayChoice(_ viewModel: ChoiceViewModel)
    /// A typed question; the answer goes to an `answered` action.
    func displayQuestion(_ viewModel: QuestionViewModel)
    /// The keys or commands.
    func displayHelp(_ viewModel: HelpViewModel)
    /// Something typed could not be used; what is on screen stays.
    func displayProblem(_ message: String)
    /// The `table` presentation's output.
    func displayReport(_ viewModel: ReportViewModel)
    /// The `json` presentation's document, written as it is.
    func displayDocument(_ text: String)
    /// Progress or an error while the output is for a program (standard error).
    func displayDiagnostic(_ text: String)
    /// Nothing more is read: the screen's `run()` returns.
    func displayFinished()
}

extension FlightAvailabilityView {
    /// Shows one output of the reducer. Text from the server is made visible first (see ``UntrustedText``); the
    /// JSON document for programs is escaped where it is written.
    func render(_ output: FlightAvailabilityOutput) {
        switch output.programOutput == nil ? UntrustedText.sanitized(output) : output {
        case .screen(.loading(let viewModel)): displayLoading(viewModel)
        case .screen(.results(let viewModel)): display(viewModel)
        case .screen(.noOffers(let viewModel)): displayNoOffers(viewModel)
        case .screen(.error(let viewModel)): displayError(viewModel)
        case .screen(.flexibleDates(let viewModel)): displayFlexibleDates(viewModel)
        case .choice(let viewModel): displayChoice(viewModel)
        case .question(let viewModel): displayQuestion(viewModel)
        case .help(let viewModel): displayHelp(viewModel)
        case .problem(let message): displayProblem(message)
        case .report(let viewModel): displayReport(viewModel)
        case .document(let text): displayDocument(text)
        case .diagnostic(let text): displayDiagnostic(text)
        case .finished: displayFinished()
        }
    }
}

extension FlightAvailabilityOutput {
    /// The document for programs this output carries, if it is that.
    var programOutput: String? {
        if case .document(let text) = self { text } else { nil }
    }
}
