import Hummingbird

/// `/air/order_change_requests`: asking how an order could change, and reading the request back.
struct OrderChangeRequestRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
            .get("{id}", use: show)
    }

    /// `POST /air/order_change_requests`: the change offers for new slices, 201.
    @Sendable func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.createOrderChangeRequest(body: try await request.collectedBody()))
    }

    /// `GET /air/order_change_requests/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.orderChangeRequest(id: try context.parameters.require("id")))
    }
}

/// `/air/order_change_offers`: a change request's offers page by page, and one offer.
struct OrderChangeOfferRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .get(use: list)
            .get("{id}", use: show)
    }

    /// `GET /air/order_change_offers?order_change_request_id=&sort=&max_connections=&limit=&after=`.
    @Sendable func list(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        return context.response(for: try await api.listOrderChangeOffers(
            requestID: query.get("order_change_request_id"), sort: query.get("sort"),
            maxConnections: query.get("max_connections"), limit: query.get("limit"), after: query.get("after")))
    }

    /// `GET /air/order_change_offers/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.orderChangeOffer(id: try context.parameters.require("id")))
    }
}

/// `/air/order_changes`: a change offer chosen, read back, and confirmed with its payment.
struct OrderChangeRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
            .get("{id}", use: show)
            .post("{id}/actions/confirm", use: confirm)
    }

    /// `POST /air/order_changes`: a pending change, 201.
    @Sendable func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.createOrderChange(body: try await request.collectedBody()))
    }

    /// `GET /air/order_changes/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.orderChange(id: try context.parameters.require("id")))
    }

    /// `POST /air/order_changes/{id}/actions/confirm`: the order moved, 200.
    @Sendable func confirm(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.confirmOrderChange(
            id: try context.parameters.require("id"), body: try await request.collectedBody()))
    }
}
