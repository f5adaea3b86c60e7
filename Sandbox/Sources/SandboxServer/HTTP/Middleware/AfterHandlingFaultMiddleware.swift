import Foundation
import HTTPTypes
import Hummingbird

/// `after=STATUS`: the request is handled in full (an order booked, a cancellation confirmed), then answered with
/// that status in Duffel's envelope instead, as when a rate limiter or a proxy answers after the API acted. A 429
/// comes with a one-second `retry-after` and `ratelimit-reset`. The rate-limit headers of the request stay.
struct AfterHandlingFaultMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let now: @Sendable () -> Date

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let handled = try await next(request, context)
        guard let status = context.faultDecision.errorAfterHandling else { return handled }
        // The body is no longer the endpoint's: its kept gzipped form must not stand for this one.
        context.notes.forgetKeptAnswer()
        var headers = handled.headers
        headers[.contentType] = nil
        headers[.contentLength] = nil
        if status == 429 {
            headers.set("retry-after", "1")
            headers.set("ratelimit-reset", HTTPDateFormat.string(now().addingTimeInterval(1)))
        }
        var failure = APIFailure.injected(status: status)
        failure.headers = headers
        return failure.response(requestID: context.requestID)
    }
}
