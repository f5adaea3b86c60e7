import Entities
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Each request's context: Hummingbird's core storage, plus the connection, which the fault injector closes
/// to drop or truncate an answer.
struct SandboxRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }

    var maxUploadSize: Int { SandboxResponder.maximumBodyBytes }
}

/// The request pipeline Duffel's API has in front of its endpoints: a request id, faults (when asked for),
/// authentication, the version header, the rate limit; then the endpoint; then gzip when accepted.
struct SandboxResponder: HTTPResponder {
    typealias Context = SandboxRequestContext

    static let maximumBodyBytes = 1 << 20
    static let healthPath = "/sandbox/health"
    static let offerCountHeader = "x-sandbox-offer-count"

    let api: SandboxAPI
    let tokenPolicy: TokenPolicy
    let limiter: RateLimiter
    let faults: FaultInjector
    let logger: Logger

    func respond(to request: Request, context: Context) async throws -> Response {
        let requestID = SandboxID.random("", length: 20).uppercased()
        var headers = HTTPFields()
        SandboxResponder.set(&headers, "x-request-id", requestID)
        if request.uri.path == SandboxResponder.healthPath {
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }

        let decision: FaultInjector.Decision
        do {
            decision = try faultDecision(for: request)
        } catch {
            return finish(
                status: 400,
                body: APIFailure.badRequest(error.description).body(requestID: requestID),
                headers: headers, request: request, decision: FaultInjector.Decision(), context: context)
        }
        if let latency = decision.latency, latency > .zero {
            try await Task.sleep(for: latency)
        }
        if decision.drop {
            context.channel.close(promise: nil)
            throw InjectedFault.connectionDropped
        }

        let token = SandboxResponder.bearerToken(request.headers[.authorization])
        let verdict = limiter.check(key: token ?? "anonymous", now: api.now())
        SandboxResponder.set(&headers, "ratelimit-limit", String(verdict.limit))
        SandboxResponder.set(&headers, "ratelimit-remaining", String(verdict.remaining))
        SandboxResponder.set(&headers, "ratelimit-reset", HTTPDateFormat.string(verdict.resetsAt))

        var status: Int
        var body: Data
        var timings: [(name: String, duration: Duration)] = []
        var cacheKey: String?
        if let injected = decision.errorStatus {
            let failure = SandboxResponder.injectedFailure(status: injected)
            (status, body) = (failure.status, failure.body(requestID: requestID))
        } else {
            do {
                try authenticate(token: token, header: request.headers[.authorization])
                try checkVersion(request)
                if !verdict.allowed {
                    let seconds = max(1, Int(verdict.resetsAt.timeIntervalSince(api.now()).rounded(.up)))
                    SandboxResponder.set(&headers, "retry-after", String(seconds))
                    throw APIFailure(
                        status: 429, type: .rateLimit, code: .rateLimitExceeded, title: "Rate limit exceeded",
                        message: "More than \(verdict.limit) requests were made in the current window; try again in \(seconds) s.")
                }
                let reply = try await route(request)
                (status, body, timings, cacheKey) = (reply.status, reply.body, reply.timings, reply.cacheKey)
            } catch let failure as APIFailure {
                (status, body) = (failure.status, failure.body(requestID: requestID))
            } catch {
                logger.error("request failed", metadata: ["request_id": "\(requestID)", "error": "\(error)"])
                let failure = APIFailure.internalError("\(error)")
                (status, body) = (failure.status, failure.body(requestID: requestID))
            }
        }
        if let after = decision.errorAfterHandling {
            // Handled, and answered as if it were not.
            let failure = SandboxResponder.injectedFailure(status: after)
            (status, body) = (failure.status, failure.body(requestID: requestID))
            if after == 429 {
                SandboxResponder.set(&headers, "retry-after", "1")
                SandboxResponder.set(&headers, "ratelimit-reset", HTTPDateFormat.string(api.now().addingTimeInterval(1)))
            }
        }
        logger.debug("request", metadata: [
            "request_id": "\(requestID)", "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(status)",
        ])
        if let late = decision.lateAnswer, late > .zero {
            try await Task.sleep(for: late)
        }
        return finish(
            status: status, body: body, headers: headers, request: request, decision: decision, context: context,
            timings: timings, cacheKey: cacheKey)
    }

    // MARK: - Routing

