/// One recorded step, as time travel shows it: the action, the screen it left, what it changed in the state and the
/// effects it gave, and whether today's code still does what the recording says.
///
/// Every value comes from the recording: the action as written (personal fields hold the stand-ins the recorder put
/// there), the state and the screen as today's reducers make them from the recorded starting state and actions.
/// Nothing personal is derived again.
public struct TimelineStep: Sendable, Hashable, Codable {
    /// What one side of a step gave: its effects and the screen it left, as plain lines at 80 columns with the
    /// question last (`? From:`), as the recording keeps them.
    public struct Output: Sendable, Hashable, Codable {
        /// The effects.
        public var effects: JSONValue
        /// The screen's lines.
        public var screen: [String]

        /// What a step gave.
        public init(effects: JSONValue, screen: [String]) {
            self.effects = effects
            self.screen = screen
        }
    }

    /// The step's number in the recording (1 for the first).
    public var number: Int
    /// The module that took it.
    public var module: String
    /// Which instance of the module (1 for the first one built in the session).
    public var instance: Int
    /// The action's name (`entered`).
    public var action: String
    /// The action in full, as recorded.
    public var actionValue: JSONValue
    /// How far into the session it was, in milliseconds; `nil` for a recording of format 2, which has no times.
    public var milliseconds: Int?
    /// The terminal after the step, as the replay paints it (its last lines, at the timeline's width).
    public var screen: [String]
    /// The question the screen asked then, as lines below the screen; empty when it asked none.
    public var question: [String]
    /// The fields of the module's state the step changed.
    public var changes: [StateChange]
    /// What the recording says the step gave.
    public var recorded: Output
    /// What today's code gives for it.
    public var now: Output
    /// Whether today's code does something different from the recording at this step (the headless replay stops at
    /// the first such step).
    public var differs: Bool
}
