/// The small store a module's presenter is: it keeps the state, sends each action through the reducer, records the
/// step, and hands the effects to whoever runs them, feeding their answers back as actions.
///
/// ```swift
/// let store = Store<FlightSearchReducer>(FlightSearchState(...), recorder: recorder)
/// await store.send(.appeared) { effect in await interactor.run(effect) }
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

    /// Sends `action`, then runs each of its effects through `perform` in order, sending the actions an effect
    /// answers with (a service's result) before the next effect runs. Returns when the whole chain has run.
    public func send(_ action: R.Action, perform: (R.Effect) async -> [R.Action]) async {
        for effect in reduce(action) {
            for answer in await perform(effect) {
                await send(answer, perform: perform)
            }
        }
    }
}
