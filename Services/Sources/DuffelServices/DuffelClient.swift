public import CurlHTTP
import Entities
public import Foundation
public import Logging
public import Services
import Synchronization

/// Where a Duffel-v2-compatible API lives and how to authenticate with it. Printing it, dumping it or looking at it
/// in a debugger never shows the token.
public struct DuffelConfiguration: Sendable, CustomStringConvertible, CustomReflectable {
    /// The live Duffel API.
    public static let duffelAPI = URL(string: "https://api.duffel.com")

    /// The API's root URL (`https://api.duffel.com`, or a sandbox on `http://127.0.0.1:PORT`).
    public var baseURL: URL
    /// The bearer token. Kept out of every log line and error message.
    public var accessToken: String
    /// The `Duffel-Version` header.
    public var version: String
    /// How long airlines may take to answer a search, sent as `supplier_timeout`.
    public var supplierTimeout: Duration
    /// The time limit per request (a search gets the supplier timeout on top).
    public var requestTimeout: Duration
    /// The `User-Agent` header.
    public var userAgent: String
    /// The longest wait for a rate limit to reset that is waited out before sending a refused request again; a
    /// longer one is reported (with the time to wait) instead.
    public var maxRateLimitWait: Duration

    /// Creates a configuration.
    public init(
        baseURL: URL, accessToken: String, version: String = "v2", supplierTimeout: Duration = .seconds(20),
        requestTimeout: Duration = .seconds(30), userAgent: String = "flights/1.0",
        maxRateLimitWait: Duration = .seconds(10)
    ) {
        self.maxRateLimitWait = maxRateLimitWait
        self.baseURL = baseURL
        self.accessToken = accessToken
        self.version = version
        self.supplierTimeout = supplierTimeout
        self.requestTimeout = requestTimeout
        self.userAgent = userAgent
    }

    /// `https://api.duffel.com (Duffel-Version v2, token duffel_test_…)`.
    public var description: String {
        "\(baseURL.absoluteString) (Duffel-Version \(version), token \(DuffelConfiguration.redacted(accessToken)))"
    }

    /// The fields, with the token redacted.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "baseURL": baseURL, "accessToken": DuffelConfiguration.redacted(accessToken), "version": version,
            "supplierTimeout": supplierTimeout, "requestTimeout": requestTimeout, "userAgent": userAgent,
            "maxRateLimitWait": maxRateLimitWait,
        ])
    }

    /// A token's kind without its secret: `duffel_test_…`.
    static func redacted(_ token: String) -> String {
        for prefix in ["duffel_test_", "duffel_live_"] where token.hasPrefix(prefix) { return prefix + "…" }
        return token.isEmpty ? "(none)" : "…"
    }
}

/// Speaks Duffel API v2 over an `HTTPTransport`: headers, the `data` envelope, the error envelope and the
/// rate-limit headers. The Duffel services are thin layers over it.
public final class DuffelClient: Sendable {
    /// The configuration it was made with.
    public let configuration: DuffelConfiguration
    private let transport: any HTTPTransport
    private let logger: Logger
    private let rateLimitState = Mutex<RateLimit?>(nil)
    private let rateLimitWaits: (@Sendable (RateLimitWait) -> Void)?
    /// Blanks our own token out of every answer before it is read (see ``TokenRedaction``).
    private let redaction: TokenRedaction?

