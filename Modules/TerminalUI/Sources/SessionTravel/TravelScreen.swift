import ModuleCore
import TerminalUI

/// What the time-travel screen shows in a state: the step's pane filling the terminal, a bar under it (the step of
/// all, the module, the action, the time into the session), a line saying what is shown, and the keys.
enum TravelScreen {
    /// The keys, as the question below the bar names them: in words where they fit, else in short.
    static func keys(columns: Int) -> String {
        let words = "←/→ step · [ ] module · a action · s state · e effects · d next ≠ · q"
        return TerminalText.displayWidth(of: words) <= columns - 2 ? words : "←/→ · [ ] · a s e d · ? keys · q"
    }

    /// The rows the pane has on a terminal of `rows` and `columns`: all but the bar, the line under it and the keys.
    static func bodyHeight(rows: Int, columns: Int) -> Int {
        let keys = TerminalText.wrap(keys(columns: columns), toWidth: max(20, columns - 2)).count
        return max(1, rows - 2 - keys)
    }

    /// The first line of the pane shown, with `scroll` lines moved from where the pane starts (a screen at its
    /// bottom, as a terminal shows a long page; the others at their top), kept within the pane.
    static func top(of pane: TravelPane, lines: Int, rows: Int, columns: Int, scroll: Int) -> Int {
        let last = max(0, lines - bodyHeight(rows: rows, columns: columns))
        let start = pane == .screen ? last : 0
        return min(max(0, start + scroll), last)
    }

    static func model(of state: TravelState) -> ScreenModel {
        guard !state.closed else {
            let at = state.step.map { "step \($0.number) of \(state.timeline.steps.count)" } ?? "the start"
            return ScreenModel(page: [.text("Left the recording at \(at).")], layout: .whole)
        }
        guard let step = state.step else {
            return ScreenModel(
                page: [.text("The recording has no steps: nothing was done on its screens.")],
                question: .keys("q leaves", help: help))
        }
        let width = max(20, state.columns - 1)
        let height = bodyHeight(rows: state.rows, columns: state.columns)
        // The screen as it was painted, at its full width; the other panes leave the last column free.
        let lines = TravelPanes.lines(state.pane, of: step, width: state.pane == .screen ? max(20, state.columns) : width)
        let top = top(of: state.pane, lines: lines.count, rows: state.rows, columns: state.columns, scroll: state.scroll)
        var body = Array(lines.dropFirst(top).prefix(height))
        body += Array(repeating: "", count: height - body.count)
        let page: [ScreenBlock] = [
            .drawing(body.map { StyledLine($0) }),
            .drawing([StyledLine([StyledRun(bar(of: step, in: state, width: width), step.differs ? [.bold, .warning] : .bold)])]),
            .drawing([StyledLine([StyledRun(says(state, lines: lines.count, top: top, height: height), .dim)])]),
        ]
        return ScreenModel(page: page, layout: .whole, question: .keys(keys(columns: state.columns), help: help))
    }

    /// `── step 12 of 36 · FlightSummary #3 · entered · 0:14.2 ──── ≠ differs ──`
    static func bar(of step: TimelineStep, in state: TravelState, width: Int) -> String {
        let time = step.milliseconds.map(clock) ?? "no time"
        let module = TravelPanes.shown(step.module), action = TravelPanes.shown(step.action)
        let said = "── step \(step.number) of \(state.timeline.steps.count) · \(module) #\(step.instance) · \(action) · \(time) "
        let end = step.differs ? " ≠ differs ──" : ""
        let room = width - TerminalText.displayWidth(of: end)
        let fill = max(0, room - TerminalText.displayWidth(of: said))
        return TerminalText.truncate(said, toWidth: room) + String(repeating: "─", count: fill) + end
    }

    /// A time into the session: `0:14.2`, `1:02:03.0`.
    static func clock(_ milliseconds: Int) -> String {
        let tenths = max(0, milliseconds) / 100
        let seconds = tenths / 10
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let fraction = "\(rest < 10 ? "0" : "")\(rest).\(tenths % 10)"
        return hours > 0 ? "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(fraction)" : "\(minutes):\(fraction)"
    }

    /// The line under the bar: the step number being typed, the last key's word, or what the pane is.
    private static func says(_ state: TravelState, lines: Int, top: Int, height: Int) -> String {
        if !state.typed.isEmpty { return "Go to step \(state.typed)_ · Enter goes there · Esc drops it" }
        if let note = state.note { return TerminalText.truncate(note, toWidth: max(20, state.columns - 1)) }
        let number = state.step?.number ?? 0
        var said: String
        switch state.pane {
        case .screen:
            let widest = (state.step?.screen ?? []).map(TerminalText.displayWidth(of:)).max() ?? 0
            if widest > state.columns {
                said = "Lines are cut at \(state.columns) columns: the screen was \(widest) wide."
            } else if let first = state.timeline.firstDifference, state.position >= first {
                let from = state.timeline.steps[first].number
                said = "The screen today's code paints after step \(number); the recording differs from step \(from) (d)."
            } else {
                said = "The screen after step \(number), as it was painted."
            }
        case .action: said = "The action of step \(number) · a again: the screen."
        case .state: said = "What step \(number) changed in the state · s again: the screen."
        case .effects: said = "The effects of step \(number) · e again: the screen."
        case .difference: said = "The recording beside today's code at step \(number) · d: the next step that differs."
        }
        if lines > height {
            said = "↑/↓ lines \(top + 1)–\(min(lines, top + height)) of \(lines) · " + said
        }
        return TerminalText.truncate(said, toWidth: max(20, state.columns - 1))
    }

    static let help: [ScreenBlock] = [
        .header("Time travel"),
        .rows(KeyValueList(rows: [
            .init("← →, Space", "one step back, one on"),
            .init("Home  End", "the first step, the last"),
            .init("[  ]", "the first step of the module before, of the one after"),
            .init("12 Enter", "step 12"),
            .init("a", "the action in full, as recorded"),
            .init("s", "what the step changed in the module's state, field by field"),
            .init("e", "the effects the step gave"),
            .init("d", "the next step today's code does differently, beside the recording"),
            .init("↑ ↓  PgUp PgDn", "scroll what is shown"),
            .init("Esc", "back to the screen; q leaves"),
        ], indent: 2)),
    ]
}
