import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Replies and failures as Hummingbird responses: a JSON body with Duffel's content type. The middleware around
/// the endpoints adds the rest (request id, rate limit, gzip, timings, faults).
enum APIResponses {
    /// Every answer but the health check's.
    static let contentType = "application/json; charset=utf-8"

    static func response(status: Int, body: Data, headers: HTTPFields = HTTPFields()) -> Response {
        var headers = headers
        headers[.contentType] = contentType
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension SandboxRequestContext {
    /// The response for an endpoint's reply; its timings and kept-answer key are left in ``notes`` for the layers
    /// that write the answer out.
    func response(for reply: APIReply) -> Response {
        notes.record(reply)
        return APIResponses.response(status: reply.status, body: reply.body)
    }
}

extension APIFailure {
    /// The response for this failure: Duffel's error envelope, with the request id in its `meta`, and the
    /// failure's own headers (`retry-after`).
    func response(requestID: String) -> Response {
        APIResponses.response(status: status, body: body(requestID: requestID), headers: headers)
    }
}
