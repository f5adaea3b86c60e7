import CurlHTTP

/// Sends every request through `base` with the sandbox's `x-sandbox-offer-count` header, so a search has `offers`
/// offers whatever the route.
struct OfferCountTransport: HTTPTransport {
    let base: any HTTPTransport
    let offers: Int

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var request = request
        request.headers.replace(name: "x-sandbox-offer-count", value: String(offers))
        return try await base.send(request)
    }
}
