import TerminalUI

/// The availability screen on a terminal: draws what the reducer gives it and turns keys (on a TTY) or typed
/// lines (elsewhere) into actions. It decides nothing about flights.
@MainActor
final class FlightAvailabilityTerminalView: FlightAvailabilityView, Screen {
    /// Set by the Builder; a replay draws without one.
    var presenter: FlightAvailabilityPresenter?
    let terminal: any Terminal

    /// What the screen shows, which decides how the next input is read.
    enum Mode {
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

    var mode = Mode.idle
    /// Nothing more is read (the input ended, or a `table`/`json` output is written).
    var isFinished = false
    var spinner: Spinner?
    /// A key read that a change of state may interrupt (while the spinner turns).
    var pendingRead: Task<KeyInput, Never>?
    /// Resumed when the state changes (off a TTY, while a search runs, nothing is read).
    private var stateWaiter: CheckedContinuation<Void, Never>?
    /// A first Ctrl-D was pressed on the offers and the next key decides: a second leaves, any other stays.
    private var endRequested = false

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    // MARK: Screen

    /// Shows the screen (searching the first time), then reads input until the screen ends or is covered.
    func run() async {
        guard let presenter else { return }
        isFinished = false
        await presenter.send(.appeared)
        while !Task.isCancelled, !isFinished {
            switch mode {
            case .idle:
                await waitForStateChange()
            case .loading:
                if terminal.isInteractive { await readKeyWhileLoading(presenter) } else { await waitForStateChange() }
            case .choice(let viewModel):
                await runChoice(viewModel, presenter)
            case .question(let viewModel):
                await runQuestion(viewModel, presenter)
            case .help:
                await dismissHelpOnKey(presenter)
            case .results, .noOffers, .error, .flexibleDates:
                if terminal.isInteractive {
                    await handleOnPage(await terminal.readKey(), presenter)
                } else {
                    await readCommand(presenter)
                }
            }
        }
        pendingRead?.cancel()
        pendingRead = nil
        wakeStateWaiter()
        stopSpinner()
        await presenter.disappear()
    }

    // MARK: Reading

    /// One key, as the action it means (on the screen shown now).
    private func action(for key: KeyInput) -> FlightAvailabilityAction? {
        let inDates: Bool
        if case .flexibleDates = mode { inDates = true } else { inDates = false }
        switch key {
        case .end: return .inputEnded
        case .interrupt: return .interrupted
        case .cancelled: return nil
        case .line(let line): return .entered(line)
        case .escape, .character("b"), .character("B"): return .back
        case .up, .control("p"): return .moved(-1)
        case .down, .control("n"), .tab: return .moved(1)
        case .left where inDates: return .moved(-1)
        case .right where inDates: return .moved(1)
        case .enter: return .enterPressed
        case .pageDown, .right, .character("n"), .character(" "): return .nextPage
        case .pageUp, .left, .character("p"): return .previousPage
        case .character("s"): return .sortTapped
        case .character("f"): return .filterTapped
        case .character("c"): return .clearFilters
        case .character("d"): return .datesTapped
        case .character("r"): return .retry
        case .character("?"), .character("h"): return .helpTapped
        case .character(let character) where character.isASCII && character.isWholeNumber:
            return character.wholeNumberValue.map(FlightAvailabilityAction.typedDigit)
        default: return nil
        }
    }

    /// Sends the action a key means, if any.
    private func handle(_ key: KeyInput, _ presenter: FlightAvailabilityPresenter) async {
        if let action = action(for: key) { await presenter.send(action) }
    }

    /// A key on a page of offers (or the dates, or a message). One Ctrl-D asks for a second, as every answer and list
    /// does, so a slip never drops the search: the question stands below the page until the next key takes it away.
    private func handleOnPage(_ key: KeyInput, _ presenter: FlightAvailabilityPresenter) async {
        let asked = endRequested
        endRequested = key == .control("d") && !asked
        if asked { terminal.write("\r" + String(repeating: " ", count: max(0, terminal.columns - 1)) + "\r") }
        switch key {
        case .control("d") where !asked:
            terminal.write(terminal.style.dim(TerminalText.truncate(KeyInput.endConfirmation, toWidth: terminal.columns - 1)))
        case .control("d"):
            await presenter.send(.inputEnded)
        default:
            await handle(key, presenter)
        }
    }

    /// Off a TTY: one typed line.
    private func readCommand(_ presenter: FlightAvailabilityPresenter) async {
        switch await terminal.readLine(prompt: currentPrompt) {
        case .text(let line): await presenter.send(.entered(line))
        case .back: await presenter.send(.back)
        case .end: await presenter.send(.inputEnded)
        case .interrupt: await presenter.send(.interrupted)
        case .cancelled: break
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
    private func readKeyWhileLoading(_ presenter: FlightAvailabilityPresenter) async {
        let read = Task { [terminal] in await terminal.readKey() }
        pendingRead = read
        let key = await withTaskCancellationHandler { await read.value } onCancel: { read.cancel() }
        if pendingRead == read { pendingRead = nil }
        guard mode.isLoading else {
            // The state changed as the key came in: the key is for what is on screen now.
            return await handle(key, presenter)
        }
        switch key {
        case .escape: await presenter.send(.cancelLoading)
        case .interrupt: await presenter.send(.interrupted)
        case .character("b"), .character("B"): await presenter.send(.back)
        case .end: await presenter.send(.inputEnded)
        default: break
        }
    }

    /// Waits until the reducer shows something else (or the task is cancelled).
    private func waitForStateChange() async {
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
    }

    /// Ends a wait for the state to change.
    func wakeStateWaiter() {
        stateWaiter?.resume()
        stateWaiter = nil
    }

    /// Puts a list and sends the choice.
    private func runChoice(_ viewModel: ChoiceViewModel, _ presenter: FlightAvailabilityPresenter) async {
        switch await terminal.choose(viewModel.title, options: viewModel.options, default: viewModel.selected) {
        case .answered(let index): await presenter.send(.chose(index, in: viewModel.kind))
        case .back: await presenter.send(.promptDismissed)
        case .end: await presenter.send(.inputEnded)
        case .interrupt: await presenter.send(.interrupted)
        case .cancelled: break
        }
    }

    /// Asks a question (checked as typed) and sends the answer.
    private func runQuestion(_ viewModel: QuestionViewModel, _ presenter: FlightAvailabilityPresenter) async {
        viewModel.intro.forEach { terminal.display(Paragraph($0)) }
        let answer = await terminal.ask(viewModel.question, default: viewModel.defaultAnswer) { answer in
            presenter.problem(with: answer, for: viewModel.kind)
        }
        switch answer {
        case .answered(let text): await presenter.send(.answered(text, to: viewModel.kind))
        case .back: await presenter.send(.promptDismissed)
        case .end: await presenter.send(.inputEnded)
        case .interrupt: await presenter.send(.interrupted)
        case .cancelled: break
        }
    }

    /// Any key leaves the help.
    private func dismissHelpOnKey(_ presenter: FlightAvailabilityPresenter) async {
        switch await terminal.readKey() {
        case .end: await presenter.send(.inputEnded)
        case .interrupt: await presenter.send(.interrupted)
        case .cancelled: break
        default: await presenter.send(.helpDismissed)
        }
    }
}
