import Hummingbird

/// `/air/seat_maps`: an offer's seat maps, one per segment.
struct SeatMapRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .get(use: list)
    }

    /// `GET /air/seat_maps?offer_id=`.
    @Sendable func list(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.seatMaps(offerID: request.uri.queryParameters.get("offer_id")))
    }
}
