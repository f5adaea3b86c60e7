import Foundation
import Hummingbird

/// `/places`: place suggestions for what a traveller typed.
struct PlaceRoutes {
    let api: SandboxAPI

    var endpoints: RouteCollection<SandboxRequestContext> {
        RouteCollection(context: SandboxRequestContext.self)
            .get("suggestions", use: suggestions)
    }

    /// `GET /places/suggestions?query=`; a `+` in the query is a space, as in a form.
    @Sendable func suggestions(_ request: Request, context: SandboxRequestContext) throws -> Response {
        let query = request.uri.queryParameters.get("query")?.replacingOccurrences(of: "+", with: " ")
        return context.response(for: try api.suggestions(query: query))
    }
}
