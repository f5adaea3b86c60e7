import Foundation
import TerminalUI

/// What each pane shows of a step, as plain lines at a width: the screen, and the step printed off a terminal, both
/// say a step in these words. Text from the recording is made visible where it is drawn, never here obeyed.
enum TravelPanes {
    static func lines(_ pane: TravelPane, of step: TimelineStep, width: Int) -> [String] {
        let width = max(20, width)
        switch pane {
        case .screen:
            return (step.screen + step.question).map { TerminalText.truncate(shown($0), toWidth: width) }
        case .action:
            return TerminalText.wrap(
                "Action \(shown(step.action)) of \(shown(step.module)), as recorded (personal fields hold their stand-ins):",
                toWidth: width) + wrapped(step.actionValue.pretty.map(shown), width: width)
        case .state:
            return stateLines(of: step, width: width)
        case .effects:
            guard step.now.effects != .array([]) else { return ["No effects: the step changed the state only."] }
            return TerminalText.wrap("The effects \(shown(step.module)) gives for it:", toWidth: width)
                + wrapped(step.now.effects.pretty.map(shown), width: width)
        case .difference:
            return differenceLines(of: step, width: width)
        }
    }

    private static func stateLines(of step: TimelineStep, width: Int) -> [String] {
        let module = shown(step.module)
        guard !step.changes.isEmpty else { return TerminalText.wrap("Nothing in the state of \(module) changed.", toWidth: width) }
        let fields = step.changes.count == 1 ? "1 field" : "\(step.changes.count) fields"
        var lines = TerminalText.wrap("\(fields) of the state of \(module) changed:", toWidth: width)
        for change in step.changes {
            lines.append(TerminalText.truncate(shown(change.path), toWidth: width))
            lines.append(TerminalText.truncate("  − " + shown(change.before?.compact ?? "(none)"), toWidth: width))
            lines.append(TerminalText.truncate("  + " + shown(change.after?.compact ?? "(none)"), toWidth: width))
        }
        return lines
    }

    /// The recording and today's code side by side: the screen each leaves, line by line (`≠` between lines that
    /// differ), then the effects.
    private static func differenceLines(of step: TimelineStep, width: Int) -> [String] {
        guard step.differs else {
            return TerminalText.wrap(
                "Step \(step.number) does what it did when recorded: the same effects, the same screen.", toWidth: width)
        }
        let side = max(8, (width - 3) / 2)
        var lines = TerminalText.wrap(
            "Step \(step.number) differs: the recording on the left, what today's code does on the right.", toWidth: width)
        lines.append(pair("Recorded", "Now", side: side, same: true))
        let screens = max(step.recorded.screen.count, step.now.screen.count)
        for index in 0..<screens {
            let recorded = shown(index < step.recorded.screen.count ? step.recorded.screen[index] : "")
            let now = shown(index < step.now.screen.count ? step.now.screen[index] : "")
            // A line the same on both sides is cut to fit; one that differs is shown whole, wrapped in its column.
            lines += recorded == now ? [pair(recorded, now, side: side, same: true)] : pairs(recorded, now, side: side)
        }
        let same = step.recorded.effects == step.now.effects
        lines.append(pair(same ? "Effects (the same)" : "Effects", "", side: side, same: same))
        lines += same
            ? wrapped([shown(step.now.effects.compact)], width: side).map { pair($0, $0, side: side, same: true) }
            : pairs(shown(step.recorded.effects.compact), shown(step.now.effects.compact), side: side)
        return lines
    }

    /// Two texts that differ, each wrapped in its column, `≠` between them.
    private static func pairs(_ left: String, _ right: String, side: Int) -> [String] {
        let left = wrapped([left], width: side)
        let right = wrapped([right], width: side)
        return (0..<max(left.count, right.count)).map { index in
            pair(index < left.count ? left[index] : "", index < right.count ? right[index] : "", side: side, same: false)
        }
    }

    private static func pair(_ left: String, _ right: String, side: Int, same: Bool) -> String {
        let line = TerminalText.fit(left, toWidth: side) + (same ? " │ " : " ≠ ") + TerminalText.truncate(right, toWidth: side)
        return line.replacing(/\ +$/, with: "")
    }

    /// Text from the recording as it may be drawn: control characters and escape sequences made visible, and no
    /// line break or tab inside a line (each would move what follows). Done before a line is measured and cut.
    static func shown(_ text: String) -> String {
        UntrustedText.visible(text).replacingOccurrences(of: "\n", with: "↵").replacingOccurrences(of: "\t", with: " ")
    }

    /// Lines cut into pieces of `width` columns, so a long value is read whole.
    static func wrapped(_ lines: [String], width: Int) -> [String] {
        lines.flatMap { line -> [String] in
            var pieces: [String] = []
            var piece = ""
            var used = 0
            for character in line {
                let columns = TerminalText.displayWidth(of: character)
                if used + columns > width, !piece.isEmpty {
                    pieces.append(piece)
                    piece = ""
                    used = 0
                }
                piece.append(character)
                used += columns
            }
            return pieces + [piece]
        }
    }
}
