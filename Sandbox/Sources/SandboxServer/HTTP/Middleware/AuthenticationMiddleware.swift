import Foundation
import Hummingbird

/// The bearer token: a request without an `Authorization` header, or with a token the policy refuses, is
/// answered 401 as Duffel answers it.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let tokenPolicy: TokenPolicy

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let header = request.headers[.authorization]
        guard header != nil else {
            throw APIFailure(
                status: 401, type: .authentication, code: .missingAuthorizationHeader, title: "Missing authorization header",
                message: "Send an Authorization header: Bearer duffel_test_… (the app uses \(SandboxConfiguration.appToken)).")
        }
        guard let token = AuthenticationMiddleware.bearerToken(header), tokenPolicy.accepts(token) else {
            throw APIFailure(
                status: 401, type: .authentication, code: .unauthorized, title: "Invalid access token",
                message: "The Authorization header must be Bearer followed by a test token such as duffel_test_yourname.")
        }
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer …` header, or nil.
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}
