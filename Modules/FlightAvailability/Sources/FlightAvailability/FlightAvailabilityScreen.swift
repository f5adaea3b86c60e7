import Entities
import Trips
import ModuleCore
import Services
import TerminalUI
import TravelText

/// What the availability screen shows and asks in each state, and what each key or line means there.
extension FlightAvailabilityReducer {
    // MARK: Showing and asking

    /// The page and the question: an overlay (a list, a question, the keys) first; then the phase's page. On a
    /// TTY a page is drawn alone and keys act at once; on lines a page follows the log, after a blank line, and a
    /// command is typed after its prompt. Nothing is asked while a search runs on lines, or once the input ended.
    static func screen(_ state: State) -> ScreenModel {
        var model = interactiveScreen(state)
        if state.isFinished { model.question = nil }
        return model
    }

    private static func interactiveScreen(_ state: State) -> ScreenModel {
        let keys = state.inputStyle == .keys
        switch state.overlay {
        case .choice(let kind)?:
            let choice = AvailabilityViewModels.choice(kind, state)
            return ScreenModel(
                page: [.blank],
                question: .choice(choice.title, choice.options, selected: choice.selected)
                    .helped(by: [.hint(AvailabilityViewModels.help(for: kind))]))
        case .question(let kind)?:
            let question = AvailabilityViewModels.question(kind, state)
            return ScreenModel(
                page: [.blank] + question.intro.map { .text($0) },
                question: .checked(question.question, default: question.defaultAnswer)
                    .helped(by: [.hint(AvailabilityViewModels.help(for: kind))]))
        case .help?:
            return ScreenModel(page: helpBlocks(state), layout: .whole, question: .keys(""))
        case nil:
            break
        }
        let lead: [ScreenBlock] = keys ? [] : [.blank]
        switch AvailabilityViewModels.screen(state) {
        case .loading(let loading)? where keys:
            // Esc cancels, b goes back; the spinner turns below the page.
            return ScreenModel(
                page: header(loading.header) + [.blank] + hint(loading.legend), layout: .whole, question: .keys(""))
        case .loading?, nil:
            // On lines the header comes with the results; the log needs only the progress line.
            return ScreenModel(page: [], layout: .whole)
        case .results(let page)?:
            let table = OfferTable.table(
                page.rows, showsLegRoute: page.showsLegRoute, showsEmissions: page.showsEmissions, marksHighlight: keys,
                sortedBy: state.sort)
            let highlighted = page.rows.flatMap { row in row.legs.map { _ in row.isHighlighted } }
            return ScreenModel(
                page: lead + header(page.header) + hint(page.status)
                    + [.blank, drawing(table, width: state.columns, bold: highlighted), .blank]
                    + hint(page.legend),
                layout: .whole, question: .keys(keys ? "" : page.prompt))
        case .noOffers(let empty)?:
            return ScreenModel(
                page: lead + header(empty.header) + [.blank, .notice(Notice(.warning, empty.message)),
                                                     .text(empty.suggestion, indent: 2), .blank] + hint(empty.legend),
                layout: .whole, question: .keys(keys ? "" : empty.prompt))
        case .error(let error)?:
            return ScreenModel(
                page: lead + header(error.header) + [.blank] + problemBlocks(error.notice, error.details, error.suggestion)
                    + [.blank] + hint(error.legend),
                layout: .whole, question: .keys(keys ? "" : error.prompt))
        case .dateGrid(let grid)?:
            return ScreenModel(
                page: lead + header(grid.header) + [
                    .blank, .text(grid.title), .blank,
                    .drawing(DateGridDrawing.lines(grid, width: state.columns)), .blank,
                ]
                    + (grid.detail.isEmpty ? [] : [.text(grid.detail)]) + hint(grid.footnote) + hint(grid.legend),
                layout: .whole, question: .keys(keys ? "" : grid.prompt))
        }
    }

