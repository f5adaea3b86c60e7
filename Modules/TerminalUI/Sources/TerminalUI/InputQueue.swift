import Synchronization

/// One unit of input as a terminal delivers it: a key (raw mode) or a whole line (plain mode).
enum InputEvent: Sendable, Equatable {
    case key(KeyInput)
    case line(String)
}

/// The queue between whatever produces input (a reader thread, a test) and the main-actor readers.
///
/// Cancellation-safe by construction: an event leaves the buffer only when it is handed to a reader that is still
/// running; a reader cancelled while waiting is woken with `.cancelled` and takes nothing, and an event that races
/// with a cancellation is put back at the front.
final class InputQueue: Sendable {
    enum Next: Sendable, Equatable {
        case event(InputEvent)
        case finished
        case cancelled
    }

    struct Status: Sendable, Equatable {
        /// Events queued and not yet read.
        var buffered: Int
        /// Readers waiting for an event.
        var waiting: Int
        /// Whether the producer said no more input will come.
        var isFinished: Bool
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Next, Never>
    }

    private struct State {
        var buffer: [InputEvent] = []
        var waiters: [Waiter] = []
        var activeReads: Set<UInt64> = []
        /// Reads whose cancellation arrived before they started waiting.
        var cancelledEarly: Set<UInt64> = []
        var isFinished = false
        var lastID: UInt64 = 0
    }

    private let state = Mutex(State())
    private let onChange: (@Sendable () -> Void)?

    /// - Parameter onChange: called (on any thread) after a reader starts or stops waiting, so an observer can
    ///   re-check ``status``.
    init(onChange: (@Sendable () -> Void)? = nil) {
        self.onChange = onChange
    }

    var status: Status {
        state.withLock { Status(buffered: $0.buffer.count, waiting: $0.waiters.count, isFinished: $0.isFinished) }
    }

    /// Appends events, handing them to waiting readers first.
    func push(_ events: [InputEvent]) {
        guard !events.isEmpty else { return }
        let handed = state.withLock { state -> [(Waiter, InputEvent)] in
            state.buffer.append(contentsOf: events)
            return Self.handOut(&state)
        }
        resume(handed)
    }

    /// Puts events back at the front, in order, as if they had never been read.
    func unread(_ events: [InputEvent]) {
        guard !events.isEmpty else { return }
        let handed = state.withLock { state -> [(Waiter, InputEvent)] in
            state.buffer.insert(contentsOf: events, at: 0)
            return Self.handOut(&state)
        }
        resume(handed)
    }

    /// Drops every event not yet read; returns how many were dropped.
    @discardableResult
    func discardBuffered() -> Int {
        state.withLock { state in
            defer { state.buffer.removeAll() }
            return state.buffer.count
        }
    }

    /// Says no more input will come: once the buffer is drained, reads return `.finished`.
    func finish() {
        let woken = state.withLock { state -> [Waiter] in
            state.isFinished = true
            return state.buffer.isEmpty ? Self.takeWaiters(&state) : []
        }
        for waiter in woken { waiter.continuation.resume(returning: .finished) }
        if !woken.isEmpty { onChange?() }
    }

    /// Wakes the readers waiting on an empty buffer with `.finished`, without finishing the queue (a virtual
    /// terminal whose test said "end when empty" after the reader began to wait).
    func releaseWaitersIfEmpty() {
        let woken = state.withLock { state -> [Waiter] in
            state.buffer.isEmpty ? Self.takeWaiters(&state) : []
        }
        for waiter in woken { waiter.continuation.resume(returning: .finished) }
        if !woken.isEmpty { onChange?() }
    }

    /// The next event; `.finished` when the input has ended (or is empty and `endingWhenEmpty`); `.cancelled`,
    /// taking nothing, when the calling task is cancelled.
    func next(endingWhenEmpty: Bool = false) async -> Next {
        let id = state.withLock { state -> UInt64 in
            state.lastID &+= 1
            state.activeReads.insert(state.lastID)
            return state.lastID
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Next, Never>) in
                let immediate = state.withLock { state -> Next? in
                    if state.cancelledEarly.contains(id) || Task.isCancelled { return .cancelled }
                    if !state.buffer.isEmpty { return .event(state.buffer.removeFirst()) }
                    if state.isFinished || endingWhenEmpty { return .finished }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let immediate {
                    continuation.resume(returning: immediate)
                } else {
                    onChange?()
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    return state.waiters.remove(at: index)
                }
                if state.activeReads.contains(id) { state.cancelledEarly.insert(id) }
                return nil
            }
            if let waiter {
                waiter.continuation.resume(returning: .cancelled)
                onChange?()
            }
        }
        state.withLock { state in
            state.activeReads.remove(id)
            state.cancelledEarly.remove(id)
        }
        // The event was handed over just as the task was cancelled: the reader will not use it, so give it back.
        if case .event(let event) = result, Task.isCancelled {
            unread([event])
            return .cancelled
        }
        return result
    }

    private static func handOut(_ state: inout State) -> [(Waiter, InputEvent)] {
        var handed: [(Waiter, InputEvent)] = []
        while !state.waiters.isEmpty, !state.buffer.isEmpty {
            handed.append((state.waiters.removeFirst(), state.buffer.removeFirst()))
        }
        return handed
    }

    private static func takeWaiters(_ state: inout State) -> [Waiter] {
        defer { state.waiters.removeAll() }
        return state.waiters
    }

    private func resume(_ handed: [(Waiter, InputEvent)]) {
        for (waiter, event) in handed { waiter.continuation.resume(returning: .event(event)) }
        if !handed.isEmpty { onChange?() }
    }
}
