/// Choosing one of several options: a list drawn and redrawn in place on a TTY, numbered and read elsewhere.
extension Terminal {
    /// Lets the user pick one of `options`; returns its index.
    ///
    /// On an interactive terminal the list is drawn once and redrawn in place: ↑/↓ (and Page Up/Down, Home/End)
    /// move, typing a number jumps to it, Enter picks, Esc or `b` goes back, Ctrl-D ends. When done, the list is
    /// replaced by one line with the title and the choice. Elsewhere the options are printed numbered and a number
    /// is read (`b` goes back), re-asking until it is in range. With `help`, `?` (the key on a TTY, a line of `?`
    /// elsewhere) calls it above the list and asks again with the selection kept.
    ///
    /// - Parameters:
    ///   - title: what is being chosen.
    ///   - options: one line each; they are numbered here, so do not number them yourself. Lines wider than the
    ///     terminal are cut.
    ///   - defaultIndex: the option selected at first, and taken by a plain Enter off a TTY.
    ///   - header: a line shown above the options, aligned with them (column titles).
    ///   - visibleCount: on a TTY, how many options show at once; the list scrolls to keep the selection visible.
    ///   - help: writes what this list is for and its keys when `?` is pressed; the list is then drawn again below
    ///     it. `nil`: `?` does nothing.
    /// - Returns: the index of the chosen option, or how the user left. An empty list returns `.back`.
    public func choose(
        _ title: String,
        options: [String],
        default defaultIndex: Int? = nil,
        header: String? = nil,
        visibleCount: Int = 10,
        help: (@MainActor () -> Void)? = nil
    ) async -> PromptResult<Int> {
        guard !options.isEmpty else {
            display(Notice(.warning, "\(title): nothing to choose from."))
            return .back
        }
        let list = ChoiceList(
            title: title,
            options: options,
            selected: defaultIndex.map { min(max(0, $0), options.count - 1) } ?? 0,
            header: header,
            visibleCount: visibleCount,
            helps: help != nil
        )
        if isInteractive {
            return await chooseWithKeys(list, help: help)
        }
        return await chooseByNumber(list, defaultIndex: defaultIndex, help: help)
    }

    /// Lets the user pick a row of `table`; returns its index in `table.rows`.
    ///
    /// The table is rendered to fit beside the list's markers and numbers, its title line becomes the list header
    /// and its rows the options; see ``choose(_:options:default:header:visibleCount:help:)``.
    public func choose(
        _ title: String,
        from table: Table,
        default defaultIndex: Int? = nil,
        visibleCount: Int = 10,
        help: (@MainActor () -> Void)? = nil
    ) async -> PromptResult<Int> {
        let (header, options) = ChoiceList.rows(of: table, columns: columns, style: style)
        return await choose(
            title,
            options: options,
            default: defaultIndex,
            header: header,
            visibleCount: visibleCount,
            help: help
        )
    }

    private func chooseWithKeys(_ initial: ChoiceList, help: (@MainActor () -> Void)?) async -> PromptResult<Int> {
        var list = initial
        var drawn = list.lines(width: columns, style: style)
        write(drawn.joined(separator: "\n") + "\n")
        // A first Ctrl-D asks for a second (see LineReader): leaving from a list would drop what the screen holds.
        var endRequested = false
        // Erases the list so what follows (or the screen that comes back) starts where the list began.
        func eraseList() {
            write(ANSI.cursorUp(drawn.count) + "\r" + ANSI.eraseBelow)
        }
        while true {
            let key = await readKey()
            let confirmingEnd = key == .control("d") && !endRequested
            let hintShown = endRequested
            endRequested = confirmingEnd
            switch key {
            case .control("d") where confirmingEnd:
                break
            case .enter:
                eraseList()
                writeLine(list.summary(width: columns, style: style))
                return .answered(list.selected)
            case .escape, .character("b"), .character("B"):
                eraseList()
                return .back
            case .interrupt:
                eraseList()
                return .interrupt
            case .end, .control("d"):
                // A second Ctrl-D in a row, or the end of the input: as in the line editor.
                eraseList()
                return .end
            case .cancelled:
                eraseList()
                return .cancelled
            case .character("?"):
                guard let help else { continue }
                // The help goes above the list, which is drawn again below it as it was.
                eraseList()
                help()
                drawn = list.lines(width: columns, style: style)
                write(drawn.joined(separator: "\n") + "\n")
                continue
            case .line(let line):
                // Only a line-mode terminal sends lines; accept a number all the same.
                if let index = list.index(forAnswer: line) {
                    eraseList()
                    writeLine(list.summary(width: columns, style: style))
                    return .answered(index)
                }
                continue
            default:
                guard list.handle(key) || hintShown else { continue }
            }
            var lines = list.lines(width: columns, style: style)
            if endRequested { lines.append(style.dim(KeyInput.endConfirmation)) }
            // Erasing below takes away the hint's line when it goes.
            write(
                ANSI.cursorUp(drawn.count) + lines.map { "\r" + ANSI.eraseLine + $0 }.joined(separator: "\n") + "\n"
                    + ANSI.eraseBelow)
            drawn = lines
        }
    }

