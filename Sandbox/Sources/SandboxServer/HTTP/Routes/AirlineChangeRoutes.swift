import Hummingbird

/// `/air/airline_initiated_changes`: the airline's changes to an order, listed, accepted or updated.
struct AirlineChangeRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .get(use: list)
            .patch("{id}", use: update)
            .post("{id}/actions/accept", use: accept)
    }

    /// `GET /air/airline_initiated_changes`, of one order (`?order_id=`) or of all.
    @Sendable func list(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        return context.response(for: try await api.airlineChanges(
            orderID: query.get("order_id"), limit: query.get("limit"), after: query.get("after")))
    }

    /// `PATCH /air/airline_initiated_changes/{id}`.
    @Sendable func update(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.updateAirlineChange(
            id: try context.parameters.require("id"), body: try await request.collectedBody()))
    }

    /// `POST /air/airline_initiated_changes/{id}/actions/accept`.
    @Sendable func accept(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.acceptAirlineChange(id: try context.parameters.require("id")))
    }
}
