import Logging
import Synchronization

/// Keeps every formatted log line, metadata included, and lets a test await a line.
struct LogCapture: LogHandler {
    private struct State {
        var lines: [String] = []
        var waiters: [(text: String, continuation: CheckedContinuation<String?, Never>)] = []
        var finished = false
    }

    private final class Storage: Sendable {
        let state = Mutex(State())
    }

    private let storage = Storage()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var lines: [String] { storage.state.withLock { $0.lines } }

    /// The first line containing `text`, once it is logged; `nil` if ``finish()`` comes first.
    func line(containing text: String) async -> String? {
        await withCheckedContinuation { continuation in
            let answer = storage.state.withLock { state -> String?? in
                if let line = state.lines.first(where: { $0.contains(text) }) { return .some(line) }
                if state.finished { return .some(nil) }
                state.waiters.append((text, continuation))
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Says nothing more will be logged: waits for lines not yet seen end with `nil`.
    func finish() {
        let waiting = storage.state.withLock { state in
            state.finished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiting { waiter.continuation.resume(returning: nil) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = "\(event.level) \(event.message) \(metadata.merging(event.metadata ?? [:]) { $1 })"
        let matched = storage.state.withLock { state in
            state.lines.append(text)
            let matched = state.waiters.filter { text.contains($0.text) }
            state.waiters.removeAll { text.contains($0.text) }
            return matched
        }
        for waiter in matched { waiter.continuation.resume(returning: text) }
    }
}
