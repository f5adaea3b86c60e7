import TerminalUI

/// The availability screen on a terminal: draws what the presenter gives it and turns keys (on a TTY) or typed
/// lines (elsewhere) into presenter calls. It decides nothing about flights.
@MainActor
final class FlightAvailabilityTerminalView: FlightAvailabilityView, Screen {
    let presenter: FlightAvailabilityPresenter
    private let terminal: any Terminal

    /// What the screen shows, which decides how the next input is read.
    private enum Mode {
        case idle
        case loading(LoadingViewModel)
        case results(ResultsViewModel)
        case noOffers(NoOffersViewModel)
        case error(ErrorViewModel)
        case flexibleDates(FlexibleDatesViewModel)
        case choice(ChoiceViewModel)
        case question(QuestionViewModel)
        case help(HelpViewModel)

        var isLoading: Bool {
            if case .loading = self { return true }
            return false
        }
    }

    private var mode = Mode.idle
    private var spinner: Spinner?
    /// A key read that a change of state may interrupt (while the spinner turns).
    private var pendingRead: Task<KeyInput, Never>?
    /// Resumed when the state changes (off a TTY, while a search runs, nothing is read).
    private var stateWaiter: CheckedContinuation<Void, Never>?

    init(presenter: FlightAvailabilityPresenter, terminal: any Terminal) {
        self.presenter = presenter
        self.terminal = terminal
    }

    // MARK: Screen

    func run() async {
        guard presenter.presentation == .interactive else {
            await presenter.runReport()
            return
        }
        // A page of offers fills the screen, less the lines around the table: the title, the search, the status,
        // the column titles, the legend and the prompt, with room for a message (12 rows on a 24-row screen).
        presenter.pageLineBudget = max(4, terminal.rows - 12)
        presenter.viewDidAppear()
        defer { leave() }
        while !Task.isCancelled {
            let goOn: Bool
            switch mode {
            case .idle:
                goOn = await waitForStateChange()
            case .loading:
                goOn = terminal.isInteractive ? await readKeyWhileLoading() : await waitForStateChange()
            case .choice(let viewModel):
                goOn = await runChoice(viewModel)
            case .question(let viewModel):
                goOn = await runQuestion(viewModel)
            case .help:
                goOn = await dismissHelpOnKey()
            case .results, .noOffers, .error, .flexibleDates:
                goOn = terminal.isInteractive ? handle(await terminal.readKey()) : await readCommand()
            }
            if !goOn { return }
        }
    }

    private func leave() {
        pendingRead?.cancel()
        pendingRead = nil
        wakeStateWaiter()
        stopSpinner()
        presenter.viewDidDisappear()
    }

    // MARK: Reading

    /// Handles one key; returns `false` when the input has ended and `run()` should return.
    private func handle(_ key: KeyInput) -> Bool {
        let inDates: Bool
        if case .flexibleDates = mode { inDates = true } else { inDates = false }
        switch key {
        case .end:
            presenter.didReachEndOfInput()
            return false
        case .interrupt:
            if mode.isLoading {
                presenter.didCancelLoading()
                return true
            }
            presenter.didReachEndOfInput()
            return false
        case .cancelled:
            return true
        case .line(let line):
            presenter.didEnterLine(line)
        case .escape, .character("b"), .character("B"):
            presenter.didTapBack()
        case .up, .control("p"):
            presenter.didMoveHighlight(by: -1)
        case .down, .control("n"), .tab:
            presenter.didMoveHighlight(by: 1)
        case .left where inDates:
            presenter.didMoveHighlight(by: -1)
        case .right where inDates:
            presenter.didMoveHighlight(by: 1)
        case .enter:
            presenter.didPressEnter()
        case .pageDown, .right, .character("n"), .character(" "):
            presenter.didTapNextPage()
        case .pageUp, .left, .character("p"):
            presenter.didTapPreviousPage()
        case .character("s"):
            presenter.didTapSort()
        case .character("f"):
            presenter.didTapFilter()
        case .character("c"):
            presenter.didClearFilters()
        case .character("d"):
            presenter.didTapFlexibleDates()
        case .character("r"):
            presenter.didTapRetry()
        case .character("?"), .character("h"):
            presenter.didTapHelp()
        case .character(let character) where character.isASCII && character.isWholeNumber:
            presenter.didTypeDigit(character)
        default:
            break
        }
        return true
    }

    /// Off a TTY: one typed line.
    private func readCommand() async -> Bool {
        switch await terminal.readLine(prompt: currentPrompt) {
        case .text(let line):
            presenter.didEnterLine(line)
            return true
        case .back:
            presenter.didTapBack()
            return true
        case .end, .interrupt:
            presenter.didReachEndOfInput()
            return false
        case .cancelled:
            return true
        }
    }

    private var currentPrompt: String {
        switch mode {
        case .results(let viewModel): viewModel.prompt
        case .noOffers(let viewModel): viewModel.prompt
        case .error(let viewModel): viewModel.prompt
        case .flexibleDates(let viewModel): viewModel.prompt
        default: "Command: "
        }
    }

