/// Runs effects that take time (service calls) with cancellation by id: starting one under an id cancels the one
/// still running under it (a new search replaces the old), and ``cancel(_:)`` or ``cancelAll()`` stop them when
/// the screen goes. An effect started `shielded` is never cancelled half-way (a booking runs to its answer even if
/// the traveller leaves, or another effect takes its id): its answer is awaited and returned.
///
/// ```swift
/// let result = await tasks.run("search") { await interactor.search(request) }
/// ```
@MainActor
public final class EffectTasks<ID: Hashable & Sendable> {
    private struct Running {
        let token: Int
        let cancel: @Sendable () -> Void
    }

    private var running: [ID: Running] = [:]
    private var nextToken = 0

    /// No effect running yet.
    public init() {}

    /// The ids with an effect running now.
    public var active: Set<ID> { Set(running.keys) }

    /// Runs `operation` as the one effect under `id` and returns its result. One already running under `id` is
    /// cancelled first. Cancelling the caller cancels the operation, unless it is `shielded`.
    public func run<T: Sendable>(
        _ id: ID, shielded: Bool = false, _ operation: @escaping @Sendable () async -> T
    ) async -> T {
        running[id]?.cancel()
        nextToken += 1
        let token = nextToken
        let task = Task.detached(operation: operation)
        let cancel: @Sendable () -> Void = { if !shielded { task.cancel() } }
        running[id] = Running(token: token, cancel: cancel)
        let value: T
        if shielded {
            value = await task.value
        } else {
            value = await withTaskCancellationHandler(
                operation: { await task.value }, onCancel: { task.cancel() }, isolation: #isolation)
        }
        if running[id]?.token == token { running[id] = nil }
        return value
    }

    /// Cancels the effect running under `id`, if any.
    public func cancel(_ id: ID) {
        running.removeValue(forKey: id)?.cancel()
    }

    /// Cancels every running effect (the screen is going away).
    public func cancelAll() {
        let all = running.values
        running.removeAll()
        for effect in all { effect.cancel() }
    }
}
