import Foundation
import Hummingbird

/// Refuses a request over its token's limit, as ``RateCountingMiddleware`` counted it: 429 `rate_limit_exceeded`
/// with a `retry-after` of the seconds left in the window. It stands after authentication and the version check,
/// so a request that fails those is told so first.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let now: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let verdict = context.rateLimit, !verdict.allowed {
            let seconds = max(1, Int(verdict.resetsAt.timeIntervalSince(now()).rounded(.up)))
            var failure = APIFailure(
                status: 429, type: .rateLimit, code: .rateLimitExceeded, title: "Rate limit exceeded",
                message: "More than \(verdict.limit) requests were made in the current window; try again in \(seconds) s.")
            failure.headers.set("retry-after", String(seconds))
            throw failure
        }
        return try await next(request, context)
    }
}
