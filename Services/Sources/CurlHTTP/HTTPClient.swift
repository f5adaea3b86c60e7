import CCurl
import Foundation
import Logging

/// An HTTP/1.1 and HTTP/2 client on libcurl, with connection reuse, timeouts, cancellation, decompression,
/// size limits and retries.
///
/// One client runs all its transfers on one dedicated thread and keeps their connections open for reuse, so
/// create one per process (or per backend) and share it. Call ``shutdown()`` when done.
///
/// ```swift
/// let client = try HTTPClient()
/// let response = try await client.send(HTTPRequest(url: url)).requireSuccess()
/// await client.shutdown()
/// ```
///
/// Only `http` and `https` URLs are fetched, also across redirects; certificates are always verified.
public final class HTTPClient: HTTPTransport, Sendable {
    private let configuration: HTTPClientConfiguration
    private let settings: TransferSettings
    private let engine: CurlEngine
    private let unitRandom: @Sendable () -> Double

    /// Creates a client and starts its transfer thread.
    ///
    /// - Throws: ``HTTPClientError/tls(_:)`` if ``HTTPClientConfiguration/caFile`` cannot be read;
    ///   ``HTTPClientError/transport(code:message:)`` if libcurl cannot be set up.
    public convenience init(configuration: HTTPClientConfiguration = .init()) throws(HTTPClientError) {
        try self.init(configuration: configuration, unitRandom: { Double.random(in: 0...1) })
    }

