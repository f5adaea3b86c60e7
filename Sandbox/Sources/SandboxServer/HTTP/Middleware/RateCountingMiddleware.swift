import Foundation
import Hummingbird

/// Counts every request that gets this far against its token's window (`anonymous` without one), whether or not
/// it is then refused, and reports the count on the answer: `ratelimit-limit`, `ratelimit-remaining` and
/// `ratelimit-reset`, as Duffel does. ``RateLimitMiddleware`` refuses the request, after authentication, when the
/// count is over the limit.
struct RateCountingMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let limiter: RateLimiter
    let now: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let token = AuthenticationMiddleware.bearerToken(request.headers[.authorization])
        let verdict = limiter.check(key: token ?? "anonymous", now: now())
        var context = context
        context.rateLimit = verdict
        var response = try await next(request, context)
        response.headers.prepend([
            ("ratelimit-limit", String(verdict.limit)),
            ("ratelimit-remaining", String(verdict.remaining)),
            ("ratelimit-reset", HTTPDateFormat.string(verdict.resetsAt)),
        ])
        return response
    }
}
