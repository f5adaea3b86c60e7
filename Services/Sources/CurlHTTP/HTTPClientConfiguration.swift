public import Logging

/// How an ``HTTPClient`` connects, waits, retries and logs.
public struct HTTPClientConfiguration: Sendable {
    /// The longest to wait for a connection, unless a request sets its own.
    public var connectTimeout: Duration
    /// The longest one attempt may take from start to last byte, unless a request sets its own.
    public var timeout: Duration
    /// The most redirects followed for one request; one more throws ``HTTPClientError/tooManyRedirects(limit:)``.
    /// `0` makes every redirect an error.
    public var maxRedirects: Int
    /// The largest response body accepted, in bytes (after decompression); a larger one throws
    /// ``HTTPClientError/responseTooLarge(limit:)``.
    public var maxResponseBytes: Int
    /// A PEM file of certificate authorities to trust instead of the system's, for a private server.
    /// Certificate verification itself cannot be turned off.
    public var caFile: String?
    /// The most idle connections kept open for reuse (libcurl's `CURLMOPT_MAXCONNECTS`).
    public var maxConnections: Int
    /// When and how failed idempotent requests are sent again.
    public var retry: RetryPolicy
    /// The `User-Agent` sent unless a request sets its own.
    public var userAgent: String
    /// Where method, URL and status of each attempt are logged, at debug level; header values never are.
    public var logger: Logger?

    /// Creates a configuration; every value has a default suitable for an API client.
    public init(
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(60),
        maxRedirects: Int = 5,
        maxResponseBytes: Int = 16 * 1024 * 1024,
        caFile: String? = nil,
        maxConnections: Int = 64,
        retry: RetryPolicy = RetryPolicy(),
        userAgent: String = "Flights (libcurl)",
        logger: Logger? = nil
    ) {
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maxRedirects = maxRedirects
        self.maxResponseBytes = maxResponseBytes
        self.caFile = caFile
        self.maxConnections = maxConnections
        self.retry = retry
        self.userAgent = userAgent
        self.logger = logger
    }
}

/// Counters of what an ``HTTPClient`` has done since it was created.
public struct HTTPClientMetrics: Sendable, Hashable {
    /// Transfers finished, successful or not; each attempt of a retried request counts.
    public var transfers: Int = 0
    /// New connections opened (the sum of libcurl's `CURLINFO_NUM_CONNECTS`); lower than ``transfers``
    /// when connections are reused.
    public var connectionsOpened: Int = 0
    /// Attempts that were repeats of an earlier failed attempt.
    public var retries: Int = 0
    /// Transfers ended because their task was cancelled.
    public var cancellations: Int = 0
    /// Transfers under way right now.
    public var activeTransfers: Int = 0

    /// Creates zeroed counters.
    public init() {}
}
