import Foundation
import ModuleCore
import TerminalUI

/// The time-travel screen's rules: which step is shown and how, moved by the keys. Pure; nothing is run.
enum TravelFeature: ScreenFeature {
    typealias Work = TravelWork
    typealias Route = TravelRoute

    static let module = "SessionTravel"

    static func reduce(_ state: inout TravelState, _ action: TravelAction) -> [ScreenEffect<TravelWork, TravelRoute>] {
        let count = state.timeline.steps.count
        state.note = nil
        switch action {
        case .appeared(let columns, let rows):
            state.columns = columns
            state.rows = rows
        case .move(let delta):
            let target = state.position + delta
            guard count > 0, (0..<count).contains(target) else {
                state.note = delta < 0 ? "This is the first step." : "This is the last step."
                return []
            }
            go(to: target, in: &state)
        case .first:
            go(to: 0, in: &state)
        case .last:
            go(to: max(0, count - 1), in: &state)
        case .previousModule:
            guard let target = startOfRun(before: state.position, in: state.timeline) else {
                state.note = "No module was shown before this one."
                return []
            }
            go(to: target, in: &state)
        case .nextModule:
            guard let target = startOfRun(after: state.position, in: state.timeline) else {
                state.note = "No module is shown after this one."
                return []
            }
            go(to: target, in: &state)
        case .typed(let digit):
            if state.typed.count < 9 { state.typed.append(digit) }
        case .erase:
            state.typed = String(state.typed.dropLast())
        case .enter:
            guard let number = Int(state.typed) else { return [] }
            state.typed = ""
            return reduce(&state, .go(toStep: number))
        case .go(let number):
            state.typed = ""
            guard let target = state.timeline.position(ofStep: number) else {
                state.note = state.timeline.stepNumbers.map {
                    "There is no step \(number): the steps are \($0.lowerBound) to \($0.upperBound)."
                } ?? "The recording has no steps."
                return []
            }
            go(to: target, in: &state)
        case .show(let pane):
            state.pane = state.pane == pane ? .screen : pane
            state.scroll = 0
        case .nextDifference:
            if state.step?.differs == true, state.pane != .difference {
                state.pane = .difference
                state.scroll = 0
                return []
            }
            guard let target = state.timeline.nextDifference(after: state.position) else {
                state.note = "No later step does anything different from the recording."
                return []
            }
            go(to: target, in: &state)
            state.pane = .difference
        case .scroll(let lines):
            guard let step = state.step else { return [] }
            let width = state.pane == .screen ? state.columns : state.columns - 1
            let count = TravelPanes.lines(state.pane, of: step, width: max(20, width)).count
            let (rows, columns) = (state.rows, state.columns)
            let from = TravelScreen.top(of: state.pane, lines: count, rows: rows, columns: columns, scroll: 0)
            let to = TravelScreen.top(of: state.pane, lines: count, rows: rows, columns: columns, scroll: state.scroll + lines)
            state.scroll = to - from
        case .back:
            if !state.typed.isEmpty {
                state.typed = ""
            } else if state.pane != .screen {
                state.pane = .screen
                state.scroll = 0
            } else {
                state.closed = true
                return [.leave(.closed)]
            }
        case .close:
            state.closed = true
            return [.leave(.closed)]
        }
        return []
    }

    static func action(for input: ScreenInput, in state: TravelState) -> TravelAction? {
        switch input {
        case .key(let key): action(for: key, in: state)
        case .line(let line): action(forLine: line.trimmingCharacters(in: .whitespaces))
        case .back: .back
        case .interrupted, .ended: .close
        case .chose: nil
        }
    }

    static func screen(_ state: TravelState) -> ScreenModel {
        TravelScreen.model(of: state)
    }

    private static func action(for key: KeyInput, in state: TravelState) -> TravelAction? {
        switch key {
        case .left: .move(by: -1)
        case .right, .character(" "): .move(by: 1)
        case .home: .first
        case .endKey: .last
        case .up: .scroll(by: -1)
        case .down: .scroll(by: 1)
        case .pageUp: .scroll(by: -TravelScreen.bodyHeight(rows: state.rows, columns: state.columns))
        case .pageDown: .scroll(by: TravelScreen.bodyHeight(rows: state.rows, columns: state.columns))
        case .enter: state.typed.isEmpty ? nil : .enter
        case .backspace: state.typed.isEmpty ? nil : .erase
        case .character(let character) where character.isASCII && character.isWholeNumber: .typed(String(character))
        case .character(let character): action(forLine: String(character))
        default: nil
        }
    }

    /// What a word typed means: a step number, or a key's letter.
    private static func action(forLine line: String) -> TravelAction? {
        if let number = Int(line) { return .go(toStep: number) }
        switch line.lowercased() {
        case "": return .move(by: 1)
        case "<", "p", "prev", "previous": return .move(by: -1)
        case ">", "n", "next": return .move(by: 1)
        case "[": return .previousModule
        case "]": return .nextModule
        case "a": return .show(.action)
        case "s": return .show(.state)
        case "e": return .show(.effects)
        case "d": return .nextDifference
        case "q", "quit": return .close
        default: return nil
        }
    }

    private static func go(to position: Int, in state: inout TravelState) {
        state.position = position
        state.scroll = 0
    }

    /// The first step of the run of steps (one module instance's, in a row) that ends just before `position`'s run.
    private static func startOfRun(before position: Int, in timeline: SessionTimeline) -> Int? {
        let start = startOfRun(containing: position, in: timeline)
        // Within a run, `[` first goes back to its start.
        if start < position { return start }
        guard start > 0 else { return nil }
        return startOfRun(containing: start - 1, in: timeline)
    }

    private static func startOfRun(after position: Int, in timeline: SessionTimeline) -> Int? {
        let steps = timeline.steps
        guard steps.indices.contains(position) else { return nil }
        return steps.indices.first { $0 > position && !sameModule(steps[$0], steps[position]) }
    }

    private static func startOfRun(containing position: Int, in timeline: SessionTimeline) -> Int {
        let steps = timeline.steps
        guard steps.indices.contains(position) else { return 0 }
        var start = position
        while start > 0, sameModule(steps[start - 1], steps[position]) { start -= 1 }
        return start
    }

    private static func sameModule(_ one: TimelineStep, _ other: TimelineStep) -> Bool {
        one.module == other.module && one.instance == other.instance
    }
}
