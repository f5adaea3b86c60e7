public import Foundation

/// One HTTP request: what to send and how long to wait for it.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The absolute `http` or `https` URL to send the request to.
    public var url: URL
    /// Header fields to send, in order. Leave `Accept-Encoding` out: the client asks for compression itself
    /// and decodes it, which a hand-written `Accept-Encoding` would turn off.
    public var headers: HTTPHeaders
    /// The request body, or `nil` for none.
    public var body: Data?
    /// The longest one attempt may take from start to last byte; `nil` uses
    /// ``HTTPClientConfiguration/timeout``.
    public var timeout: Duration?
    /// The longest to wait for a connection; `nil` uses ``HTTPClientConfiguration/connectTimeout``.
    public var connectTimeout: Duration?

    /// Whether the client itself waits out a `429` (for an idempotent request, as the retry policy allows).
    /// A caller that handles rate limits on its own, and tells people about the wait, turns it off.
    public var retriesRateLimits: Bool = true

    private var idempotencyOverride: Bool?

    /// Whether the request may be sent again after a failure; retries happen only when this is `true`.
    ///
    /// Defaults to ``HTTPMethod/isIdempotent`` of ``method``. Set it to `true` for a `POST` the server
    /// deduplicates (with an idempotency key, say), or to `false` to turn retries off for one request.
    public var isIdempotent: Bool {
        get { idempotencyOverride ?? method.isIdempotent }
        set { idempotencyOverride = newValue }
    }

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The method; `GET` by default.
    ///   - url: The absolute `http` or `https` URL.
    ///   - headers: Header fields to send.
    ///   - body: The body to send, if any.
    ///   - timeout: The total time limit per attempt; `nil` uses the client's.
    ///   - connectTimeout: The time limit for connecting; `nil` uses the client's.
    ///   - isIdempotent: Whether retries are allowed; `nil` follows the method.
    public init(
        method: HTTPMethod = .get,
        url: URL,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: Duration? = nil,
        connectTimeout: Duration? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.idempotencyOverride = isIdempotent
    }
}
