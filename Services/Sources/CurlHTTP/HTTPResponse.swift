public import Foundation

/// The final response to a request, after redirects and retries.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, for example `200`.
    public var status: Int
    /// The header fields of the final response (not of redirects or `1xx` responses), in order.
    public var headers: HTTPHeaders
    /// The body, decoded if the server compressed it.
    public var body: Data
    /// The URL that answered, after any redirects.
    public var url: URL
    /// How many redirects were followed.
    public var redirectCount: Int
    /// How many times the request was sent, the last included; more than 1 means it was retried.
    public var attempts: Int

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders, body: Data, url: URL, redirectCount: Int = 0, attempts: Int = 1) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirectCount = redirectCount
        self.attempts = attempts
    }

    /// Whether the status is in the `2xx` range.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Returns the response if its status is `2xx`.
    ///
    /// - Throws: ``HTTPClientError/status(code:headers:body:)`` with the status, headers and body otherwise,
    ///   so a caller can still read the server's error document.
    @discardableResult
    public func requireSuccess() throws(HTTPClientError) -> HTTPResponse {
        guard isSuccess else {
            throw .status(code: status, headers: headers, body: body)
        }
        return self
    }
}
