import Hummingbird
import Synchronization

/// What an endpoint leaves for the layers that write its answer out, beyond the response itself: how long the
/// parts of its work took (``ServerTimingMiddleware`` reports them) and the key its body is kept under in
/// ``AnswerCache`` (``GzipMiddleware`` keeps the gzipped form beside it). One per request, shared by every copy of
/// its context, since a context only travels inwards.
final class AnswerNotes: Sendable {
    private struct State {
        var timings: [(name: String, duration: Duration)] = []
        var keptAnswerKey: String?
    }

    private let state = Mutex(State())

    /// The parts of the work so far, in the order they were recorded.
    var timings: [(name: String, duration: Duration)] { state.withLock { $0.timings } }

    /// The key the body is kept under, while the response still carries the endpoint's body unchanged.
    var keptAnswerKey: String? { state.withLock { $0.keptAnswerKey } }

    /// Notes the endpoint's reply: its timings, and its kept-answer key.
    func record(_ reply: APIReply) {
        state.withLock { state in
            state.timings = reply.timings
            state.keptAnswerKey = reply.cacheKey
        }
    }

    /// Adds one part of the work, when parts were recorded already: a plain answer reports no timings at all.
    func appendTiming(_ name: String, _ duration: Duration) {
        state.withLock { state in
            if !state.timings.isEmpty { state.timings.append((name, duration)) }
        }
    }

    /// The body is no longer the kept answer (a fault replaced or spoiled it): its gzipped form must not be kept
    /// or served.
    func forgetKeptAnswer() {
        state.withLock { $0.keptAnswerKey = nil }
    }
}
