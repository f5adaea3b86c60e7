import Foundation
import Synchronization

/// Everything a process has written on one stream, collected as it comes, and a way to await a text in it.
///
/// Waiting is event-driven: each new chunk re-checks the waiters, so a wait ends as soon as the text is there. The
/// deadline only decides how long to wait before failing.
final class OutputBuffer: Sendable {
    private struct Waiter {
        let id: Int
        let offset: Int
        let condition: @Sendable (String) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var data = Data()
        var ended = false
        var waiters: [Waiter] = []
        var nextID = 0

        func text(from offset: Int) -> String {
            String(decoding: data.suffix(from: data.startIndex + min(offset, data.count)), as: UTF8.self)
        }
    }

    private let state = Mutex(State())

    /// Everything written so far, as UTF-8.
    var text: String { state.withLock { $0.text(from: 0) } }

    /// How many bytes have arrived: a mark to wait for text written after it.
    var mark: Int { state.withLock { $0.data.count } }

    /// Whether the stream has reached its end.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// Everything written after `mark`.
    func text(since mark: Int) -> String { state.withLock { $0.text(from: mark) } }

    /// Adds a chunk; an empty chunk is the end of the stream.
    func append(_ chunk: Data) {
        let resumptions: [(CheckedContinuation<Bool, Never>, Bool)] = state.withLock { state in
            if chunk.isEmpty { state.ended = true } else { state.data.append(chunk) }
            var resumptions: [(CheckedContinuation<Bool, Never>, Bool)] = []
            let snapshot = state
            state.waiters.removeAll { waiter in
                if waiter.condition(snapshot.text(from: waiter.offset)) {
                    resumptions.append((waiter.continuation, true))
                    return true
                }
                if snapshot.ended {
                    resumptions.append((waiter.continuation, false))
                    return true
                }
                return false
            }
            return resumptions
        }
        for (continuation, value) in resumptions { continuation.resume(returning: value) }
    }

    /// Waits until the text written after `mark` satisfies `condition`. `false` when the stream ended without it
    /// or the deadline passed first.
    func wait(
        since mark: Int = 0, timeout: Duration, until condition: @escaping @Sendable (String) -> Bool
    ) async -> Bool {
        let timer = Mutex<Task<Void, Never>?>(nil)
        let satisfied = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let immediate: Bool? = state.withLock { state in
                if condition(state.text(from: mark)) { return true }
                if state.ended { return false }
                state.nextID += 1
                let id = state.nextID
                state.waiters.append(Waiter(id: id, offset: mark, condition: condition, continuation: continuation))
                timer.withLock { timer in
                    timer = Task { [weak self] in
                        do {
                            try await Task.sleep(for: timeout)
                        } catch {
                            return
                        }
                        self?.expire(id)
                    }
                }
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
        timer.withLock { $0?.cancel() }
        return satisfied
    }

    /// Waits until `needle` appears after `mark`; gives the offset just past its first appearance there, or `nil`
    /// when the stream ended without it or the deadline passed first.
    func waitForText(_ needle: String, since mark: Int, timeout: Duration) async -> Int? {
        let bytes = Data(needle.utf8)
        guard await wait(since: mark, timeout: timeout, until: { $0.contains(needle) }) else { return nil }
        return state.withLock { state in
            let start = state.data.startIndex + min(mark, state.data.count)
            // UTF-8 is self-synchronising: a byte match is a match of whole characters.
            return state.data.range(of: bytes, in: start..<state.data.endIndex).map { $0.upperBound - state.data.startIndex }
        }
    }

    /// Waits for the end of the stream; `false` when the deadline passed first.
    func waitForEnd(timeout: Duration) async -> Bool {
        if hasEnded { return true }
        _ = await wait(timeout: timeout) { _ in false }
        return hasEnded
    }

    private func expire(_ id: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return state.waiters.remove(at: index).continuation
        }
        continuation?.resume(returning: false)
    }
}

/// A value set once, and a way to await it with a deadline.
final class Latch<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    var value: Value? { state.withLock { $0.value } }

    func set(_ value: Value) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// The value, or `nil` when the deadline passed first.
    func wait(timeout: Duration) async -> Value? {
        let timer = Mutex<Task<Void, Never>?>(nil)
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let immediate: Value? = state.withLock { state in
                if let value = state.value { return value }
                state.nextID += 1
                let id = state.nextID
                state.waiters[id] = continuation
                timer.withLock { timer in
                    timer = Task { [weak self] in
                        do {
                            try await Task.sleep(for: timeout)
                        } catch {
                            return
                        }
                        self?.expire(id)
                    }
                }
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
        timer.withLock { $0?.cancel() }
        return value
    }

    private func expire(_ id: Int) {
        let continuation = state.withLock { $0.waiters.removeValue(forKey: id) }
        continuation?.resume(returning: nil)
    }
}
