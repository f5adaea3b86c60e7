import Hummingbird

/// `/air/orders`: booking, the orders made, and one order.
struct OrderRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
            .get(use: list)
            .get("{id}", use: show)
    }

    /// `POST /air/orders`.
    @Sendable func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.createOrder(body: try await request.collectedBody()))
    }

    /// `GET /air/orders?booking_reference=&limit=&after=`.
    @Sendable func list(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        return context.response(for: try await api.listOrders(
            bookingReference: query.get("booking_reference"), limit: query.get("limit"), after: query.get("after")))
    }

    /// `GET /air/orders/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.order(id: try context.parameters.require("id")))
    }
}
