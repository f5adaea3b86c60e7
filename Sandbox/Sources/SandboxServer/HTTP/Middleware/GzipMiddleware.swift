import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips the answer when the client accepts gzip. An answer the endpoint keeps (``AnswerNotes/keptAnswerKey``)
/// has its gzipped form kept beside it in ``AnswerCache``: compressed once, then served without even copying
/// the body.
struct GzipMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let answers: AnswerCache

    /// zlib's fastest level: on a 250-offer answer (1.4 MB of JSON) about half the time of its default level,
    /// for 99 KB instead of 55 KB; the sandbox's clients are on the same machine or network.
    static let gzip = CompressionAlgorithm.gzip(configuration: ZlibConfiguration(compressionLevel: .fastestCompression))

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard GzipMiddleware.acceptsGzip(request.headers[.acceptEncoding]) else { return response }
        var headers = response.headers
        headers[.contentLength] = nil
        headers[.vary] = "Accept-Encoding"
        let keptKey = context.notes.keptAnswerKey
        let bytes: ByteBuffer
        if let kept = keptKey.flatMap(answers.gzipped(for:)) {
            bytes = kept
            headers[.contentEncoding] = "gzip"
            context.notes.appendTiming("gzip", .zero)
        } else {
            let plain = try await response.body.collected()
            let clock = ContinuousClock()
            let started = clock.now
            var buffer = plain
            if let compressed = try? buffer.compress(with: GzipMiddleware.gzip) {
                bytes = compressed
                headers[.contentEncoding] = "gzip"
                if let keptKey { answers.store(gzipped: compressed, for: keptKey) }
            } else {
                bytes = plain
            }
            context.notes.appendTiming("gzip", clock.now - started)
        }
        // A new response, so that content-length comes last again, where Hummingbird puts it.
        return Response(status: response.status, headers: headers, body: ResponseBody(byteBuffer: bytes))
    }

    /// Whether an `Accept-Encoding` header takes gzip (`gzip` or `*`, without `q=0`).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.lowercased().split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.first == "gzip" || pieces.first == "*" else { return false }
            return !pieces.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
    }
}
