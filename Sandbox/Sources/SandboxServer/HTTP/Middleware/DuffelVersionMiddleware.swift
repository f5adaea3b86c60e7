import Hummingbird

/// `Duffel-Version: v2`, which Duffel's API requires of every request: missing or another version is a 400.
struct DuffelVersionMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let version = request.headers.first { $0.name.canonicalName == "duffel-version" }?.value
        guard let version else {
            throw APIFailure(
                status: 400, type: .invalidRequest, code: .unsupportedVersion, title: "Missing Duffel-Version header",
                message: "Send the header Duffel-Version: v2.")
        }
        guard version == "v2" else {
            throw APIFailure(
                status: 400, type: .invalidRequest, code: .unsupportedVersion, title: "Unsupported version",
                message: "Duffel-Version \(version) is not supported here; send v2.")
        }
        return try await next(request, context)
    }
}
