package import Foundation
package import TerminalUI

/// How to replay one module: decode its recorded starting state, reduce its recorded actions, and show the effects
/// that are output on a terminal. A module's Builder offers its own (`FlightSearchBuilder.replay`).
public struct ModuleReplay: Sendable {
    /// The module's name in a recording.
    public let module: String
    package let start: @MainActor @Sendable (Data, any Terminal) throws -> ReplayingModule

    /// The replay of a module's screen: after each recorded step, its notes and blocks are written and its page
    /// drawn when it changed, as the ``ScreenRunner`` draws them; work and ways out are not done.
    public static func screen<F: ScreenFeature>(_ feature: F.Type) -> ModuleReplay {
        ModuleReplay(module: F.module) { json, terminal in
            let state = try SessionJSON.decoder.decode(F.State.self, from: json)
            let painter = ScreenPainter(terminal: terminal, outputIsForPrograms: false)
            return ReplayingModule(reducer: F.self, state: state, question: { F.screen($0).question }) { state, effects in
                for effect in effects { painter.paint(effect) }
                painter.draw(F.screen(state))
            }
        }
    }
}

/// One module instance being replayed: its state, moved on by each recorded action through today's reducer.
@MainActor
package final class ReplayingModule {
    /// Reduces one recorded action (JSON), shows what it gave, and returns it.
    package let step: (Data) throws -> ReplayedStep
    /// The state now, as JSON. It holds what the recording holds and nothing else (the recorded starting state, moved
    /// on by recorded actions), so its personal fields hold the recorder's stand-ins.
    package let state: () -> Data?
    /// The question the screen asks now, if any.
    package let question: () -> ScreenQuestion?

    init<R: Reducer>(
        reducer: R.Type, state: R.State, question: @escaping (R.State) -> ScreenQuestion?,
        show: @escaping (R.State, [R.Effect]) -> Void
    ) {
        let box = StateBox(state)
        self.state = { try? SessionJSON.encoder.encode(box.value) }
        self.question = { question(box.value) }
        step = { json in
            let action = try SessionJSON.decoder.decode(R.Action.self, from: json)
            let effects = R.reduce(&box.value, action)
            show(box.value, effects)
            guard let object = SessionRecorder.json(effects) else {
                throw RecordingError(message: "the effects of \(R.module) could not be written as JSON")
            }
            let screen = R.recordedScreen(box.value)
            return ReplayedStep(effects: object, screen: screen, canonical: SessionReplayer.canonical(effects: object, screen: screen))
        }
    }
}

/// A state the closures of one replaying module share.
@MainActor
private final class StateBox<State> {
    var value: State
    init(_ value: State) { self.value = value }
}

/// What a replayed step gave through today's reducer.
package struct ReplayedStep {
    /// Its effects (a JSON value).
    package var effects: Any
    /// The screen it left, as plain lines and the question.
    package var screen: [String]?
    /// Both as one JSON text, to compare with the recording's.
    package var canonical: String
}

/// The module instances a replay has started, by name and instance.
@MainActor
package struct RunningModules {
    private let modules: [String: ModuleReplay]
    private let terminal: any Terminal
    private var running: [String: ReplayingModule] = [:]

    /// None yet; each is started from `modules` and shows its screens on `terminal`.
    package init(modules: [String: ModuleReplay], terminal: any Terminal) {
        self.modules = modules
        self.terminal = terminal
    }

    /// Starts `name`'s instance from its recorded `state` (JSON), as line `line` says.
    package mutating func start(_ name: String, instance: Int, state: Data, line: Int) throws(RecordingError) {
        guard let replay = modules[name] else {
            throw RecordingError(message: "Line \(line) starts the module \(name), which this version of flights does not have.")
        }
        do {
            running["\(name)#\(instance)"] = try replay.start(state, terminal)
        } catch {
            throw RecordingError(message: "The starting state of \(name) on line \(line) no longer reads: \(error).")
        }
    }

    /// The instance `step` belongs to.
    package func module(of step: RecordedStep) throws(RecordingError) -> ReplayingModule {
        guard let module = running["\(step.module)#\(step.instance)"] else {
            throw RecordingError(message: "Step \(step.number) (line \(step.line)) is for \(step.module) #\(step.instance), which was never started.")
        }
        return module
    }

    /// Replays `step` through today's reducer; an action that no longer reads is said as what it gave.
    package func replay(_ step: RecordedStep) throws(RecordingError) -> ReplayedStep {
        let module = try module(of: step)
        do {
            guard let action = step.action else {
                throw RecordingError(message: "the line holds no action")
            }
            return try module.step(action)
        } catch {
            let said = "the action no longer reads: \(error)"
            return ReplayedStep(effects: said, screen: nil, canonical: said)
        }
    }
}
