/// A module's rules as one pure function: how each action changes the state, and which effects follow.
///
/// State is a value, every user event and every service answer is an `Action`, and everything that must happen
/// outside (a service call, a navigation, output) is an `Effect` the module's interactor runs. Because actions are
/// data, a ``SessionRecorder`` can write them down and a ``SessionReplayer`` can run them again.
///
/// ```swift
/// enum CounterReducer: Reducer {
///     static let module = "Counter"
///     static func reduce(_ state: inout Int, _ action: CounterAction) -> [CounterEffect] {
///         switch action {
///         case .increment: state += 1; return [.show(state)]
///         }
///     }
/// }
/// ```
public protocol Reducer {
    /// Everything the screen knows.
    associatedtype State: Codable & Equatable & Sendable
    /// Every user event and every service answer.
    associatedtype Action: Codable & Sendable
    /// What must happen outside the reducer.
    associatedtype Effect: Encodable & Sendable

    /// The module's name in a recording (`FlightSearch`).
    static var module: String { get }

    /// Applies `action` to `state` and returns what must happen next. Pure: no clock, no I/O, no randomness.
    static func reduce(_ state: inout State, _ action: Action) -> [Effect]

    /// `action` as it may be written down: personal data the traveller typed (a name, a birth date, a passport
    /// number) replaced by a stand-in that reads the same way. `state` says what the text was typed for.
    /// Personal fields of service answers are redacted by key (see ``Redaction``); this covers free text.
    static func redacted(_ action: Action, in state: State) -> Action

    /// The starting state as it may be written down.
    static func redacted(_ state: State) -> State

    /// What the screen shows in `state`, as plain lines, for a recording to keep beside each step's effects, so a
    /// replay notices a screen that changed; `nil` for rules without a screen. A ``ScreenFeature`` has one.
    static func recordedScreen(_ state: State) -> [String]?
}

extension Reducer {
    public static func redacted(_ action: Action, in state: State) -> Action { action }
    public static func redacted(_ state: State) -> State { state }
    public static func recordedScreen(_ state: State) -> [String]? { nil }
}
