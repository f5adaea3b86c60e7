import Foundation
import Synchronization

/// Fixed-window request counting per token, as Duffel reports it in `ratelimit-*` headers.
final class RateLimiter: Sendable {
    struct Verdict: Sendable {
        var allowed: Bool
        var limit: Int
        var remaining: Int
        var resetsAt: Date
    }

    private struct Window {
        var start: Date
        var count: Int
    }

    private let policy: RateLimitPolicy
    private let windows = Mutex<[String: Window]>([:])

    init(policy: RateLimitPolicy) { self.policy = policy }

    /// Counts one request for `key` and says whether it is within the limit.
    func check(key: String, now: Date) -> Verdict {
        let length = Double(policy.window.components.seconds)
            + Double(policy.window.components.attoseconds) / 1e18
        return windows.withLock { windows in
            var window = windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= length || now < window.start {
                window = Window(start: now, count: 0)
            }
            window.count += 1
            if windows.count > 10_000 {
                // Forget expired windows so a stream of new tokens cannot grow this without bound.
                windows = windows.filter { now.timeIntervalSince($0.value.start) < length }
            }
            windows[key] = window
            return Verdict(
                allowed: window.count <= policy.limit, limit: policy.limit,
                remaining: max(0, policy.limit - window.count), resetsAt: window.start.addingTimeInterval(length))
        }
    }
}
