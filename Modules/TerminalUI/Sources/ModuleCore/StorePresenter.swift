/// What every module's presenter is: the small store between its view, its reducer and its effects. A presenter
/// keeps a ``Store`` and says how to run one effect; sending an action and reading the state are the same for every
/// module, here once.
///
/// ```swift
/// @MainActor
/// final class CounterPresenter: StorePresenter {
///     let store: Store<CounterReducer>
///     func perform(_ effect: CounterEffect) async -> [CounterAction] { … }
/// }
/// await presenter.send(.increment)
/// ```
@MainActor
public protocol StorePresenter: AnyObject {
    /// The module's rules.
    associatedtype Rules: Reducer
    /// The state and the recording of every step.
    var store: Store<Rules> { get }
    /// Runs one effect (a service call, output, a way out) and returns the actions it answers with.
    func perform(_ effect: Rules.Effect) async -> [Rules.Action]
}

extension StorePresenter {
    /// Everything the screen knows now.
    public var state: Rules.State { store.state }

    /// Sends `action` and runs the effects that follow, with their answers, before returning.
    public func send(_ action: Rules.Action) async {
        await store.send(action) { await self.perform($0) }
    }
}
