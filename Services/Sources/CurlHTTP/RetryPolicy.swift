import Foundation

/// When and how long to wait before sending a failed idempotent request again.
///
/// A request is retried only if ``HTTPRequest/isIdempotent`` is `true`, and only after a connection failure
/// or a `429`, `502`, `503` or `504` response. The wait is "full jitter" exponential backoff: a random time
/// between zero and `min(maxDelay, baseDelay × 2^(attempt − 1))`. A server's `Retry-After` replaces that wait, and
/// for a `429` so does its `ratelimit-reset` (for a `503` it only says when the rate window turns, not when the
/// server is back); if the server asks for longer than ``maxHonouredWait``, the client does not wait at all and
/// returns the response.
public struct RetryPolicy: Sendable, Hashable {
    /// The most times a request is sent, the first included; `1` means never retry.
    public var maxAttempts: Int
    /// The backoff ceiling of the first retry, doubled for each further one.
    public var baseDelay: Duration
    /// The backoff ceiling never grows past this.
    public var maxDelay: Duration
    /// The longest server-requested wait that is honoured; a longer one ends the retries.
    public var maxHonouredWait: Duration

    /// Creates a policy.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(250),
        maxDelay: Duration = .seconds(8),
        maxHonouredWait: Duration = .seconds(30)
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxHonouredWait = maxHonouredWait
    }

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// Statuses that say "try again later" without the request having had an effect.
    static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// The wait before the next attempt, or `nil` if there should be none.
    ///
    /// - Parameters:
    ///   - attempt: The attempt that just failed, starting at 1.
    ///   - headers: The failed attempt's response headers, or `nil` if there was no response.
    ///   - now: The current time, against which HTTP-dates and timestamps are measured.
    ///   - unitRandom: A number in `0...1` that picks the jittered wait.
    ///   - rateLimited: Whether the response was a `429`, whose `ratelimit-reset` says when to send again.
    func delay(
        afterAttempt attempt: Int, headers: HTTPHeaders?, now: Date, unitRandom: Double, rateLimited: Bool = true
    ) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        if let headers, let requested = Self.serverRequestedWait(headers, now: now, rateLimited: rateLimited) {
            return requested > maxHonouredWait ? nil : requested
        }
        // Doubling in floating point cannot overflow the way Duration arithmetic would after ~60 attempts.
        let ceilingSeconds = min(maxDelay.seconds, baseDelay.seconds * pow(2, Double(min(attempt - 1, 62))))
        let fraction = unitRandom.isFinite ? min(max(unitRandom, 0), 1) : 0
        return .milliseconds(Int((max(ceilingSeconds, 0) * fraction * 1000).rounded()))
    }

    /// The wait a server asked for with `Retry-After` (seconds or HTTP-date) or, failing that,
    /// `ratelimit-reset` (seconds, HTTP-date or ISO 8601 timestamp); never negative.
    static func serverRequestedWait(_ headers: HTTPHeaders, now: Date, rateLimited: Bool = true) -> Duration? {
        if let value = headers["Retry-After"], let wait = wait(value, now: now, acceptISO8601: false) {
            return wait
        }
        if rateLimited, let value = headers["ratelimit-reset"], let wait = wait(value, now: now, acceptISO8601: true) {
            return wait
        }
        return nil
    }

    private static func wait(_ value: String, now: Date, acceptISO8601: Bool) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // A huge number saturates (about 31 years) instead of failing to parse: it is then simply too long.
            return .seconds(min(Int64(trimmed) ?? Int64.max, 1_000_000_000))
        }
        let date = HTTPDate.parse(trimmed) ?? (acceptISO8601 ? HTTPDate.parseISO8601(trimmed) : nil)
        guard let date else { return nil }
        let seconds = max(date.timeIntervalSince(now), 0)
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}

extension Duration {
    /// The duration in (fractional) seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