    /// Creates a client over `transport` (an `HTTPClient` in the app, a recorder in tests). `rateLimitWaits` hears
    /// each wait for a rate limit to reset before a refused request is sent again, to show it to people.
    public init(
        configuration: DuffelConfiguration, transport: any HTTPTransport,
        logger: Logger = Logger(label: "flights.duffel"),
        rateLimitWaits: (@Sendable (RateLimitWait) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.logger = logger
        self.rateLimitWaits = rateLimitWaits
        self.redaction = TokenRedaction(
            token: configuration.accessToken, shownAs: DuffelConfiguration.redacted(configuration.accessToken))
    }

    /// The rate-limit state of the latest response, for callers that pace themselves.
    public var latestRateLimit: RateLimit? { rateLimitState.withLock { $0 } }

    /// Place suggestions for what a traveller types.
    public var placeService: DuffelPlaceService { DuffelPlaceService(client: self) }
    /// Offer search and re-check.
    public var offerService: DuffelOfferService { DuffelOfferService(client: self) }
    /// Orders and cancellations.
    public var orderService: DuffelOrderService { DuffelOrderService(client: self) }
    /// Seat maps and extras.
    public var extrasService: DuffelExtrasService { DuffelExtrasService(client: self) }

    /// `GET path?query` decoded as `Response`.
    func get<Response: Decodable>(
        _ path: String, query: [(String, String?)] = [], timeout: Duration? = nil, as type: Response.Type
    ) async throws(ServiceError) -> Response {
        let request = try makeRequest(method: .get, path: path, query: query, body: nil, timeout: timeout)
        return try await send(request, as: type)
    }

    /// `POST path?query` with `{"data": body}`, decoded as `Response`. Never retried by the transport.
    func post<Body: Encodable & Sendable, Response: Decodable>(
        _ path: String, query: [(String, String?)] = [], body: Body?, timeout: Duration? = nil, as type: Response.Type
    ) async throws(ServiceError) -> Response {
        let data: Data
        do {
            data = try DuffelJSON.encoder().encode(BodyEnvelope(data: body))
        } catch {
            throw .malformedResponse("The request could not be encoded: \(error)")
        }
        let request = try makeRequest(method: .post, path: path, query: query, body: data, timeout: timeout)
        return try await send(request, as: type)
    }

    func makeRequest(
        method: HTTPMethod, path: String, query: [(String, String?)], body: Data?, timeout: Duration?
    ) throws(ServiceError) -> HTTPRequest {
        guard let url = DuffelClient.url(base: configuration.baseURL, path: path, query: query) else {
            throw .transport("The API address \(configuration.baseURL) cannot be combined with \(path).")
        }
        var headers: HTTPHeaders = [
            "Authorization": "Bearer \(configuration.accessToken)",
            "Duffel-Version": configuration.version,
            "Accept": "application/json",
            "User-Agent": configuration.userAgent,
        ]
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        var request = HTTPRequest(
            method: method, url: url, headers: headers, body: body, timeout: timeout ?? configuration.requestTimeout)
        // Rate limits are waited out here, for every method, where the wait can be told to people.
        request.retriesRateLimits = false
        return request
    }

    func send<Response: Decodable>(_ request: HTTPRequest, as type: Response.Type) async throws(ServiceError) -> Response {
        var attempt = 1
        while true {
            let response: HTTPResponse
            do {
                response = try await transport.send(request).redacted(by: redaction)
            } catch {
                let error = redaction?.apply(to: error) ?? error
                logger.debug("duffel request failed", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.url.path)", "error": "\(error)"])
                throw DuffelClient.serviceError(for: error)
            }
            let now = Date()
            let rateLimit = DuffelClient.rateLimit(from: response.headers, now: now)
            if let rateLimit { rateLimitState.withLock { $0 = rateLimit } }
            // A 429 was refused before it was processed, so sending it again is safe, a POST included; waits beyond
            // the bound (and a server that keeps refusing) are reported with the time to wait instead.
            if response.status == 429, attempt < DuffelClient.maxRateLimitAttempts,
               let wait = DuffelClient.rateLimitWait(rateLimit, now: now), wait <= configuration.maxRateLimitWait {
                let until = now.addingTimeInterval(Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
                logger.debug("duffel rate limit: waiting", metadata: ["path": "\(request.url.path)", "until": "\(until)"])
                rateLimitWaits?(RateLimitWait(until: until, method: request.method.rawValue, path: request.url.path, attempt: attempt))
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    throw .cancelled
                }
                attempt += 1
                continue
            }
            return try decode(response, rateLimit: rateLimit, request: request, as: type)
        }
    }

    /// How many times a request refused with 429 is sent in all.
    static let maxRateLimitAttempts = 4

    /// How long to wait before sending a refused request again: until the reset (at least a moment, so a reset
    /// already past does not send it again at once), or a second when the server did not say.
    static func rateLimitWait(_ rateLimit: RateLimit?, now: Date) -> Duration? {
        guard let resetsAt = rateLimit?.resetsAt else { return .seconds(1) }
        let seconds = max(resetsAt.timeIntervalSince(now), 0.1)
        guard seconds.isFinite, seconds < 86_400 else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    private func decode<Response: Decodable>(
        _ response: HTTPResponse, rateLimit: RateLimit?, request: HTTPRequest, as type: Response.Type
    ) throws(ServiceError) -> Response {
        logger.debug("duffel response", metadata: [
            "method": "\(request.method.rawValue)", "path": "\(request.url.path)", "status": "\(response.status)",
            "request_id": "\(response.headers["x-request-id"] ?? "-")",
        ])
        return try DuffelResponseDecoder.decode(type, status: response.status, body: response.body, rateLimit: rateLimit)
    }

    static func serviceError(for error: HTTPClientError) -> ServiceError {
        switch error {
        case .timedOut: return .timedOut
        case .cannotConnect(let host, let reason): return .cannotConnect("\(host): \(reason)")
        case .tls(let reason): return .insecureConnection(reason)
        case .responseTooLarge: return .responseTooLarge
        case .cancelled: return .cancelled
        case .status(let code, _, let body):
            return DuffelResponseDecoder.errorFor(status: code, body: body, rateLimit: nil)
        case .transport(let code, let message):
            // What happened, without the HTTP layer's own advice: the service error adds the traveller's.
            return .transport(transferFailure(code: code, message: message))
        case .redirectRefused(let method, let status, let target):
            return .redirected(method: method, status: status, to: target)
        case .tooManyRedirects, .shutDown, .invalidURL, .unsupportedScheme, .invalidRequest:
            return .transport(error.description)
        }
    }

    /// A failed transfer in a traveller's words; libcurl's own wording, with its code, for the rarer ones.
    static func transferFailure(code: Int, message: String) -> String {
        switch code {
        case 52: "the server closed the connection without answering"
        case 18, 56: "the connection broke while the answer was arriving"
        case 55: "the request could not be sent whole"
        default: "\(message), libcurl error \(code)"
        }
    }

    /// Reads `ratelimit-limit`, `ratelimit-remaining`, `ratelimit-reset` and `Retry-After`. A reset is seconds
    /// from now, a Unix time, an HTTP-date or an ISO 8601 instant; `Retry-After` wins when present.
    static func rateLimit(from headers: HTTPHeaders, now: Date) -> RateLimit? {
        let limit = headers["ratelimit-limit"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let remaining = headers["ratelimit-remaining"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let retryAfter = headers["retry-after"].flatMap { instant(from: $0, now: now) }
        let reset = retryAfter ?? headers["ratelimit-reset"].flatMap { instant(from: $0, now: now) }
        guard limit != nil || remaining != nil || reset != nil else { return nil }
        return RateLimit(limit: limit, remaining: remaining, resetsAt: reset, retryAfter: retryAfter)
    }

    private static func instant(from value: String, now: Date) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let number = Int(text) {
            // Large numbers are Unix times; small ones are seconds from now.
            return number > 1_000_000_000 ? Date(timeIntervalSince1970: Double(number)) : now.addingTimeInterval(Double(number))
        }
        return HTTPDate.parse(text) ?? DuffelJSON.parseTimestamp(text)
    }

    /// `base` + `path` + a query with every value percent-encoded (a `+` stays a plus, a space is `%20`).
    static func url(base: URL, path: String, query: [(String, String?)]) -> URL? {
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        var text = root + (path.hasPrefix("/") ? path : "/" + path)
        let pairs = query.compactMap { name, value in value.map { (name, $0) } }
        if !pairs.isEmpty {
            text += "?" + pairs.map { "\(percentEncode($0))=\(percentEncode($1))" }.joined(separator: "&")
        }
        return URL(string: text)
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    static func percentEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

/// `{"data": …}` for request bodies; a nil body sends `{"data": {}}`.
private struct BodyEnvelope<Body: Encodable>: Encodable {
    var data: Body?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let data {
            try container.encode(data, forKey: .data)
        } else {
            _ = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .data)
        }
    }

    enum CodingKeys: String, CodingKey { case data }
}
