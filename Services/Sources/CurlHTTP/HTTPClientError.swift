public import Foundation

/// Why a request produced no usable response.
///
/// Every case's ``description`` is a sentence that says what went wrong and what to do about it. No case
/// carries request header values, so credentials never end up in an error message.
public enum HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL cannot be sent (no host, say); the payload is the URL with any user-info removed.
    case invalidURL(String)
    /// The URL's scheme (payload) is not `http` or `https`, on the request or on a redirect.
    case unsupportedScheme(String)
    /// An attempt did not finish within its total time limit.
    case timedOut(after: Duration)
    /// No connection could be made to `host` (refused, unresolvable, or no answer within the connect time limit).
    case cannotConnect(host: String, reason: String)
    /// The TLS handshake or the certificate check failed.
    case tls(String)
    /// The response body grew past the configured limit (in bytes).
    case responseTooLarge(limit: Int)
    /// The server redirected more often than the configured limit.
    case tooManyRedirects(limit: Int)
    /// The server redirected a request that is only followed within its own origin, and for GET and HEAD alone:
    /// to another scheme, host or port, or any redirect of a POST, PATCH or DELETE, whose body (a booking's
    /// passengers, a payment) must never be sent again elsewhere. Nothing was sent to `to`; `status` is the redirect's
    /// (a `307` or `308` says the server did not act on the request; a `303` that it did).
    case redirectRefused(method: String, status: Int, to: String)
    /// The calling task was cancelled.
    case cancelled
    /// The server answered with a status that is not `2xx`; thrown by ``HTTPResponse/requireSuccess()``.
    case status(code: Int, headers: HTTPHeaders, body: Data)
    /// Another libcurl failure, with its `CURLcode` and message.
    case transport(code: Int, message: String)
    /// The client was shut down before or while the request ran.
    case shutDown
    /// The request itself is malformed (a line break in a header, an invalid method token); the payload says
    /// which part, never a header value.
    case invalidRequest(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .invalidURL(let url):
            "The URL \"\(url)\" cannot be requested: it needs a scheme and a host, like https://api.example.com/path."
        case .unsupportedScheme(let scheme):
            "The URL scheme \"\(scheme)\" is not allowed: only http and https URLs are fetched, also when a server redirects."
        case .timedOut(let limit):
            "The request did not finish within \(limit.readable); the server is slow or unreachable. Try again, or raise the timeout."
        case .cannotConnect(let host, let reason):
            "Could not connect to \(host): \(reason). Check the address, that the server is running, and the network."
        case .tls(let message):
            "The secure connection failed: \(message). Check the server's certificate, the system clock, and the CA file if one is configured."
        case .responseTooLarge(let limit):
            "The response was larger than the limit of \(limit) bytes; raise maxResponseBytes if such a large response is expected."
        case .tooManyRedirects(let limit):
            "The server redirected more than \(limit) times, so the URL probably loops; check the URL or raise maxRedirects."
        case .redirectRefused(let method, _, let target):
            "The service redirected the \(method) request to \(target); nothing was sent there. Check the API address (its scheme, host and port)."
        case .cancelled:
            "The request was cancelled before it finished."
        case .status(let code, _, let body):
            "The server answered \(code) \(HTTPClientError.reasonPhrase(code)) with a \(body.count)-byte body; see the body for the server's explanation."
        case .transport(let code, let message):
            "The HTTP transfer failed (libcurl error \(code): \(message)). Try again; if it persists, check the network and the server."
        case .shutDown:
            "The HTTP client has been shut down; create a new client to send more requests."
        case .invalidRequest(let reason):
            "The request cannot be sent: \(reason)."
        }
    }

    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 200: "(OK)"
        case 201: "(Created)"
        case 204: "(No Content)"
        case 301: "(Moved Permanently)"
        case 302: "(Found)"
        case 304: "(Not Modified)"
        case 400: "(Bad Request)"
        case 401: "(Unauthorized: check the access token)"
        case 403: "(Forbidden: the token lacks permission)"
        case 404: "(Not Found)"
        case 405: "(Method Not Allowed)"
        case 408: "(Request Timeout)"
        case 409: "(Conflict)"
        case 418: "(I'm a Teapot)"
        case 422: "(Unprocessable Content)"
        case 429: "(Too Many Requests: slow down and retry later)"
        case 500: "(Internal Server Error)"
        case 502: "(Bad Gateway)"
        case 503: "(Service Unavailable: retry later)"
        case 504: "(Gateway Timeout)"
        default: ""
        }
    }
}

extension Duration {
    /// A short human form, such as `250 ms` or `1.5 s`.
    var readable: String {
        let milliseconds = self.milliseconds
        if milliseconds < 1000 {
            return "\(milliseconds) ms"
        }
        let tenths = (milliseconds + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    /// Whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        if seconds >= Int64.max / 1_000_000_000 { return Int64.max }
        if seconds < 0 { return 0 }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Whole milliseconds, rounded up so that a positive duration never becomes 0 (which libcurl reads as
    /// "no limit"), and clamped to what libcurl's `long` options hold.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) {
            return 0
        }
        if seconds >= Int64(Int32.max) / 1000 {
            return Int(Int32.max)
        }
        let sub = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(seconds) * 1000 + Int(sub)
    }
}