    /// On a TTY while the spinner turns: Esc cancels, `b` goes back; the search finishing interrupts the read.
    private func readKeyWhileLoading() async -> Bool {
        let read = Task { [terminal] in await terminal.readKey() }
        pendingRead = read
        let key = await withTaskCancellationHandler { await read.value } onCancel: { read.cancel() }
        if pendingRead == read { pendingRead = nil }
        guard mode.isLoading else {
            // The state changed as the key came in: the key is for what is on screen now.
            return handle(key)
        }
        switch key {
        case .escape, .interrupt:
            presenter.didCancelLoading()
        case .character("b"), .character("B"):
            presenter.didTapBack()
        case .end:
            presenter.didReachEndOfInput()
            return false
        default:
            break
        }
        return true
    }

    /// Waits until the presenter shows something else (or the task is cancelled).
    private func waitForStateChange() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    stateWaiter = continuation
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.wakeStateWaiter() }
        }
        return true
    }

    private func wakeStateWaiter() {
        stateWaiter?.resume()
        stateWaiter = nil
    }

    private func runChoice(_ viewModel: ChoiceViewModel) async -> Bool {
        switch await terminal.choose(viewModel.title, options: viewModel.options, default: viewModel.selected) {
        case .answered(let index):
            presenter.didChoose(index, in: viewModel.kind)
        case .back:
            presenter.didDismissPrompt()
        case .end, .interrupt:
            presenter.didReachEndOfInput()
            return false
        case .cancelled:
            break
        }
        return true
    }

    private func runQuestion(_ viewModel: QuestionViewModel) async -> Bool {
        viewModel.intro.forEach { terminal.display(Paragraph($0)) }
        let presenter = self.presenter
        let answer = await terminal.ask(viewModel.question, default: viewModel.defaultAnswer) { answer in
            presenter.problem(with: answer, for: viewModel.kind)
        }
        switch answer {
        case .answered(let text):
            presenter.didAnswer(text, to: viewModel.kind)
        case .back:
            presenter.didDismissPrompt()
        case .end, .interrupt:
            presenter.didReachEndOfInput()
            return false
        case .cancelled:
            break
        }
        return true
    }

    private func dismissHelpOnKey() async -> Bool {
        switch await terminal.readKey() {
        case .end, .interrupt:
            presenter.didReachEndOfInput()
            return false
        case .cancelled:
            return true
        default:
            presenter.didDismissHelp()
            return true
        }
    }

    // MARK: FlightAvailabilityView

    private func setMode(_ newMode: Mode) {
        mode = newMode
        if !newMode.isLoading {
            stopSpinner()
            pendingRead?.cancel()
        }
        wakeStateWaiter()
    }

    private func stopSpinner() {
        spinner?.stop()
        spinner = nil
    }

    /// Shows `lines` as a fresh page in one write, so the screen never shows half a page: the whole screen on a
    /// TTY, after a blank line elsewhere (where the output is a log that keeps everything).
    private func showPage(_ lines: [String]) {
        if terminal.isInteractive {
            terminal.clearScreen()
            terminal.writeLines(lines)
        } else {
            terminal.writeLines([""] + lines)
        }
    }

    private func render(_ block: any Renderable) -> [String] {
        block.render(width: terminal.columns, style: terminal.style)
    }

    private func header(_ header: AvailabilityHeaderViewModel) -> [String] {
        render(SectionHeader(header.title)) + [terminal.style.dim(header.details)]
    }

    private func dimmed(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return render(Paragraph(text)).map(terminal.style.dim)
    }

    func displayLoading(_ viewModel: LoadingViewModel) {
        stopSpinner()
        setMode(.loading(viewModel))
        // Off a TTY the header comes with the results; the log needs only the one progress line.
        if terminal.isInteractive {
            showPage(header(viewModel.header) + [""] + dimmed(viewModel.legend))
        }
        spinner = terminal.startSpinner(viewModel.message)
    }

    func display(_ viewModel: ResultsViewModel) {
        setMode(.results(viewModel))
        showPage(
            header(viewModel.header) + dimmed(viewModel.status) + [""]
                + offerTableLines(viewModel.rows, showsLegRoute: viewModel.showsLegRoute, marksHighlight: terminal.isInteractive)
                + [""] + dimmed(viewModel.legend))
    }

    func displayNoOffers(_ viewModel: NoOffersViewModel) {
        setMode(.noOffers(viewModel))
        showPage(
            header(viewModel.header) + [""] + render(Notice(.warning, viewModel.message))
                + render(Paragraph(viewModel.suggestion, indent: 2)) + [""] + dimmed(viewModel.legend))
    }

    func displayError(_ viewModel: ErrorViewModel) {
        setMode(.error(viewModel))
        showPage(
            header(viewModel.header) + [""]
                + render(Notice(viewModel.isCancellation ? .warning : .error, viewModel.message))
                + viewModel.details.flatMap { render(Paragraph($0, indent: 2)) }
                + render(Paragraph(viewModel.suggestion, indent: 2)) + [""] + dimmed(viewModel.legend))
    }

    func displayFlexibleDates(_ viewModel: FlexibleDatesViewModel) {
        setMode(.flexibleDates(viewModel))
        let style = terminal.style
        var table = Table(columns: [
            Table.Column("", alignment: .right, priority: 99),
            Table.Column("Day", priority: 9),
            Table.Column("Cheapest", alignment: .right, priority: 8),
            Table.Column("", priority: 1, flexible: true, minimumWidth: 6),
        ])
        for row in viewModel.rows {
            let marker = terminal.isInteractive && row.isHighlighted ? "›" : ""
            table.addRow(["\(marker)\(row.number).", row.date, row.fare, row.note])
        }
        let grid = render(table).enumerated().map { index, line in
            guard index > 0 else { return line }
            let row = viewModel.rows[index - 1]
            if row.isFailure { return style.error(line) }
            return row.isHighlighted ? style.bold(line) : line
        }
        showPage(
            header(viewModel.header) + ["", style.bold(viewModel.title)] + grid + [""]
                + dimmed(viewModel.footnote) + dimmed(viewModel.legend))
    }

    func displayChoice(_ viewModel: ChoiceViewModel) {
        setMode(.choice(viewModel))
        terminal.writeLine()
    }

    func displayQuestion(_ viewModel: QuestionViewModel) {
        setMode(.question(viewModel))
        terminal.writeLine()
    }

    func displayHelp(_ viewModel: HelpViewModel) {
        let lines = render(SectionHeader(viewModel.title))
            + render(KeyValueList(rows: viewModel.rows.map { KeyValueList.Row($0.keys, $0.meaning) }))
            + (viewModel.legend.isEmpty ? [] : [""] + dimmed(viewModel.legend))
        if terminal.isInteractive {
            setMode(.help(viewModel))
            showPage(lines)
        } else {
            // Off a TTY the help is one more entry in the log; the prompt that follows is the same as before.
            terminal.writeLines([""] + lines)
        }
    }

    func displayProblem(_ message: String) {
        terminal.display(Notice(.error, message))
    }

    func displayReport(_ viewModel: ReportViewModel) {
        var lines = header(viewModel.header) + dimmed(viewModel.status) + [""]
        if !viewModel.rows.isEmpty {
            lines += offerTableLines(viewModel.rows, showsLegRoute: viewModel.showsLegRoute, marksHighlight: false)
        }
        if let footnote = viewModel.footnote {
            if !viewModel.rows.isEmpty { lines.append("") }
            lines += render(Paragraph(footnote))
        }
        terminal.writeLines(lines)
    }

    func displayDocument(_ text: String) {
        terminal.write(text)
    }

    func displayDiagnostic(_ text: String) {
        terminal.writeDiagnostic(text)
    }

    // MARK: The offers table

    /// The table of offers, a line per leg, fitted to the width; the highlighted offer's lines in bold with a
    /// marker, so it shows without colour too.
    private func offerTableLines(_ rows: [OfferRowViewModel], showsLegRoute: Bool, marksHighlight: Bool) -> [String] {
        // The marker shares the number's column, so the table keeps its width for the flights.
        var columns = [Table.Column("", alignment: .right, priority: 99)]
        if showsLegRoute { columns.append(Table.Column("Leg", priority: 8)) }
        // Narrow terminals lose the airline's name (its code starts every flight number), then the fare, before
        // the stops and flight numbers are cut.
        columns += [
            Table.Column("Departs", priority: 9),
            Table.Column("Arrives", priority: 9),
            Table.Column("Duration", alignment: .right, priority: 7),
            Table.Column("Stops", priority: 6, flexible: true, minimumWidth: 10),
            Table.Column("Airline", priority: 2),
            Table.Column("Flights", priority: 5, flexible: true, minimumWidth: 12),
            Table.Column("Fare", priority: 3),
            Table.Column("Price", alignment: .right, priority: 10),
        ]
        var table = Table(columns: columns)
        var highlighted: Set<Int> = []
        for row in rows {
            for (index, leg) in row.legs.enumerated() {
                if row.isHighlighted { highlighted.insert(table.rows.count) }
                let marker = marksHighlight && row.isHighlighted ? "›" : ""
                var cells = [index == 0 ? "\(marker)\(row.number)." : ""]
                if showsLegRoute { cells.append(leg.route) }
                cells += [leg.departs, leg.arrives, leg.duration, leg.stops, leg.airline, leg.flights, leg.fare]
                cells.append(index == 0 ? row.price : "")
                table.addRow(cells)
            }
        }
        let style = terminal.style
        return table.render(width: terminal.columns, style: style).enumerated().map { index, line in
            highlighted.contains(index - 1) ? style.bold(line) : line
        }
    }
}
