import ModuleCore
public import TerminalUI

/// Time travel through a recorded session: each step's screen as it was painted, back and forth, with the action,
/// what it changed in the state and the effects it gave, and the steps today's code does differently beside the
/// recording.
///
/// ```swift
/// let timeline = try SessionTimeline(recording: text, modules: replays, columns: terminal.columns)
/// await SessionTravel.screen(timeline, terminal: terminal).run()       // on a terminal
/// print(SessionTravel.report(of: timeline.steps[18], in: timeline).joined(separator: "\n"))   // off one
/// ```
public enum SessionTravel {
    /// The time-travel screen over `timeline` on `terminal`, showing the step at `position` first. Its keys:
    /// `←`/`→` a step, `Home`/`End`, `[`/`]` the module before or after, a number and Enter, `a` the action, `s` the
    /// state's change, `e` the effects, `d` the next step that differs, `?` all of them, `q` or Esc to leave.
    /// `run()` returns `.done` when the person leaves.
    @MainActor
    public static func screen(_ timeline: SessionTimeline, terminal: any Terminal, startingAt position: Int = 0) -> any Screen {
        let start = timeline.steps.isEmpty ? 0 : min(max(0, position), timeline.steps.count - 1)
        return ScreenRunner<TravelFeature>(
            state: TravelState(timeline: timeline, position: start), terminal: terminal,
            appearing: { .appeared(columns: terminal.columns, rows: terminal.rows) },
            perform: { (_: TravelWork) in nil }, leave: { (_: TravelRoute) in nil })
    }

    /// A step in words, for a terminal that is not one or a script: the bar's facts, the screen it left, the action,
    /// what it changed in the state, the effects, and beside the recording when today's code does differently. Text
    /// from the recording is in it as written: make it visible before writing it to a terminal.
    public static func report(of step: TimelineStep, in timeline: SessionTimeline, width: Int = 80) -> [String] {
        let width = max(20, width)
        let time = step.milliseconds.map { ", \(TravelScreen.clock($0)) into the session" } ?? ""
        let module = TravelPanes.shown(step.module), action = TravelPanes.shown(step.action)
        let diverged = timeline.firstDifference.map { timeline.steps[$0].number <= step.number } ?? false
        var lines = [
            "Step \(step.number) of \(timeline.steps.count): \(module) #\(step.instance), \(action)\(time)"
                + (step.differs ? "; today's code does something different" : "") + ".",
            "",
            diverged ? "The screen after it, as today's code paints it:" : "The screen after it:",
        ]
        lines += TravelPanes.lines(.screen, of: step, width: width)
        for pane in [TravelPane.action, .state, .effects] + (step.differs ? [.difference] : []) {
            lines.append("")
            lines += TravelPanes.lines(pane, of: step, width: width)
        }
        return lines.map { $0.replacing(/\ +$/, with: "") }
    }
}
