import Entities
import Hummingbird

/// `error=STATUS@RATE`: the request, counted against the rate limit, is answered with that status in Duffel's
/// envelope instead of being handled, token or no token.
struct InjectedErrorMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let status = context.faultDecision.errorStatus { throw APIFailure.injected(status: status) }
        return try await next(request, context)
    }
}

extension APIFailure {
    /// The failure a fault plan answers with: the error type Duffel gives that status.
    static func injected(status: Int) -> APIFailure {
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
}
