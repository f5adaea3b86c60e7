import Hummingbird

/// `/air/batch_offer_requests`: a search read batch by batch.
struct BatchOfferRequestRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
            .get("{id}", use: show)
    }

    /// `POST /air/batch_offer_requests?supplier_timeout=`.
    @Sendable func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await request.collectedBody()
        let supplierTimeout = request.uri.queryParameters.get("supplier_timeout").flatMap(Int.init).map { Duration.milliseconds($0) }
        return context.response(for: try await api.createBatchOfferRequest(body: body, supplierTimeout: supplierTimeout))
    }

    /// `GET /air/batch_offer_requests/{id}`: a long poll.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        context.response(for: try await api.batchOfferRequest(id: try context.parameters.require("id")))
    }
}
