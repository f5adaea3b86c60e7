import TerminalUI

/// The search screen on a terminal: lays out what the presenter gives it and turns lines and keys into actions. Keys on a TTY (Esc goes back, a letter acts at once), typed lines elsewhere.
@MainActor
final class FlightSearchTerminalView: FlightSearchView, Screen {
    /// Set by the Builder; `nil` in a replay, where the view only shows.
    var presenter: FlightSearchPresenter?
    private let terminal: any Terminal
    /// The question the run loop puts next; `nil` when the screen has nothing to ask.
    private var question: FlightSearchQuestion?
    private var spinner: Spinner?
    /// A list on a TTY already leaves a line saying what was chosen; a second one would only repeat it.
    private var choiceJustShown = false

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    /// The key that goes back a step, as hints name it: `Esc` on a TTY, `b` elsewhere.
    static func backKey(on terminal: any Terminal) -> String {
        terminal.isInteractive ? "Esc" : "b"
    }

    // MARK: Screen

    func run() async {
        await presenter?.appear()
        while let current = question, !Task.isCancelled {
            question = nil
            await put(current)
        }
        if Task.isCancelled { presenter?.disappeared() }
        spinner?.stop()
        spinner = nil
    }

    private func put(_ current: FlightSearchQuestion) async {
        switch current {
        case .text(let text):
            let input = await terminal.readLine(prompt: text.prompt + " ", default: text.defaultValue)
            switch input {
            case .text(let line): await send(.entered(line))
            case .back: await send(.back)
            case .interrupt: await send(.interrupted)
            case .end: await send(.inputEnded)
            case .cancelled: question = current
            }
        case .choice(let choice):
            let result: PromptResult<Int>
            if choice.columns.isEmpty {
                result = await terminal.choose(
                    choice.title, options: choice.rows.map { $0.first ?? "" }, default: choice.defaultIndex)
            } else {
                result = await terminal.choose(choice.title, from: Self.table(for: choice), default: choice.defaultIndex)
            }
            switch result {
            case .answered(let index):
                choiceJustShown = terminal.isInteractive
                await send(.chose(index))
            case .back: await send(.back)
            case .interrupt: await send(.interrupted)
            case .end: await send(.inputEnded)
            case .cancelled: question = current
            }
        case .action(let action):
            terminal.writeLines(Self.keyHelp(action, width: terminal.columns, style: terminal.style))
            if terminal.isInteractive {
                await readActionKey(action, current: current)
            } else {
                switch await terminal.readLine(prompt: action.prompt + " ", default: nil) {
                case .text(let line): await send(.entered(line))
                case .back: await send(.back)
                case .interrupt: await send(.interrupted)
                case .end: await send(.inputEnded)
                case .cancelled: question = current
                }
            }
        }
    }

    /// One key acts at once; keys that mean nothing here are ignored rather than scolded.
    private func readActionKey(_ action: FlightSearchActionQuestion, current: FlightSearchQuestion) async {
        terminal.write(terminal.style.bold(action.prompt) + " ")
        // One Ctrl-D asks for a second, as every answer and list does: one slip would drop the search typed. The
        // question stands after the prompt until the next key, which takes it away.
        var endRequested = false
        // Clears the prompt's line: to ask again, or when the screen is covered.
        let blank = "\r" + String(repeating: " ", count: max(0, terminal.columns - 1)) + "\r"
        while true {
            let key = await terminal.readKey()
            let askingToEnd = key == .control("d") && !endRequested
            if endRequested { terminal.write(blank + terminal.style.bold(action.prompt) + " ") }
            endRequested = askingToEnd
            switch key {
            case .control("d") where askingToEnd:
                let room = terminal.columns - TerminalText.displayWidth(of: action.prompt) - 2
                terminal.write(terminal.style.dim(TerminalText.truncate(KeyInput.endConfirmation, toWidth: room)))
            case .enter:
                terminal.writeLine(terminal.style.accent(action.enterLabel))
                return await send(.entered(""))
            case .escape:
                terminal.writeLine(terminal.style.accent("back"))
                return await send(.back)
            case .character(let character):
                let key = String(character).lowercased()
                guard let option = action.options.first(where: { $0.accepts.contains(key) }) else { continue }
                terminal.writeLine(terminal.style.accent(option.label))
                return await send(.entered(key))
            case .line(let line):
                terminal.writeLine()
                return await send(.entered(line))
            case .interrupt:
                terminal.writeLine("^C")
                return await send(.interrupted)
            case .end, .control("d"):
                terminal.writeLine()
                return await send(.inputEnded)
            case .cancelled:
                terminal.write(blank)
                question = current
                return
            default:
                continue
            }
        }
    }

    private func send(_ action: FlightSearchAction) async {
        await presenter?.send(action)
    }

