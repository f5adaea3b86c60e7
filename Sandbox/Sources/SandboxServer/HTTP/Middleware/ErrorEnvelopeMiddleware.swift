import Hummingbird
import Logging

/// Writes every failure in Duffel's error envelope, with the request id: an ``APIFailure`` from the endpoints or
/// the checks in front of them as it is; a request no route takes (an unknown path, or a method the path does not
/// have) as Duffel's 404; anything else as a 500, logged.
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let failure as APIFailure {
            return failure.response(requestID: context.requestID)
        } catch let error as HTTPError where error.status == .notFound {
            // Hummingbird's router found no route for the path and method.
            return APIFailure.notFound("There is no \(request.method) \(request.uri.path) in the Duffel API v2 the sandbox serves.")
                .response(requestID: context.requestID)
        } catch {
            logger.error("request failed", metadata: ["request_id": "\(context.requestID)", "error": "\(error)"])
            return APIFailure.internalError("\(error)").response(requestID: context.requestID)
        }
    }
}