    private func route(_ request: Request) async throws -> APIReply {
        let parts = request.uri.path.split(separator: "/").map(String.init)
        let query = request.uri.queryParameters
        switch (request.method, parts.count) {
        case (.get, 2) where parts == ["places", "suggestions"]:
            return try api.suggestions(query: query.get("query")?.replacingOccurrences(of: "+", with: " "))
        case (.post, 2) where parts == ["air", "offer_requests"]:
            let body = try await readBody(request)
            let supplierTimeout = query.get("supplier_timeout").flatMap(Int.init).map { Duration.milliseconds($0) }
            let count = try request.headers.first(where: { $0.name.canonicalName == SandboxResponder.offerCountHeader })
                .map { field throws(APIFailure) -> Int in
                    guard let value = Int(field.value) else {
                        throw APIFailure.badRequest("\(SandboxResponder.offerCountHeader) must be a whole number.")
                    }
                    return value
                }
            // Duffel returns the offers inline unless asked not to.
            let returnOffers = query.get("return_offers").map { $0.lowercased() != "false" } ?? true
            return try await api.createOfferRequest(
                body: body, returnOffers: returnOffers, supplierTimeout: supplierTimeout, offerCount: count)
        case (.get, 3) where parts[0...1] == ["air", "offer_requests"]:
            return try api.offerRequest(id: parts[2])
        case (.get, 2) where parts == ["air", "offers"]:
            return try await api.listOffers(
                offerRequestID: query.get("offer_request_id"), sort: query.get("sort"),
                maxConnections: query.get("max_connections"), limit: query.get("limit"), after: query.get("after"))
        case (.get, 3) where parts[0...1] == ["air", "offers"]:
            return try await api.offer(id: parts[2], withServices: query.get("return_available_services") == "true")
        case (.post, 5) where parts[0...1] == ["air", "offers"] && parts[3...4] == ["actions", "price"]:
            var reply = try await api.offer(id: parts[2])
            reply.status = 200
            return reply
        case (.get, 2) where parts == ["air", "seat_maps"]:
            return try await api.seatMaps(offerID: query.get("offer_id"))
        case (.post, 2) where parts == ["air", "orders"]:
            return try await api.createOrder(body: try await readBody(request))
        case (.get, 2) where parts == ["air", "orders"]:
            return try await api.listOrders(
                bookingReference: query.get("booking_reference"), limit: query.get("limit"), after: query.get("after"))
        case (.get, 3) where parts[0...1] == ["air", "orders"]:
            return try await api.order(id: parts[2])
        case (.post, 2) where parts == ["air", "order_cancellations"]:
            return try await api.quoteCancellation(body: try await readBody(request))
        case (.get, 3) where parts[0...1] == ["air", "order_cancellations"]:
            return try await api.cancellation(id: parts[2])
        case (.post, 5) where parts[0...1] == ["air", "order_cancellations"] && parts[3...4] == ["actions", "confirm"]:
            return try await api.confirmCancellation(id: parts[2])
        case (.post, 2) where parts == ["air", "payments"]:
            return try await api.createPayment(body: try await readBody(request))
        default:
            throw APIFailure.notFound("There is no \(request.method) \(request.uri.path) in the Duffel API v2 the sandbox serves.")
        }
    }

    private func readBody(_ request: Request) async throws(APIFailure) -> Data {
        var request = request
        do {
            let buffer = try await request.collectBody(upTo: SandboxResponder.maximumBodyBytes)
            return Data(buffer.readableBytesView)
        } catch {
            throw APIFailure.badRequest("The request body could not be read, or is larger than 1 MiB.")
        }
    }

    // MARK: - The checks before an endpoint

    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    private func authenticate(token: String?, header: String?) throws(APIFailure) {
        guard header != nil else {
            throw APIFailure(
                status: 401, type: .authentication, code: .missingAuthorizationHeader, title: "Missing authorization header",
                message: "Send an Authorization header: Bearer duffel_test_… (the app uses \(SandboxConfiguration.appToken)).")
        }
        guard let token, tokenPolicy.accepts(token) else {
            throw APIFailure(
                status: 401, type: .authentication, code: .unauthorized, title: "Invalid access token",
                message: "The Authorization header must be Bearer followed by a test token such as duffel_test_yourname.")
        }
    }

    private func checkVersion(_ request: Request) throws(APIFailure) {
        let version = request.headers.first { $0.name.canonicalName == "duffel-version" }?.value
        guard let version else {
            throw APIFailure(
                status: 400, type: .invalidRequest, code: .unsupportedVersion, title: "Missing Duffel-Version header",
                message: "Send the header Duffel-Version: v2.")
        }
        guard version == "v2" else {
            throw APIFailure(
                status: 400, type: .invalidRequest, code: .unsupportedVersion, title: "Unsupported version",
                message: "Duffel-Version \(version) is not supported here; send v2.")
        }
    }

    private func faultDecision(for request: Request) throws(SandboxError) -> FaultInjector.Decision {
        var plan = faults.plan
        let header = request.headers.first(where: { $0.name.canonicalName == FaultPlan.headerName })?.value
        if let header { plan = plan.overlaid(with: try FaultPlan(parsing: header)) }
        guard !plan.isEmpty, plan.applies(method: request.method.rawValue, path: request.uri.path) else {
            return FaultInjector.Decision()
        }
        return faults.decide(plan, fromHeader: header != nil)
    }

    static func injectedFailure(status: Int) -> APIFailure {
        let type: APIErrorType
        switch status {
        case 401: type = .authentication
        case 429: type = .rateLimit
        case 422: type = .validation
        case 400..<500: type = .invalidRequest
        default: type = .api
        }
        return APIFailure(
            status: status, type: type, code: status >= 500 ? .internalServerError : nil, title: "Injected fault",
            message: "The sandbox answered \(status) because a fault plan asked it to.")
    }

    static func set(_ fields: inout HTTPFields, _ name: String, _ value: String) {
        if let field = HTTPField.Name(name) { fields[field] = value }
    }
}

/// Faults that end a connection instead of answering.
enum InjectedFault: Error {
    case connectionDropped
    case bodyTruncated
}