    /// Why `answer` cannot answer the question asked, said as it is typed; `nil` when it can.
    static func problem(with answer: String, in state: State) -> String? {
        guard case .question(let kind)? = state.overlay else { return nil }
        return AvailabilityCommands.problem(with: answer, for: kind, offers: state.result?.offers ?? [])
    }

    // MARK: Reading

    /// What `input` means in `state`: the overlay's answer first, then the page's keys or typed commands.
    static func action(for input: ScreenInput, in state: State) -> FlightAvailabilityAction? {
        switch input {
        case .interrupted: return .interrupted
        case .ended: return .inputEnded
        default: break
        }
        switch (state.overlay, input) {
        case (.help?, _): return .helpDismissed
        case (.choice(let kind)?, .chose(let index)): return .chose(index, in: kind)
        case (.question(let kind)?, .line(let answer)): return .answered(answer, to: kind)
        case (_?, .back): return .promptDismissed
        case (_?, _): return nil
        case (nil, .line(let line)): return .entered(line)
        case (nil, .back): return state.phase == .searching ? .cancelLoading : .back
        case (nil, .key(let key)): return action(for: key, in: state)
        case (nil, _): return nil
        }
    }

    /// One key on a page: only `b` while the spinner turns (Esc is ``ScreenInput/back``).
    private static func action(for key: KeyInput, in state: State) -> FlightAvailabilityAction? {
        let inDates = state.phase == .dateGrid
        if state.phase == .searching {
            return key == .character("b") || key == .character("B") ? .back : nil
        }
        switch key {
        case .character("b"), .character("B"): return .back
        case .up, .control("p"): return .moved(-1)
        case .down, .control("n"), .tab: return .moved(1)
        case .left where inDates: return .movedAcross(-1)
        case .right where inDates: return .movedAcross(1)
        case .enter: return .enterPressed
        case .pageDown, .right, .character("n"), .character(" "): return .nextPage
        case .pageUp, .left, .character("p"): return .previousPage
        case .character("s"): return .sortTapped
        case .character("f"): return .filterTapped
        case .character("c"): return .clearFilters
        case .character("d"): return .datesTapped
        case .character("w") where !inDates: return .watchTapped
        case .character("r"): return .retry
        case .character("?"), .character("h"): return .helpTapped
        case .character(let character) where character.isASCII && character.isWholeNumber:
            return character.wholeNumberValue.map(FlightAvailabilityAction.typedDigit)
        default: return nil
        }
    }

    // MARK: Blocks

    private static func header(_ header: TripHeader) -> [ScreenBlock] {
        [.header(header.title)] + hint(header.details)
    }

    private static func hint(_ text: String) -> [ScreenBlock] {
        text.isEmpty ? [] : [.hint(text)]
    }

    /// What went wrong, further problems one per line, and what to do.
    private static func problemBlocks(_ notice: Notice, _ details: [String], _ suggestion: String) -> [ScreenBlock] {
        [.notice(notice)] + details.map { .text($0, indent: 2) } + (suggestion.isEmpty ? [] : [.text(suggestion, indent: 2)])
    }

    /// The keys (TTY) or the commands (lines).
    static func helpBlocks(_ state: State) -> [ScreenBlock] {
        let help = AvailabilityViewModels.help(state)
        return [.header(help.title), .rows(KeyValueList(rows: help.rows))] + (help.legend.isEmpty ? [] : [.blank, .hint(help.legend)])
    }

    // MARK: Tables

    /// `table` fitted to the terminal's width, as lines drawn as they are: the column titles and each row marked in
    /// `bold` in bold (so the highlight shows without colour too), each marked in `warned` as a warning.
    private static func drawing(_ table: Table, width: Int, bold: [Bool], warned: [Bool] = []) -> ScreenBlock {
        .drawing(table.render(width: width, style: .plain).enumerated().map { index, line in
            let row = index - 1
            var look: StyledRun.Look = []
            if row < 0 || (bold.indices.contains(row) && bold[row]) { look.insert(.bold) }
            if warned.indices.contains(row), warned[row] { look.insert(.warning) }
            return StyledLine([StyledRun(line, look)])
        })
    }
}
