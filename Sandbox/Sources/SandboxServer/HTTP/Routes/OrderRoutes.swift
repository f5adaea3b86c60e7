import Hummingbird

/// `/air/orders`: booking, the orders made, one order, and services added to it after booking.
struct OrderRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
            .get(use: list)
            .get("{id}", use: show)
            .get("{id}/available_services", use: availableServices)
            .post("{id}/services", use: addServices)
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

    /// `GET /air/orders/{id}/available_services`.
    @Sendable func availableServices(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.orderAvailableServices(orderID: try context.parameters.require("id")))
    }

    /// `POST /air/orders/{id}/services`.
    @Sendable func addServices(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.addOrderServices(
            orderID: try context.parameters.require("id"), body: try await request.collectedBody()))
    }

    /// `GET /air/orders/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.order(id: try context.parameters.require("id")))
    }
}
