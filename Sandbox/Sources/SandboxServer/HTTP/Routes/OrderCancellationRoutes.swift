import Hummingbird

/// `/air/order_cancellations`: a cancellation quoted, read back, and confirmed.
struct OrderCancellationRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: quote)
            .get("{id}", use: show)
            .post("{id}/actions/confirm", use: confirm)
    }

    /// `POST /air/order_cancellations`: the refund an order would get.
    @Sendable func quote(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.quoteCancellation(body: try await request.collectedBody()))
    }

    /// `GET /air/order_cancellations/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.cancellation(id: try context.parameters.require("id")))
    }

    /// `POST /air/order_cancellations/{id}/actions/confirm`.
    @Sendable func confirm(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.confirmCancellation(id: try context.parameters.require("id")))
    }
}
