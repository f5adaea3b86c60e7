/// Something that sends HTTP requests: the real ``HTTPClient``, or a test double.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the final response, whatever its status.
    ///
    /// - Throws: ``HTTPClientError`` when no response could be had.
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}
