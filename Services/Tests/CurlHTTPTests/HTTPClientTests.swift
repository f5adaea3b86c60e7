import Foundation
import Logging
import Synchronization
import Testing

@testable import CurlHTTP

/// The client against a real httpbin on loopback (see `TestServers`).
@Suite struct HTTPClientTests {
    /// Short backoff so that retry tests take milliseconds.
    static let fastRetry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(40))

    // MARK: Statuses

    @Test(arguments: [200, 201, 204, 404, 418, 500])
    func statusIsReturnedNotThrown(code: Int) async throws {
        try await withClient { client, base in
            let response = try await client.send(HTTPRequest(url: base.appending(path: "status/\(code)")))
            #expect(response.status == code)
            #expect(response.attempts == 1)
        }
    }

    @Test func requireSuccessThrowsStatusWithTheServersBody() async throws {
        try await withClient { client, base in
            let response = try await client.send(HTTPRequest(url: base.appending(path: "status/418")))
            #expect(String(decoding: response.body, as: UTF8.self).contains("teapot"))
            do throws(HTTPClientError) {
                try response.requireSuccess()
                Issue.record("requireSuccess accepted status 418")
            } catch {
                guard case .status(let code, _, let body) = error else {
                    Issue.record("expected .status, got \(error)")
                    return
                }
                #expect(code == 418)
                #expect(body == response.body)
            }
            let ok = try await client.send(HTTPRequest(url: base.appending(path: "get")))
            #expect(try ok.requireSuccess().status == 200)
        }
    }

    // MARK: Redirects

    @Test func redirectsAreFollowedAndCounted() async throws {
        try await withClient { client, base in
            let response = try await client.send(HTTPRequest(url: base.appending(path: "redirect/3")))
            #expect(response.status == 200)
            #expect(response.redirectCount == 3)
            #expect(response.url.path == "/get")
            // Only the final response's headers are kept, not the 302s' Location.
            #expect(response.headers["Location"] == nil)
            #expect(response.headers["Content-Type"] == "application/json")
        }
    }

    @Test func redirectsUpToTheLimitSucceedOneMoreFails() async throws {
        try await withClient(HTTPClientConfiguration(maxRedirects: 2)) { client, base in
            let atLimit = try await client.send(HTTPRequest(url: base.appending(path: "redirect/2")))
            #expect(atLimit.redirectCount == 2)
            let error = await sendError(client, HTTPRequest(url: base.appending(path: "redirect/3")))
            #expect(error == .tooManyRedirects(limit: 2))
        }
    }

    // MARK: Content

    @Test(arguments: ["gzip", "deflate", "brotli"])
    func compressedBodiesAreDecoded(encoding: String) async throws {
        try await withClient { client, base in
            let response = try await client.send(HTTPRequest(url: base.appending(path: encoding)))
            #expect(response.status == 200)
            let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(json?[encoding == "brotli" ? "brotli" : encoding == "gzip" ? "gzipped" : "deflated"] as? Bool == true)
        }
    }

    @Test func largeBodyArrivesWhole() async throws {
        try await withClient { client, base in
            let response = try await client.send(HTTPRequest(url: base.appending(path: "bytes/51200")))
            #expect(response.body.count == 51_200)
            #expect(response.headers["Content-Length"] == "51200")
        }
    }

    @Test func postBodyIsEchoed() async throws {
        try await withClient { client, base in
            let payload = #"{"data":{"slices":[{"origin":"LHR","destination":"JFK"}]}}"#
            let response = try await client.send(
                HTTPRequest(
                    method: .post, url: base.appending(path: "anything"),
                    headers: ["Content-Type": "application/json"], body: Data(payload.utf8)))
            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
            #expect(echo.method == "POST")
            #expect(echo.data == payload)
            #expect(echo.headers["Content-Type"] == "application/json")
        }
    }

    @Test(arguments: [HTTPMethod.put, .patch, .delete])
    func methodsWithBodiesAreSentAsThemselves(method: HTTPMethod) async throws {
        try await withClient { client, base in
            let response = try await client.send(
                HTTPRequest(method: method, url: base.appending(path: "anything"), body: Data("x=\(method)".utf8)))
            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
            #expect(echo.method == method.rawValue)
            #expect(echo.data == "x=\(method)")
        }
    }

    @Test func emptyPostAndBodylessMethods() async throws {
        try await withClient { client, base in
            let post = try await client.send(HTTPRequest(method: .post, url: base.appending(path: "anything")))
            #expect(try JSONDecoder().decode(Echo.self, from: post.body).method == "POST")
            let delete = try await client.send(HTTPRequest(method: .delete, url: base.appending(path: "anything")))
            #expect(try JSONDecoder().decode(Echo.self, from: delete.body).method == "DELETE")
            let head = try await client.send(HTTPRequest(method: .head, url: base.appending(path: "get")))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["Content-Length"] != nil)
        }
    }

    @Test func headersAreSentAndUserAgentConfigured() async throws {
        try await withClient(HTTPClientConfiguration(userAgent: "FlightsTest/1.2")) { client, base in
            let response = try await client.send(
                HTTPRequest(url: base.appending(path: "headers"), headers: ["X-Flights-Trace": "abc-123", "Accept": "application/json"]))
            let echo = try JSONDecoder().decode(HeadersEcho.self, from: response.body)
            #expect(echo.headers["X-Flights-Trace"] == "abc-123")
            #expect(echo.headers["Accept"] == "application/json")
            #expect(echo.headers["User-Agent"] == "FlightsTest/1.2")
            #expect(echo.headers["Accept-Encoding"]?.contains("gzip") == true)
        }
    }

    @Test func repeatedResponseHeadersAreKept() async throws {
        try await withClient { client, base in
            var components = try #require(URLComponents(url: base.appending(path: "response-headers"), resolvingAgainstBaseURL: false))
            components.queryItems = [URLQueryItem(name: "X-Multi", value: "a"), URLQueryItem(name: "X-Multi", value: "b")]
            let response = try await client.send(HTTPRequest(url: try #require(components.url)))
            #expect(response.headers.values(for: "x-multi") == ["a", "b"])
        }
    }

    @Test func headerInjectionIsRejectedBeforeSending() async throws {
        try await withClient { client, base in
            let error = await sendError(
                client, HTTPRequest(url: base.appending(path: "get"), headers: ["X-Evil": "a\r\nInjected: yes"]))
            guard case .invalidRequest(let reason) = error else {
                Issue.record("expected .invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("X-Evil"))
            #expect(!reason.contains("Injected"))
            #expect(client.metrics.transfers == 0)
        }
    }

    // MARK: Limits

    @Test func aRequestTheServerNeverAnswersTimesOut() async throws {
        // The server never answers, so the only way the request can end is its timeout: a short one costs
        // nothing in certainty. The retry policy would retry a connection failure, but not this.
        let server = try SilentServer()
        try await withClient(HTTPClientConfiguration(retry: Self.fastRetry)) { client, _ in
            let error = await sendError(client, HTTPRequest(url: server.url, timeout: .seconds(1)))
            #expect(error == .timedOut(after: .seconds(1)))
            #expect(client.metrics.transfers == 1)
            #expect(client.metrics.retries == 0)
        }
    }

    @Test(arguments: ["bytes/2048", "stream-bytes/4096?chunk_size=512"])
    func bodyOverTheCapIsRefused(path: String) async throws {
        // bytes/ sends Content-Length (refused up front); stream-bytes/ is chunked (refused while arriving).
        try await withClient(HTTPClientConfiguration(maxResponseBytes: 1000)) { client, base in
            let url = try #require(URL(string: path, relativeTo: base))
            let error = await sendError(client, HTTPRequest(url: url))
            #expect(error == .responseTooLarge(limit: 1000))
            let fits = try await client.send(HTTPRequest(url: base.appending(path: "bytes/1000")))
            #expect(fits.body.count == 1000)
        }
    }

    @Test func compressedBodyIsCappedAfterDecoding() async throws {
        // /gzip is a few hundred bytes on the wire and more once decoded.
        try await withClient(HTTPClientConfiguration(maxResponseBytes: 100)) { client, base in
            let error = await sendError(client, HTTPRequest(url: base.appending(path: "gzip")))
            #expect(error == .responseTooLarge(limit: 100))
        }
    }

    // MARK: Schemes

    @Test(arguments: ["ftp://127.0.0.1/file", "file:///etc/hostname", "gopher://127.0.0.1/"])
    func nonHTTPSchemesAreRefused(url: String) async throws {
        try await withClient { client, _ in
            let error = await sendError(client, HTTPRequest(url: try #require(URL(string: url))))
            #expect(error == .unsupportedScheme(try #require(URL(string: url)?.scheme)))
            #expect(client.metrics.transfers == 0)
        }
    }

    @Test(arguments: ["ftp://127.0.0.1/file", "file:///etc/passwd"])
    func redirectsToNonHTTPSchemesAreRefused(target: String) async throws {
        try await withClient { client, base in
            var components = try #require(URLComponents(url: base.appending(path: "redirect-to"), resolvingAgainstBaseURL: false))
            components.queryItems = [URLQueryItem(name: "url", value: target)]
            let error = await sendError(client, HTTPRequest(url: try #require(components.url)))
            #expect(error == .redirectRefused(method: "GET", status: 302, to: target))
            #expect(client.metrics.transfers == 1)
        }
    }

    @Test(arguments: [307, 308, 302, 303])
    func aPOSTIsNeverRedirectedEvenWithinItsOrigin(status: Int) async throws {
        try await withClient { client, base in
            var components = try #require(URLComponents(url: base.appending(path: "redirect-to"), resolvingAgainstBaseURL: false))
            let target = base.appending(path: "post").absoluteString
            components.queryItems = [URLQueryItem(name: "url", value: target), URLQueryItem(name: "status_code", value: "\(status)")]
            let request = HTTPRequest(
                method: .post, url: try #require(components.url), headers: ["Content-Type": "application/json"],
                body: Data(#"{"data": {"passengers": [{"born_on": "1990-04-12"}]}}"#.utf8))
            let error = await sendError(client, request)
            #expect(error == .redirectRefused(method: "POST", status: status, to: target))
            #expect(error?.description.contains("nothing was sent there") == true)
            #expect(client.metrics.transfers == 1)
        }
    }

    @Test func aGETIsNotRedirectedToAnotherOrigin() async throws {
        let elsewhere = try BoundSocket()
        try await withClient { client, base in
            var components = try #require(URLComponents(url: base.appending(path: "redirect-to"), resolvingAgainstBaseURL: false))
            let target = "http://127.0.0.1:\(elsewhere.port)/get"
            components.queryItems = [URLQueryItem(name: "url", value: target), URLQueryItem(name: "status_code", value: "307")]
            let error = await sendError(client, HTTPRequest(url: try #require(components.url)))
            #expect(error == .redirectRefused(method: "GET", status: 307, to: target))
            #expect(client.metrics.transfers == 1)
        }
    }

    @Test func urlWithoutHostIsInvalid() async throws {
        try await withClient { client, _ in
            let error = await sendError(client, HTTPRequest(url: try #require(URL(string: "http:///nohost"))))
            #expect(error == .invalidURL("http:///nohost"))
        }
    }

    // MARK: Connections

    @Test func refusedConnectionIsCannotConnectAndRetriedForGET() async throws {
        let closed = try BoundSocket()
        try await withClient(HTTPClientConfiguration(retry: Self.fastRetry)) { client, _ in
            let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/get"))
            let error = await sendError(client, HTTPRequest(url: url))
            guard case .cannotConnect(let host, _) = error else {
                Issue.record("expected .cannotConnect, got \(String(describing: error))")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(client.metrics.transfers == 3)
            #expect(client.metrics.retries == 2)
            let postError = await sendError(client, HTTPRequest(method: .post, url: url, body: Data("x".utf8)))
            #expect(postError.map { if case .cannotConnect = $0 { true } else { false } } == true)
            #expect(client.metrics.transfers == 4)
        }
    }

    @Test func aPeerThatDoesNotSpeakHTTPIsSaidToBeOne() async throws {
        let server = try await TestServers.shared.notHTTPServer()
        try await withClient(HTTPClientConfiguration(retry: .none)) { client, _ in
            let error = await sendError(client, HTTPRequest(url: server.appendingPathComponent("places")))
            guard case .transport(_, let message) = error else {
                Issue.record("expected a transport failure, got \(String(describing: error))")
                return
            }
            #expect(message == "127.0.0.1 answered, but not in HTTP; check the address and the port")
            #expect(!"\(String(describing: error))".contains("scheme"))
        }
    }

    @Test func hundredConcurrentRequestsGetTheirOwnBodies() async throws {
        try await withClient { client, base in
            let results = await withTaskGroup(of: (Int, Result<HTTPResponse, HTTPClientError>).self) { group in
                for index in 0..<100 {
                    group.addTask {
                        var components = URLComponents(url: base.appending(path: "anything"), resolvingAgainstBaseURL: false)
                        components?.queryItems = [URLQueryItem(name: "i", value: "\(index)")]
                        guard let url = components?.url else { return (index, .failure(.invalidURL("anything?i=\(index)"))) }
                        return (index, await sendResult(client, HTTPRequest(url: url)))
                    }
                }
                var collected: [Int: Result<HTTPResponse, HTTPClientError>] = [:]
                for await (index, result) in group { collected[index] = result }
                return collected
            }
            #expect(results.count == 100)
            for (index, result) in results {
                let response = try result.get()
                let echo = try JSONDecoder().decode(Echo.self, from: response.body)
                #expect(echo.args["i"] == "\(index)")
            }
            #expect(client.metrics.transfers == 100)
            #expect(client.metrics.activeTransfers == 0)
        }
    }

    @Test func connectionsClosedByTheServerAreCountedEachTime() async throws {
        // httpbin's development server answers "Connection: close", so every request needs a new connection;
        // this keeps the reuse tests honest about what the counter measures. (An HTTPBIN_URL server may keep
        // connections open instead; then the three requests share one.)
        try await withClient { client, base in
            var closed = 0
            for _ in 0..<3 {
                let response = try await client.send(HTTPRequest(url: base.appending(path: "get")))
                if response.headers["Connection"]?.lowercased() == "close" { closed += 1 }
            }
            try #require(closed == 0 || closed == 3, "the server closed only some connections")
            #expect(client.metrics.connectionsOpened == (closed == 3 ? 3 : 1))
        }
    }

    // MARK: Retries

    @Test(arguments: [429, 502, 503, 504])
    func idempotentRequestIsRetriedOnRetryableStatus(code: Int) async throws {
        try await withClient(HTTPClientConfiguration(retry: Self.fastRetry)) { client, base in
            let response = try await client.send(HTTPRequest(url: base.appending(path: "status/\(code)")))
            #expect(response.status == code)
            #expect(response.attempts == 3)
            #expect(client.metrics.transfers == 3)
            #expect(client.metrics.retries == 2)
        }
    }

    @Test func postIsNeverRetried() async throws {
        try await withClient(HTTPClientConfiguration(retry: Self.fastRetry)) { client, base in
            let response = try await client.send(
                HTTPRequest(method: .post, url: base.appending(path: "status/503"), body: Data("{}".utf8)))
            #expect(response.status == 503)
            #expect(response.attempts == 1)
            #expect(client.metrics.transfers == 1)
            #expect(client.metrics.retries == 0)
        }
    }

    @Test func idempotencyOverridesDecideRetries() async throws {
        try await withClient(HTTPClientConfiguration(retry: Self.fastRetry)) { client, base in
            let url = base.appending(path: "status/503")
            let keyedPost = try await client.send(HTTPRequest(method: .post, url: url, isIdempotent: true))
            #expect(keyedPost.attempts == 3)
            let oneShotGet = try await client.send(HTTPRequest(url: url, isIdempotent: false))
            #expect(oneShotGet.attempts == 1)
        }
    }

    @Test func otherStatusesAreNotRetried() async throws {
        try await withClient(HTTPClientConfiguration(retry: Self.fastRetry)) { client, base in
            for code in [500, 404, 408] {
                let response = try await client.send(HTTPRequest(url: base.appending(path: "status/\(code)")))
                #expect(response.attempts == 1, "status \(code)")
            }
            #expect(client.metrics.retries == 0)
        }
    }

    // MARK: Cancellation and shutdown

    @Test func cancellingMidTransferThrowsCancelled() async throws {
        // The server holds the request and never answers, so only the cancellation can end it before the
        // configured 60 s timeout; had it not, the outcome would be .timedOut.
        let server = try SilentServer()
        try await withClient { client, base in
            let task = try await server.sendAndAwaitArrival(HTTPRequest(url: server.url), with: client)
            task.cancel()
            let result = await task.value
            #expect(result.failure == .cancelled)
            #expect(client.metrics.cancellations == 1)
            #expect(client.metrics.activeTransfers == 0)
            // The client goes on working after a cancellation.
            let after = try await client.send(HTTPRequest(url: base.appending(path: "get")))
            #expect(after.status == 200)
        }
    }

    @Test func cancellingBeforeSendingThrowsCancelled() async throws {
        try await withClient { client, base in
            let url = base.appending(path: "get")
            let task = Task { () async -> Result<HTTPResponse, HTTPClientError> in
                // Awaiting a cancellation that is certain to have happened, so send starts cancelled.
                while !Task.isCancelled { await Task.yield() }
                return await sendResult(client, HTTPRequest(url: url))
            }
            task.cancel()
            #expect(await task.value.failure == .cancelled)
            #expect(client.metrics.transfers == 0)
        }
    }

    @Test func manyCancellationsResumeEveryCaller() async throws {
        // Cancelling at random moments races cancellation against submission and completion; every task must
        // still end exactly once, with either a response or .cancelled.
        try await withClient { client, base in
            let url = base.appending(path: "get")
            var tasks: [Task<Result<HTTPResponse, HTTPClientError>, Never>] = []
            for _ in 0..<40 {
                tasks.append(Task { await sendResult(client, HTTPRequest(url: url)) })
            }
            for (index, task) in tasks.enumerated() where index % 2 == 0 {
                task.cancel()
            }
            var outcomes = 0
            for task in tasks {
                switch await task.value {
                case .success(let response): #expect(response.status == 200)
                case .failure(let error): #expect(error == .cancelled)
                }
                outcomes += 1
            }
            #expect(outcomes == 40)
            // Every transfer leaves the count before its caller is answered.
            #expect(client.metrics.activeTransfers == 0)
        }
    }

    @Test func cancellingDuringBackoffThrowsCancelled() async throws {
        // unitRandom 1 makes the first backoff its full 10 s ceiling. The client logs "retrying" just before it
        // starts to wait: that line, not a time, says the request is in its backoff.
        let capture = LogCapture()
        var logger = Logger(label: "test") { _ in capture }
        logger.logLevel = .debug
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(10), maxDelay: .seconds(10))
        let client = try HTTPClient(configuration: HTTPClientConfiguration(retry: policy, logger: logger), unitRandom: { 1 })
        let base = try await TestServers.shared.httpbin()
        let url = base.appending(path: "status/503")
        let task = Task {
            let result = await sendResult(client, HTTPRequest(url: url))
            capture.finish()
            return result
        }
        guard await capture.line(containing: "retrying") != nil else {
            Issue.record("the request ended without a retry: \(await task.value)")
            await client.shutdown()
            return
        }
        task.cancel()
        #expect(await task.value.failure == .cancelled)
        #expect(client.metrics.transfers == 1)
        // A backoff waited out to its end counts a retry before the cancellation is seen; one cut short does not.
        #expect(client.metrics.retries == 0)
        await client.shutdown()
    }

    @Test func shutdownEndsRunningAndLaterRequests() async throws {
        // The server never answers: only the shutdown can end the request before its 60 s timeout.
        let server = try SilentServer()
        let client = try HTTPClient()
        let base = try await TestServers.shared.httpbin()
        let task = try await server.sendAndAwaitArrival(HTTPRequest(url: server.url), with: client)
        await client.shutdown()
        #expect(await task.value.failure == .shutDown)
        #expect(await sendError(client, HTTPRequest(url: base.appending(path: "get"))) == .shutDown)
        await client.shutdown()
    }

    // MARK: Logging

    @Test func logsMethodURLAndStatusButNoHeaderValues() async throws {
        let capture = LogCapture()
        var logger = Logger(label: "test") { _ in capture }
        logger.logLevel = .debug
        let secret = "s3cr3t-\(UUID().uuidString)"
        let closed = try BoundSocket()
        try await withClient(HTTPClientConfiguration(retry: .none, logger: logger)) { client, base in
            let headers: HTTPHeaders = ["Authorization": "Bearer \(secret)"]
            let response = try await client.send(HTTPRequest(url: base.appending(path: "headers"), headers: headers))
            // The server does see the token; only logs and errors must not.
            #expect(String(decoding: response.body, as: UTF8.self).contains(secret))
            let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/private"))
            let error = await sendError(client, HTTPRequest(url: url, headers: headers))
            #expect(error.map { !$0.description.contains(secret) } == true)
        }
        let lines = capture.lines
        #expect(lines.contains { $0.contains("GET") && $0.contains("/headers") && $0.contains("200") })
        #expect(lines.contains { $0.contains("/private") && $0.contains("failed") })
        #expect(!lines.contains { $0.contains(secret) })
    }
}

// MARK: Helpers

/// Runs `body` with a new client and httpbin's URL, and shuts the client down afterwards.
func withClient(
    _ configuration: HTTPClientConfiguration = HTTPClientConfiguration(retry: .none),
    _ body: (HTTPClient, URL) async throws -> Void
) async throws {
    let base = try await TestServers.shared.httpbin()
    let client = try HTTPClient(configuration: configuration)
    do {
        try await body(client, base)
    } catch {
        await client.shutdown()
        throw error
    }
    await client.shutdown()
}

/// What `send` returned or threw.
func sendResult(_ client: HTTPClient, _ request: HTTPRequest) async -> Result<HTTPResponse, HTTPClientError> {
    do {
        return .success(try await client.send(request))
    } catch {
        return .failure(error)
    }
}

/// The error `send` threw, or `nil` if it returned a response.
func sendError(_ client: HTTPClient, _ request: HTTPRequest) async -> HTTPClientError? {
    await sendResult(client, request).failure
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

/// httpbin's `/anything` echo.
struct Echo: Decodable {
    var method: String
    var args: [String: String]
    var data: String
    var headers: [String: String]
}

/// httpbin's `/headers` echo.
struct HeadersEcho: Decodable {
    var headers: [String: String]
}
