import Foundation
public import TerminalUI

/// The outcome of a replay.
public struct ReplayReport: Sendable, Equatable {
    /// Steps replayed that matched the recording.
    public var matched: Int
    /// The first step where the reducers now do something different, if any.
    public var divergence: ReplayDivergence?

    /// A report of `matched` steps and the `divergence` that stopped the replay, if any.
    public init(matched: Int, divergence: ReplayDivergence?) {
        self.matched = matched
        self.divergence = divergence
    }
}

/// The first step of a replay that differs from its recording.
public struct ReplayDivergence: Sendable, Equatable, CustomStringConvertible {
    /// The step's number in the recording.
    public var step: Int
    /// The module.
    public var module: String
    /// Which instance of the module (1 for the first one built).
    public var instance: Int
    /// The action's name (`sortChosen`).
    public var action: String
    /// The effects the recording has (canonical JSON).
    public var recorded: String
    /// The effects the reducer gives now (canonical JSON).
    public var replayed: String

    public var description: String {
        """
        Step \(step) differs: \(module) #\(instance), action \(action).
          recorded: \(recorded)
          now:      \(replayed)
        """
    }
}

/// Runs a recorded session again, headlessly: each module from its recorded starting state, each action through
/// today's reducer, the output shown on `terminal`, with no service called. It stops at the first step whose effects
/// differ from the recorded ones.
@MainActor
public final class SessionReplayer {
    private let modules: [String: ModuleReplay]
    private let terminal: any Terminal
    /// Called before each step is replayed, with its number, module and action name, so a screen can say where it is.
    private let announce: (Int, String, String) -> Void

    /// A replayer for `modules`, showing screens on `terminal`.
    public init(modules: [ModuleReplay], terminal: any Terminal, announce: @escaping (Int, String, String) -> Void = { _, _, _ in }) {
        self.modules = Dictionary(modules.map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first })
        self.terminal = terminal
        self.announce = announce
    }

    /// Replays the recording `text` (JSON lines), to its end or to the step numbered `lastStep`, so the terminal
    /// shows what it showed then. Throws when the file is not a recording this replayer can read.
    public func replay(_ text: String, through lastStep: Int? = nil) throws(RecordingError) -> ReplayReport {
        var running = RunningModules(modules: modules, terminal: terminal)
        var report = ReplayReport(matched: 0, divergence: nil)
        for entry in try RecordedSession(text).entries {
            switch entry {
            case .start(let name, let instance, let state, let line):
                try running.start(name, instance: instance, state: state, line: line)
            case .step(let step):
                if let lastStep, step.number > lastStep { return report }
                announce(step.number, step.module, step.actionName)
                let replayed = try running.replay(step).canonical
                guard replayed == step.canonical else {
                    report.divergence = ReplayDivergence(
                        step: step.number, module: step.module, instance: step.instance, action: step.actionName,
                        recorded: step.canonical, replayed: replayed)
                    return report
                }
                report.matched += 1
            }
        }
        return report
    }

    /// One step's effects and screen as one JSON text, to compare.
    nonisolated static func canonical(effects: Any, screen: Any?) -> String {
        canonical(["effects": effects, "screen": screen ?? NSNull()])
    }

    /// One JSON text for a value, keys sorted, so equal values compare equal.
    nonisolated static func canonical(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]) else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }
}
