/// The state of one screen and the recording of its steps: ``ScreenRunner`` reduces each action through it.
///
/// ```swift
/// let store = Store<FlightSearchReducer>(FlightSearchState(...), recorder: recorder)
/// let effects = store.reduce(.appeared)
/// ```
@MainActor
public final class Store<R: Reducer> {
    /// The current state.
    public private(set) var state: R.State
    private let tape: RecordingTape<R>?

    /// A store starting at `state`; with a `recorder`, every step is written to the session it records.
    public init(_ state: R.State, recorder: SessionRecorder? = nil) {
        self.state = state
        self.tape = recorder?.tape(for: R.self, startingAt: state)
    }

    /// Reduces `action` into the state, records the step, and returns the effects to run.
    public func reduce(_ action: R.Action) -> [R.Effect] {
        let before = state
        let effects = R.reduce(&state, action)
        tape?.record(action, before: before)
        return effects
    }
}