    private func chooseByNumber(
        _ list: ChoiceList, defaultIndex: Int?, help: (@MainActor () -> Void)?
    ) async -> PromptResult<Int> {
        writeLines(list.plainLines())
        let prompt = "Choose 1–\(list.options.count), or b to go back\(help == nil ? "" : " (? help)"): "
        while true {
            let input = await readLine(prompt: prompt, default: defaultIndex.map { String($0 + 1) })
            guard case .text(let answer) = input else { return PromptResult(leaving: input) ?? .end }
            if TerminalText.trimmingWhitespace(answer).lowercased() == "b" { return .back }
            if let help, TerminalText.trimmingWhitespace(answer) == "?" {
                help()
                continue
            }
            if let index = list.index(forAnswer: answer) { return .answered(index) }
            display(Notice(.error, "Enter a number from 1 to \(list.options.count), or b to go back."))
        }
    }
}

/// The state and drawing of a ``Terminal/choose(_:options:default:header:visibleCount:help:)`` list.
struct ChoiceList {
    let title: String
    let options: [String]
    private(set) var selected: Int
    let header: String?
    let visibleCount: Int
    /// `?` shows help, so the key hint names it.
    let helps: Bool
    /// The first option shown when the list scrolls.
    private var top = 0
    /// Digits typed so far, so "1", "2" reaches option 12.
    private var typedNumber = ""

    init(title: String, options: [String], selected: Int, header: String?, visibleCount: Int, helps: Bool = false) {
        self.helps = helps
        self.title = title
        self.options = options
        self.selected = selected
        self.header = header
        self.visibleCount = max(1, min(visibleCount, options.count))
        scrollToSelection()
    }

    /// `table` as a list's header and options: rendered to fit beside the markers and numbers of a terminal
    /// `columns` wide, its title line the header and its rows the options.
    static func rows(of table: Table, columns: Int, style: Style) -> (header: String?, options: [String]) {
        var table = table
        table.firstRowNumber = nil
        table.showsHeader = true
        let lines = table.render(width: max(1, columns - 1 - prefixWidth(optionCount: table.rows.count)), style: style)
        return (lines.first, Array(lines.dropFirst()))
    }

    /// The columns before an option's text: a marker, a space, the right-aligned number with its dot, a space.
    static func prefixWidth(optionCount: Int) -> Int {
        2 + String(optionCount).count + 2
    }

    /// Applies a navigation key; returns whether anything changed.
    mutating func handle(_ key: KeyInput) -> Bool {
        let before = selected
        switch key {
        case .up, .control("p"):
            selected = selected > 0 ? selected - 1 : options.count - 1
        case .down, .control("n"), .tab:
            selected = selected < options.count - 1 ? selected + 1 : 0
        case .pageUp:
            selected = max(0, selected - visibleCount)
        case .pageDown:
            selected = min(options.count - 1, selected + visibleCount)
        case .home:
            selected = 0
        case .endKey:
            selected = options.count - 1
        case .character(let character) where character.isASCII && character.isWholeNumber:
            typedNumber.append(character)
            if let number = Int(typedNumber), (1...options.count).contains(number) {
                selected = number - 1
            } else if let number = Int(String(character)), (1...options.count).contains(number) {
                typedNumber = String(character)
                selected = number - 1
            } else {
                typedNumber = ""
            }
            scrollToSelection()
            return selected != before
        default:
            return false
        }
        typedNumber = ""
        scrollToSelection()
        return selected != before
    }

    /// The index for a typed answer (`"3"` is the third option), or `nil` when it is not a number in range.
    func index(forAnswer answer: String) -> Int? {
        guard let number = Int(TerminalText.trimmingWhitespace(answer)), (1...options.count).contains(number) else {
            return nil
        }
        return number - 1
    }

    /// The list as drawn on a TTY: title, header, the visible options, and a key hint; each line fits in `width`.
    func lines(width: Int, style: Style) -> [String] {
        let usable = max(1, width - 1)
        let prefixWidth = Self.prefixWidth(optionCount: options.count)
        let numberWidth = String(options.count).count + 1
        var lines = [style.bold(title)]
        if let header {
            lines.append(String(repeating: " ", count: prefixWidth) + header)
        }
        for index in top..<(top + visibleCount) {
            let number = TerminalText.pad("\(index + 1).", toWidth: numberWidth, alignment: .right)
            let text = TerminalText.truncate(options[index], toWidth: max(1, usable - prefixWidth))
            if index == selected {
                lines.append(style.accent("›") + " " + style.accent(number) + " " + style.bold(text))
            } else {
                lines.append("  " + style.dim(number) + " " + text)
            }
        }
        var hint = "↑/↓ move · Enter choose · Esc back" + (helps ? " · ? help" : "")
        if visibleCount < options.count {
            hint += " · \(top + 1)–\(top + visibleCount) of \(options.count)"
        }
        lines.append(style.dim(hint))
        return lines.map { TerminalText.truncate($0, toWidth: usable) }
    }

    /// The list as printed off a TTY: title, header and every option, numbered.
    func plainLines() -> [String] {
        let prefixWidth = Self.prefixWidth(optionCount: options.count)
        let numberWidth = String(options.count).count + 1
        var lines = [title]
        if let header { lines.append(String(repeating: " ", count: prefixWidth) + header) }
        for (index, option) in options.enumerated() {
            lines.append("  " + TerminalText.pad("\(index + 1).", toWidth: numberWidth, alignment: .right) + " " + option)
        }
        return lines
    }

    /// The one line that replaces the list once chosen: the title and the chosen option.
    func summary(width: Int, style: Style) -> String {
        let choice = TerminalText.trimmingWhitespace(options[selected])
        return TerminalText.truncate(style.bold(title) + " " + style.accent(choice), toWidth: max(1, width - 1))
    }

    private mutating func scrollToSelection() {
        if selected < top { top = selected }
        if selected >= top + visibleCount { top = selected - visibleCount + 1 }
    }
}
