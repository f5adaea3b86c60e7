public import TerminalUI

/// A module's screen, said as pure functions: its rules (the ``Reducer``), what it shows and asks in each state, and
/// what each input means. ``ScreenRunner`` does the rest, the same way for every module: appearing and going away,
/// asking and reading, Ctrl-C and Ctrl-D, running and cancelling work, notes and progress, recording.
///
/// ```swift
/// enum CounterFeature: ScreenFeature {
///     static let module = "Counter"
///     static func reduce(_ state: inout Int, _ action: CounterAction) -> [Effect] { … }
///     static func screen(_ state: Int) -> ScreenModel {
///         ScreenModel(page: [.header("Count: \(state)")], question: .keys("+ adds one"))
///     }
///     static func action(for input: ScreenInput, in state: Int) -> CounterAction? {
///         input == .key(.character("+")) ? .increment : nil
///     }
/// }
/// ```
public protocol ScreenFeature: Reducer, SendableMetatype where Effect == ScreenEffect<Work, Route> {
    /// Work done outside the rules: a service call, whose answer comes back as an action.
    associatedtype Work: ScreenWork
    /// The ways out, as data; the Builder says which router method each one calls.
    associatedtype Route: Encodable & Sendable & Equatable

    /// Sent when the screen goes away (covered or popped), after its work that may stop has been stopped; `nil`
    /// sends nothing.
    static var disappeared: Action? { get }
    /// What the screen shows and asks in `state`. Derived, never pushed: the runner draws it after every action.
    static func screen(_ state: State) -> ScreenModel
    /// What `input` means in `state`; `nil` ignores it and asks the same question again.
    static func action(for input: ScreenInput, in state: State) -> Action?
    /// What is wrong with `answer` to the `.checked` question asked in `state`, said as it is typed; `nil` when
    /// nothing is.
    static func problem(with answer: String, in state: State) -> String?
}

extension ScreenFeature {
    public static var disappeared: Action? { nil }
    public static func problem(with answer: String, in state: State) -> String? { nil }

    /// The page as plain lines at 80 columns, then the question asked (`? Seat:`).
    public static func recordedScreen(_ state: State) -> [String]? {
        let model = screen(state)
        return model.page.flatMap(\.plainLines) + (model.question.map { ["? " + $0.prompt] } ?? [])
    }
}

/// Work a module's rules ask for: a service call. Its `id` is what a newer call replaces and ``ScreenEffect/cancel(_:)``
/// stops.
public protocol ScreenWork: Encodable, Sendable, Equatable {
    /// What cancels the work, and what a newer piece of work with the same id replaces.
    associatedtype ID: Hashable & Sendable & Encodable
    /// The id this work runs under.
    var id: ID { get }
    /// Whether the work runs to its answer even when the screen goes away: a change on its way to the server (a
    /// booking, a payment, a cancellation) is never cut off half-way.
    var isShielded: Bool { get }
}

extension ScreenWork {
    public var isShielded: Bool { false }
}

/// What must happen outside a screen's rules. The same few kinds for every module, so one runner does them all.
public enum ScreenEffect<Work: ScreenWork, Route: Encodable & Sendable & Equatable>: Encodable, Sendable, Equatable {
    /// Do `Work` beside the screen; its answer comes back as an action. Work already running under its id is
    /// replaced.
    case run(Work)
    /// Stop the work running under an id, if any.
    case cancel(Work.ID)
    /// Say something besides the screen: a message, an error with the way forward, progress, output for programs.
    case note(ScreenNote)
    /// Write blocks once, in the conversation above the next question (what an answer was read as, a report).
    case print([ScreenBlock])
    /// Leave through the router. A way out that opens another screen for an answer comes back with it as an action.
    case leave(Route)
}

/// One input, as the runner read it for the question asked. Esc is ``ScreenInput/back``, Ctrl-C
/// ``ScreenInput/interrupted``, and the end of the input (or a second Ctrl-D in a row) ``ScreenInput/ended``: the
/// module's rules decide what each means on each step.
public enum ScreenInput: Sendable, Equatable {
    /// A key, for a ``ScreenQuestion/Kind/keys`` question on a TTY.
    case key(KeyInput)
    /// A line typed: the answer to a line question, or a command off a TTY.
    case line(String)
    /// The option chosen from a list, by its index.
    case chose(Int)
    /// Esc (or `b` in a list).
    case back
    /// Ctrl-C.
    case interrupted
    /// The input ended.
    case ended
}
