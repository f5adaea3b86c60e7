import Hummingbird
import NIOCore

/// `/sandbox/health`, the readiness probe: `{"status":"ok"}` to any common method, with no token, no fault and no
/// rate limit; only ``RequestIDMiddleware`` stands in front of it.
struct HealthRoutes {
    /// Where it answers.
    static let path: RouterPath = "/sandbox/health"
    /// The methods it answers: a probe's (GET, HEAD) and any other a client may try.
    static let methods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    var endpoints: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        for method in HealthRoutes.methods {
            routes.on("", method: method, use: health)
        }
        return routes
    }

    @Sendable func health(_ request: Request, context: SandboxRequestContext) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
    }
}
