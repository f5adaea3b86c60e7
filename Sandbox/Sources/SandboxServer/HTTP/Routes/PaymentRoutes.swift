import Hummingbird

/// `/air/payments`: paying a held order.
struct PaymentRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
    }

    /// `POST /air/payments`.
    @Sendable func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.createPayment(body: try await request.collectedBody()))
    }
}
