import Hummingbird

/// Gives each request an id, as Duffel's API does: in the context, for the error envelope's `meta`, and first
/// among the answer's headers as `x-request-id`, on every answer, the health check's included.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.requestID = SandboxID.random("", length: 20).uppercased()
        var response = try await next(request, context)
        response.headers.prepend([("x-request-id", context.requestID)])
        return response
    }
}
