import Foundation
public import ModuleCore
import TerminalUI

/// A recorded session laid out for time travel: every step, each with the screen as it was painted after it, the
/// action, the state's change and the effects, computed once by replaying the whole recording through today's
/// reducers, headlessly, with no service called.
///
/// ```swift
/// let timeline = try SessionTimeline(recording: text, modules: [FlightSearchBuilder.replay], columns: 80)
/// let step = timeline.steps[11]            // step 12
/// step.changes.map(\.path)                 // ["passengers[0].givenName", "question"]
/// timeline.nextDifference(after: 0)        // the first step today's code does differently, if any
/// ```
///
/// Unlike `SessionReplayer`, which stops at the first step that differs, the timeline goes on to the end, so every
/// step can be visited; a step after one that differs starts from the state today's code made.
public struct SessionTimeline: Sendable, Hashable, Codable {
    /// The lines of the terminal kept for each step: the bottom of a long page.
    public static let keptLines = 200

    /// The recording's format.
    public let format: Int
    /// Every step, in the order it was taken.
    public let steps: [TimelineStep]

    /// The timeline of the recording `text` (JSON lines), each module replayed by its entry in `modules`, its
    /// screens painted at `columns`. Throws, saying why, when the text is not a recording this version reads (a
    /// format of another version, a module it does not have, a state that no longer reads), as a replay does.
    @MainActor
    public init(recording text: String, modules: [ModuleReplay], columns: Int = 80) throws(RecordingError) {
        let session = try RecordedSession(text)
        // One terminal for every module, as the app has: a TTY, so a whole page clears what was there.
        let canvas = VirtualTerminal(columns: max(20, columns), isInteractive: true)
        var running = RunningModules(
            modules: Dictionary(modules.map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first }), terminal: canvas)
        var states: [String: JSONValue] = [:]
        var steps: [TimelineStep] = []
        // A step that painted nothing shares the screen of the one before (one copy, not one per step).
        var screen: [String] = []
        var painted = -1
        for entry in session.entries {
            switch entry {
            case .start(let name, let instance, let state, let line):
                try running.start(name, instance: instance, state: state, line: line)
                states["\(name)#\(instance)"] = nil
            case .step(let recordedStep):
                let module = try running.module(of: recordedStep)
                let key = "\(recordedStep.module)#\(recordedStep.instance)"
                let before = states[key] ?? Self.value(module.state())
                let replayed = try running.replay(recordedStep)
                let after = Self.value(module.state())
                states[key] = after
                if canvas.output.utf8.count != painted {
                    painted = canvas.output.utf8.count
                    let now = Array(canvas.screen.suffix(Self.keptLines))
                    if now != screen { screen = now }
                }
                steps.append(TimelineStep(
                    number: recordedStep.number, module: recordedStep.module, instance: recordedStep.instance,
                    action: recordedStep.actionName, actionValue: recordedStep.action.flatMap(JSONValue.init(data:)) ?? .null,
                    milliseconds: recordedStep.milliseconds,
                    screen: screen,
                    question: QuestionLines.lines(module.question(), columns: canvas.columns),
                    changes: StateChange.changes(from: before, to: after),
                    recorded: .init(effects: Self.value(of: recordedStep.effects), screen: recordedStep.screen as? [String] ?? []),
                    now: .init(effects: Self.value(of: replayed.effects), screen: replayed.screen ?? []),
                    differs: replayed.canonical != recordedStep.canonical))
            }
        }
        self.format = session.format
        self.steps = steps
    }

    /// The position of the first step after `position` where today's code does something different; `nil` when
    /// every later step does what it did.
    public func nextDifference(after position: Int) -> Int? {
        steps.indices.first { $0 > position && steps[$0].differs }
    }

    /// The position of the first step today's code does differently, as the headless replay reports it.
    public var firstDifference: Int? { nextDifference(after: -1) }

    /// The numbers of the first and the last step; `nil` for a recording with no steps.
    public var stepNumbers: ClosedRange<Int>? {
        guard let first = steps.map(\.number).min(), let last = steps.map(\.number).max() else { return nil }
        return first...last
    }

    /// The position of the step numbered `number` in the recording, if it has one.
    public func position(ofStep number: Int) -> Int? {
        steps.firstIndex { $0.number == number }
    }

    private static func value(_ data: Data?) -> JSONValue {
        data.flatMap(JSONValue.init(data:)) ?? .null
    }

    /// A value JSONSerialization read (or a sentence said in its place) as a JSON value.
    private static func value(of object: Any) -> JSONValue {
        if let text = object as? String { return .string(text) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]) else { return .null }
        return value(data)
    }
}
