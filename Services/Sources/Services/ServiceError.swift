public import Entities
public import Foundation

/// Why a service call failed, in terms a module can explain to a traveller. Transport details stay inside the
/// services; the access token never appears in any case's text.
public enum ServiceError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The server did not answer in time.
    case timedOut
    /// The server could not be reached (refused, no route, DNS).
    case cannotConnect(String)
    /// The secure connection failed (certificate, handshake).
    case insecureConnection(String)
    /// The API answered with its error envelope (Duffel's type, code, message and source are kept).
    case api(APIError, rateLimit: RateLimit?)
    /// The server answered with an error status and a body that is not Duffel's envelope (a proxy's 502 page).
    case unexpectedStatus(code: Int, body: String)
    /// The answer did not decode as Duffel's format.
    case malformedResponse(String)
    /// The answer was larger than the client accepts.
    case responseTooLarge
    /// The caller cancelled.
    case cancelled
    /// Any other transport failure.
    case transport(String)
    /// The server answered with a redirect that is not followed (to another address, or of a request with a body):
    /// nothing was sent to `to`. A `307` or `308` says the server did not act on the request; a `303` (or a `301` or
    /// `302`, which say little) may follow a request it did act on.
    case redirected(method: String, status: Int, to: String)

    /// The API error, when the server answered with one.
    public var apiError: APIError? {
        if case .api(let error, _) = self { return error }
        return nil
    }

    /// Whether the API answered with `code`.
    public func has(_ code: APIErrorCode) -> Bool { apiError?.has(code) ?? false }

    /// Whether trying the same call again later may work.
    public var isRetryable: Bool {
        switch self {
        case .timedOut, .cannotConnect, .responseTooLarge, .transport: return true
        case .api(let error, _): return error.status == 429 || error.status >= 500
        case .unexpectedStatus(let code, _): return code == 429 || code >= 500
        case .malformedResponse: return true
        case .insecureConnection, .cancelled, .redirected: return false
        }
    }

    /// When the server says to try again (from `Retry-After` or the rate-limit reset).
    public var retryAfter: Date? {
        if case .api(_, let rateLimit) = self { return rateLimit?.resetsAt }
        return nil
    }

    /// "in about 45 s", "in about 2 min", "at 14:05 UTC" for a wait until `date`.
    static func wait(until date: Date) -> String {
        let seconds = max(1, Int(date.timeIntervalSinceNow.rounded(.up)))
        if seconds < 120 { return "in about \(seconds) s" }
        if seconds < 3600 { return "in about \(Int((Double(seconds) / 60).rounded())) min" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "at %02d:%02d UTC", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// What happened, in one sentence for a traveller.
    public var message: String {
        switch self {
        case .timedOut:
            return "The flight service did not answer in time."
        case .cannotConnect(let detail):
            return "The flight service could not be reached (\(detail))."
        case .insecureConnection(let detail):
            return "A secure connection to the flight service could not be made (\(detail))."
        case .api(let error, _):
            if let primary = error.primary {
                if error.status == 429 || primary.type == .rateLimit {
                    return "Too many requests were made to the flight service in a short time."
                }
                if primary.type == .authentication {
                    return "The flight service did not accept the access token: \(primary.message)"
                }
                return primary.description
            }
            return "The flight service answered with an error (HTTP \(error.status))."
        case .unexpectedStatus(let code, _):
            return "The flight service answered with an error (HTTP \(code))."
        case .malformedResponse:
            return "The flight service sent an answer that could not be read."
        case .responseTooLarge:
            return "The flight service sent more data than expected."
        case .cancelled:
            return "Cancelled."
        case .transport(let detail):
            return "The connection to the flight service failed (\(detail))."
        case .redirected(let method, _, let target):
            return "The flight service redirected the \(method) request to \(target); nothing was sent there."
        }
    }

    /// What the traveller can do about it.
    public var suggestion: String {
        switch self {
        case .timedOut, .cannotConnect, .transport, .responseTooLarge:
            return "Check the connection and try again."
        case .insecureConnection:
            return "Check the server address and its certificate."
        case .api(let error, let rateLimit):
            if error.has(.offerNoLongerAvailable) { return "Choose another offer or search again." }
            if error.has(.priceChanged) { return "Look at the new price before booking." }
            if error.status == 429 || error.has(.rateLimit) {
                if let reset = rateLimit?.resetsAt {
                    let seconds = max(1, Int(reset.timeIntervalSinceNow.rounded(.up)))
                    return "Wait about \(seconds) s and try again."
                }
                return "Wait a moment and try again."
            }
            if error.has(.authentication) { return "Check DUFFEL_ACCESS_TOKEN." }
            if error.has(.alreadyBooked) { return "Nothing more was booked: the existing booking stands (see `flights bookings`)." }
            // The airline refused or failed, not the request: changing it would not help.
            if error.has(.airline) && !error.has(.validation) && error.status < 500 {
                return "The airline refused it, not the request: choose another offer, or try again later."
            }
            // The resource's state says it all ("already cancelled"); changing the request would not help.
            if error.has(APIErrorType.invalidState) { return "" }
            if error.has(.validation) {
                // The message names the field when the API did ("(field: born_on)"); nothing on a screen is
                // highlighted for it, and a script has no screen.
                let source = error.primary?.source
                return source?.field ?? source?.pointer ?? source?.parameter != nil
                    ? "Correct that field and try again." : "Change the request and try again."
            }
            if error.status >= 500 {
                let when = rateLimit?.retryAfter.map { "The flight service asks to be tried again \(Self.wait(until: $0))" }
                    ?? "Try again in a moment"
                return "\(when); if it keeps failing, quote request \(error.requestID ?? "id unknown")."
            }
            return "Change the request and try again."
        case .unexpectedStatus(let code, _):
            return code >= 500 ? "Try again in a moment." : "Check the server address."
        case .redirected:
            return "Check the server address with whoever runs the API."
        case .malformedResponse:
            return "Try again; if it keeps failing, the server may not speak Duffel's API v2."
        case .cancelled:
            return ""
        }
    }

    /// `message suggestion`.
    public var description: String {
        suggestion.isEmpty ? message : "\(message) \(suggestion)"
    }
}

/// The rate-limit state a response reported (`ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset`).
public struct RateLimit: Sendable, Hashable, Codable {
    /// Requests allowed in the window.
    public var limit: Int?
    /// Requests left in the window.
    public var remaining: Int?
    /// When the window resets (or when to retry, from `Retry-After`).
    public var resetsAt: Date?
    /// When the server asked to be tried again, when it said so (`Retry-After`): an outage's word, where the
    /// window's reset is only the rate limit's.
    public var retryAfter: Date?

    /// Creates a rate-limit state.
    public init(limit: Int?, remaining: Int?, resetsAt: Date?, retryAfter: Date? = nil) {
        self.limit = limit
        self.remaining = remaining
        self.resetsAt = resetsAt
        self.retryAfter = retryAfter
    }
}

/// A request the API refused for its rate limit, about to be sent again once the limit resets.
public struct RateLimitWait: Sendable, Hashable, Codable {
    /// When it will be sent again.
    public var until: Date
    /// `POST`.
    public var method: String
    /// `/air/offer_requests`.
    public var path: String
    /// The attempt that was refused, from 1.
    public var attempt: Int

    /// Creates a wait.
    public init(until: Date, method: String, path: String, attempt: Int) {
        self.until = until
        self.method = method
        self.path = path
        self.attempt = attempt
    }
}
