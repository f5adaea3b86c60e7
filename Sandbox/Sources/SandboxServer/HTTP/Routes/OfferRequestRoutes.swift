import Hummingbird

/// `/air/offer_requests`: a search, and reading it back.
struct OfferRequestRoutes {
    let api: SandboxAPI

    /// Asks for that many offers (1 to ``OfferGenerator/maximumOfferCount``) instead of the search's own count.
    static let offerCountHeader = "x-sandbox-offer-count"

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .post(use: create)
            .get("{id}", use: show)
    }

    /// `POST /air/offer_requests?return_offers=&supplier_timeout=`: Duffel returns the offers inline unless
    /// asked not to.
    @Sendable func create(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await request.collectedBody()
        let query = request.uri.queryParameters
        let supplierTimeout = query.get("supplier_timeout").flatMap(Int.init).map { Duration.milliseconds($0) }
        let count = try request.headers.first(where: { $0.name.canonicalName == OfferRequestRoutes.offerCountHeader })
            .map { field throws(APIFailure) -> Int in
                guard let value = Int(field.value) else {
                    throw APIFailure.badRequest("\(OfferRequestRoutes.offerCountHeader) must be a whole number.")
                }
                return value
            }
        let returnOffers = query.get("return_offers").map { $0.lowercased() != "false" } ?? true
        return context.response(for: try await api.createOfferRequest(
            body: body, returnOffers: returnOffers, supplierTimeout: supplierTimeout, offerCount: count))
    }

    /// `GET /air/offer_requests/{id}`.
    @Sendable func show(_ request: Request, context: SandboxRequestContext) throws -> Response {
        context.response(for: try api.offerRequest(id: try context.parameters.require("id")))
    }
}
