import Hummingbird

/// `/air/offers`: a search's offers page by page, one offer, and its price re-checked.
struct OfferRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .get(use: list)
            .get("{id}", use: show)
            .post("{id}/actions/price", use: price)
    }

    /// `GET /air/offers?offer_request_id=&sort=&max_connections=&limit=&after=`.
    @Sendable func list(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        return context.response(for: try await api.listOffers(
            offerRequestID: query.get("offer_request_id"), sort: query.get("sort"),
            maxConnections: query.get("max_connections"), limit: query.get("limit"), after: query.get("after")))
    }

    /// `GET /air/offers/{id}?return_available_services=true`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let withServices = request.uri.queryParameters.get("return_available_services") == "true"
        return context.response(for: try await api.offer(id: try context.parameters.require("id"), withServices: withServices))
    }

    /// `POST /air/offers/{id}/actions/price`: the offer as it stands now, 200.
    @Sendable func price(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        var reply = try await api.offer(id: try context.parameters.require("id"))
        reply.status = 200
        return context.response(for: reply)
    }
}
