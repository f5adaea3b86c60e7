import Hummingbird
import Logging

/// Logs each request that was answered (at debug level): its id, method, path and the status it got, after
/// any fault that replaced the answer, before a late answer's wait.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        logger.debug("request", metadata: [
            "request_id": "\(context.requestID)", "method": "\(request.method)", "path": "\(request.uri.path)",
            "status": "\(response.status.code)",
        ])
        return response
    }
}