    /// Creates a client whose backoff jitter comes from `unitRandom`, so tests can pin the waits.
    init(configuration: HTTPClientConfiguration, unitRandom: @escaping @Sendable () -> Double) throws(HTTPClientError) {
        let code = CurlGlobal.initResult
        guard code == CURLE_OK.rawValue else {
            throw .transport(code: Int(code), message: "libcurl could not be initialised (curl_global_init)")
        }
        if let caFile = configuration.caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw .tls("the CA file \"\(caFile)\" does not exist or cannot be read")
        }
        self.configuration = configuration
        settings = TransferSettings(
            connectTimeout: configuration.connectTimeout,
            timeout: configuration.timeout,
            maxRedirects: configuration.maxRedirects,
            maxResponseBytes: max(configuration.maxResponseBytes, 0),
            caFile: configuration.caFile,
            userAgent: configuration.userAgent,
            noProxy: TransferSettings.noProxyList(environment: ProcessInfo.processInfo.environment)
        )
        engine = try CurlEngine(maxConnections: configuration.maxConnections)
        self.unitRandom = unitRandom
    }

    deinit {
        engine.beginShutdown()
    }

    /// Counters of the transfers, connections and retries so far.
    public var metrics: HTTPClientMetrics {
        engine.metrics.withLock { $0 }
    }

    /// Sends a request and returns the final response, whatever its status; use
    /// ``HTTPResponse/requireSuccess()`` to turn a non-`2xx` status into an error.
    ///
    /// An idempotent request (see ``HTTPRequest/isIdempotent``) is sent again after a connection failure or
    /// a `429`, `502`, `503` or `504`, as ``HTTPClientConfiguration/retry`` allows; ``HTTPResponse/attempts``
    /// says how many times it was sent. Cancelling the calling task aborts the transfer (or the wait between
    /// attempts) and throws ``HTTPClientError/cancelled``.
    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        try validate(request)
        let policy = configuration.retry
        let maxAttempts = request.isIdempotent ? max(policy.maxAttempts, 1) : 1
        var attempt = 1
        while true {
            if Task.isCancelled { throw .cancelled }
            let started = ContinuousClock.now
            let wait: Duration
            switch await performFollowingRedirects(request) {
            case .success(let result):
                let response = makeResponse(result, for: request, attempt: attempt)
                log(request, attempt: attempt, started: started, outcome: "\(response.status)")
                guard attempt < maxAttempts, RetryPolicy.retryableStatuses.contains(response.status),
                    response.status != 429 || request.retriesRateLimits,
                    let delay = policy.delay(
                        afterAttempt: attempt, headers: response.headers, now: Date(), unitRandom: unitRandom(),
                        rateLimited: response.status == 429)
                else { return response }
                wait = delay
            case .failure(let error):
                log(request, attempt: attempt, started: started, outcome: "failed: \(error)")
                guard attempt < maxAttempts, error.isConnectionFailure,
                    let delay = policy.delay(afterAttempt: attempt, headers: nil, now: Date(), unitRandom: unitRandom())
                else { throw error }
                wait = delay
            }
            configuration.logger?.debug("retrying \(request.method) \(redacted(request.url.absoluteString)) in \(wait.readable)")
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw .cancelled
            }
            attempt += 1
            engine.metrics.withLock { $0.retries += 1 }
        }
    }

    /// Stops the client: running requests end with ``HTTPClientError/shutDown``, later ones throw it at once.
    /// Safe to call more than once; returns when the transfer thread has released libcurl.
    public func shutdown() async {
        await engine.shutdown()
    }

    // MARK: Internals

    /// Performs `request`, following the redirects RedirectPolicy allows (same origin, GET and HEAD) up to the
    /// limit; the result carries the final URL and the number of redirects followed.
    private func performFollowingRedirects(_ request: HTTPRequest) async -> Result<TransferResult, HTTPClientError> {
        var current = request
        var redirects = 0
        while true {
            let result = await perform(current)
            guard case .success(var transfer) = result else { return result }
            transfer.redirectCount = redirects
            if redirects > 0 { transfer.effectiveURL = current.url.absoluteString }
            switch RedirectPolicy.decide(status: transfer.status, headers: transfer.headers, for: current) {
            case .none:
                return .success(transfer)
            case .refuse(let status, let target):
                return .failure(.redirectRefused(method: current.method.rawValue, status: status, to: target))
            case .follow(let target):
                redirects += 1
                guard redirects <= settings.maxRedirects else { return .failure(.tooManyRedirects(limit: settings.maxRedirects)) }
                current.url = target
            }
        }
    }

    private func perform(_ request: HTTPRequest) async -> Result<TransferResult, HTTPClientError> {
        guard let easy = engine.makeEasyHandle() else {
            return .failure(.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "libcurl could not create a transfer handle"))
        }
        let transfer = CurlTransfer(request: request, settings: settings, easy: easy)
        do {
            try transfer.configure()
        } catch {
            return .failure(error)
        }
        let engine = engine
        return await withTaskCancellationHandler {
            guard transfer.start() else { return .failure(.cancelled) }
            engine.submit(transfer)
            return await withCheckedContinuation { continuation in
                transfer.install(continuation)
            }
        } onCancel: {
            if transfer.markCancelled() {
                engine.cancel(transfer)
            }
        }
    }

    private func makeResponse(_ result: TransferResult, for request: HTTPRequest, attempt: Int) -> HTTPResponse {
        var url = request.url
        if let effective = result.effectiveURL, effective != url.absoluteString, let parsed = URL(string: effective) {
            url = parsed
        }
        return HTTPResponse(
            status: result.status,
            headers: result.headers,
            body: result.body,
            url: url,
            redirectCount: result.redirectCount,
            attempts: attempt
        )
    }

    private func validate(_ request: HTTPRequest) throws(HTTPClientError) {
        let url = request.url
        guard let scheme = url.scheme?.lowercased() else {
            throw .invalidURL(redacted(url.absoluteString))
        }
        guard scheme == "http" || scheme == "https" else {
            throw .unsupportedScheme(scheme)
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidURL(redacted(url.absoluteString))
        }
        guard request.method.isValidToken else {
            throw .invalidRequest("the method \"\(request.method.rawValue)\" is not a valid HTTP method token")
        }
        for field in request.headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPHeaders.isTokenByte) else {
                throw .invalidRequest("the header name \"\(field.name)\" contains characters HTTP does not allow")
            }
            guard HTTPHeaders.isValidValue(field.value) else {
                throw .invalidRequest("the value of header \"\(field.name)\" contains a line break or NUL character")
            }
        }
    }

    private func log(_ request: HTTPRequest, attempt: Int, started: ContinuousClock.Instant, outcome: @autoclosure () -> String) {
        guard let logger = configuration.logger, logger.logLevel <= .debug else { return }
        let elapsed = ContinuousClock.now - started
        // Method, URL and outcome only: header values can hold credentials and are never logged.
        logger.debug(
            "\(request.method) \(redacted(request.url.absoluteString)) -> \(outcome())",
            metadata: ["attempt": "\(attempt)", "elapsed": "\(elapsed.readable)"]
        )
    }
}

extension HTTPClientError {
    /// Failures where the request cannot have reached the server's application, so sending it again is safe
    /// for an idempotent request.
    var isConnectionFailure: Bool {
        switch self {
        case .cannotConnect:
            true
        case .transport(let code, _):
            // A reused connection the server had already closed shows up as one of these.
            code == Int(CURLE_GOT_NOTHING.rawValue) || code == Int(CURLE_SEND_ERROR.rawValue)
                || code == Int(CURLE_RECV_ERROR.rawValue)
        default:
            false
        }
    }
}

/// Process-wide libcurl set-up, run once.
private enum CurlGlobal {
    static let initResult: UInt32 = {
        // SIGPIPE would end the process when a peer closes a socket mid-write; see the shim for the details.
        _ = ccurl_ignore_sigpipe_if_default()
        return ccurl_global_init_all().rawValue
    }()
}
