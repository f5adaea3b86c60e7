import Foundation
public import TerminalUI

/// How to replay one module: decode its recorded starting state, reduce its recorded actions, and show the effects
/// that are output on a terminal. A module's Builder offers its own (`FlightSearchBuilder.replay`).
public struct ModuleReplay: Sendable {
    /// The module's name in a recording.
    public let module: String
    let start: @MainActor @Sendable (Data, any Terminal) throws -> ReplayingModule

    /// The replay of a module's screen: after each recorded step, its notes and blocks are written and its page
    /// drawn when it changed, as the ``ScreenRunner`` draws them; work and ways out are not done.
    public static func screen<F: ScreenFeature>(_ feature: F.Type) -> ModuleReplay {
        ModuleReplay(module: F.module) { json, terminal in
            let state = try SessionJSON.decoder.decode(F.State.self, from: json)
            let painter = ScreenPainter(terminal: terminal, outputIsForPrograms: false)
            return ReplayingModule(reducer: F.self, state: state) { state, effects in
                for effect in effects { painter.paint(effect) }
                painter.draw(F.screen(state))
            }
        }
    }
}

/// One module instance being replayed.
@MainActor
final class ReplayingModule {
    /// Reduces one recorded action (JSON) and returns the effects as canonical JSON.
    let step: (Data) throws -> String

    init<R: Reducer>(reducer: R.Type, state: R.State, show: @escaping (R.State, [R.Effect]) -> Void) {
        var state = state
        step = { json in
            let action = try SessionJSON.decoder.decode(R.Action.self, from: json)
            let effects = R.reduce(&state, action)
            show(state, effects)
            guard let object = SessionRecorder.json(effects) else {
                throw RecordingError(message: "the effects of \(R.module) could not be written as JSON")
            }
            return SessionReplayer.canonical(effects: object, screen: R.recordedScreen(state))
        }
    }
}

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

    /// Replays the recording `text` (JSON lines). Throws when the file is not a recording this replayer can read.
    public func replay(_ text: String) throws(RecordingError) -> ReplayReport {
        var running: [String: ReplayingModule] = [:]
        var report = ReplayReport(matched: 0, divergence: nil)
        var sawHeader = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let lineNumber = index + 1
            guard let object = try? JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any],
                  let kind = object["kind"] as? String else {
                throw RecordingError(message: "Line \(lineNumber) is not a recorded step (not a JSON object with a kind).")
            }
            switch kind {
            case "session":
                guard object["format"] as? Int == SessionRecorder.format else {
                    throw RecordingError(message: "This recording's format is \(object["format"] ?? "unknown"); this version of flights replays format \(SessionRecorder.format).")
                }
                sawHeader = true
            case "start":
                guard sawHeader else { throw RecordingError(message: "The recording has no session line before line \(lineNumber).") }
                let (name, instance) = try Self.module(object, line: lineNumber)
                guard let replay = modules[name] else {
                    throw RecordingError(message: "Line \(lineNumber) starts the module \(name), which this version of flights does not have.")
                }
                let state = try Self.data(object["state"], line: lineNumber)
                do {
                    running["\(name)#\(instance)"] = try replay.start(state, terminal)
                } catch {
                    throw RecordingError(message: "The starting state of \(name) on line \(lineNumber) no longer reads: \(error).")
                }
            case "step":
                let (name, instance) = try Self.module(object, line: lineNumber)
                let step = object["step"] as? Int ?? lineNumber
                guard let module = running["\(name)#\(instance)"] else {
                    throw RecordingError(message: "Step \(step) (line \(lineNumber)) is for \(name) #\(instance), which was never started.")
                }
                let actionObject = object["action"] ?? NSNull()
                let actionName = (actionObject as? [String: Any])?.keys.first ?? "unknown"
                announce(step, name, actionName)
                let recorded = Self.canonical(effects: object["effects"] ?? NSNull(), screen: object["screen"])
                let replayed: String
                do {
                    replayed = try module.step(try Self.data(actionObject, line: lineNumber))
                } catch {
                    replayed = "the action no longer reads: \(error)"
                }
                guard replayed == recorded else {
                    report.divergence = ReplayDivergence(
                        step: step, module: name, instance: instance, action: actionName,
                        recorded: recorded, replayed: replayed)
                    return report
                }
                report.matched += 1
            default:
                continue
            }
        }
        guard sawHeader else { throw RecordingError(message: "This is not a recorded session: it has no session line.") }
        return report
    }

    private static func module(_ object: [String: Any], line: Int) throws(RecordingError) -> (String, Int) {
        guard let name = object["module"] as? String, let instance = object["instance"] as? Int else {
            throw RecordingError(message: "Line \(line) does not say which module it belongs to.")
        }
        return (name, instance)
    }

    private static func data(_ value: Any?, line: Int) throws(RecordingError) -> Data {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else {
            throw RecordingError(message: "Line \(line) has no readable value.")
        }
        return data
    }

    /// One step's effects and screen as one JSON text, to compare.
    static func canonical(effects: Any, screen: Any?) -> String {
        canonical(["effects": effects, "screen": screen ?? NSNull()])
    }

    /// One JSON text for a value, keys sorted, so equal values compare equal.
    static func canonical(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes]) else { return "?" }
        return String(decoding: data, as: UTF8.self)
    }
}