    // MARK: FlightSearchView

    func displayHeader(_ header: FlightSearchHeaderViewModel) {
        terminal.writeLine()
        terminal.display(SectionHeader(header.title))
        terminal.writeLines(Paragraph(header.hint).render(width: terminal.columns - 1, style: terminal.style)
            .map { terminal.style.dim($0) })
    }

    func display(_ form: FlightSearchFormViewModel) {
        terminal.writeLine()
        terminal.display(KeyValueList(rows: form.rows))
        terminal.writeLine()
    }

    func displaySummary(_ summary: FlightSearchSummaryViewModel) {
        terminal.writeLine()
        terminal.writeLines(Self.joined(summary.parts, width: terminal.columns - 1).map { terminal.style.bold($0) })
    }

    func displayLegs(_ legs: FlightSearchLegsViewModel) {
        let table = Table(
            columns: [
                .init("", alignment: .right, priority: 3),
                .init("Route", priority: 2, flexible: true, minimumWidth: 12),
                .init("Date", priority: 1),
            ],
            rows: legs.rows, showsHeader: false)
        terminal.display(SectionHeader("Legs"))
        terminal.writeLines(table.render(width: terminal.columns - 3, style: terminal.style).map { "  " + $0 })
    }

    func displayConfirmation(_ text: String) {
        defer { choiceJustShown = false }
        guard !choiceJustShown else { return }
        terminal.writeLine("  " + terminal.style.dim("→ ") + text)
    }

    func displayError(_ error: FlightSearchErrorViewModel) {
        choiceJustShown = false
        for message in error.messages {
            terminal.display(Notice(.error, message))
        }
        if let hint = error.hint {
            terminal.writeLines(Paragraph(hint, indent: 2).render(width: terminal.columns - 1, style: terminal.style)
                .map { terminal.style.dim($0) })
        }
    }

    func displayProgress(_ message: String?) {
        spinner?.stop()
        spinner = nil
        // Off a TTY a progress line per look-up would only clutter the log.
        guard let message, terminal.isInteractive else { return }
        spinner = terminal.startSpinner(message)
    }

    func displayPlaces(_ places: FlightSearchPlacesViewModel) {
        switch places {
        case .table(let columns, let rows):
            terminal.display(Self.table(for: FlightSearchChoiceQuestion(title: "", columns: columns, rows: rows, defaultIndex: 0)))
        case .json(let text):
            // The server's data whole, for programs: what a terminal would obey is written as a JSON escape
            // (`\u009b`), never shown as text of ours (`<U+009B>`), which would change the data.
            terminal.write(UntrustedText.jsonEscaped(text) + "\n")
        }
    }

    func displayFailure(_ lines: [String]) {
        for line in lines {
            terminal.writeDiagnostic("✗ " + line + "\n")
        }
    }

    func ask(_ question: FlightSearchQuestion) {
        self.question = question
    }

    func finish() {
        question = nil
        spinner?.stop()
        spinner = nil
    }

    // MARK: Layout

    /// A table of choices: the name shrinks first, the country goes first when the terminal is narrow.
    static func table(for choice: FlightSearchChoiceQuestion) -> Table {
        let columns = choice.columns.enumerated().map { index, title -> Table.Column in
            switch index {
            case 0: .init(title, priority: 10, flexible: true, minimumWidth: 16)
            case 1: .init(title, priority: 9)
            default: .init(title, priority: 5 - index, flexible: true, minimumWidth: 8)
            }
        }
        // The table shrinks its widest flexible column first; a long town name must not cut the airport's.
        let rows = choice.rows.map { row in
            row.enumerated().map { index, cell in index >= 2 ? TerminalText.truncate(cell, toWidth: 16) : cell }
        }
        return Table(columns: columns, rows: rows)
    }

    /// `Enter search · p passengers · …`, wrapped between items.
    static func keyHelp(_ action: FlightSearchActionQuestion, width: Int, style: Style) -> [String] {
        let items = [("Enter", action.enterLabel)] + action.options.map { ($0.key, $0.label) }
        let lines = joined(items.map { "\($0.0) \($0.1)" }, width: width - 1)
        // Styled after wrapping, so escape sequences never count towards the width.
        return lines.map { line in
            line.components(separatedBy: " · ").map { item in
                guard let space = item.firstIndex(of: " ") else { return style.accent(item) }
                return style.accent(String(item[..<space])) + style.dim(String(item[space...]))
            }.joined(separator: style.dim(" · "))
        }
    }

    /// Pieces joined with ` · `, starting a new line between pieces when the next would not fit.
    static func joined(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + " · " + part
            if !current.isEmpty, TerminalText.displayWidth(of: candidate) > width {
                lines.append(current)
                current = part
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
