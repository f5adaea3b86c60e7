import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Writing the answer: the JSON body, gzipped when the client accepts it (or the gzipped form kept for it), the
/// server-timing header, and the faults that spoil an answer on its way out.
extension SandboxResponder {
    func finish(
        status: Int, body: Data, headers: HTTPFields, request: Request, decision: FaultInjector.Decision,
        context: Context, timings: [(name: String, duration: Duration)] = [], cacheKey: String? = nil
    ) -> Response {
        var headers = headers
        var timings = timings
        headers[.contentType] = "application/json; charset=utf-8"
        let keptKey = decision.malformed ? nil : cacheKey
        let gzip = SandboxResponder.acceptsGzip(request.headers[.acceptEncoding])
        var bytes: ByteBuffer
        if gzip, let kept = keptKey.flatMap(api.answers.gzipped(for:)) {
            // The body is not even copied: its gzipped form was kept.
            bytes = kept
            headers[.vary] = "Accept-Encoding"
            headers[.contentEncoding] = "gzip"
            if !timings.isEmpty { timings.append(("gzip", .zero)) }
        } else {
            bytes = ByteBuffer(bytes: decision.malformed ? SandboxResponder.malformed(body) : body)
            if gzip {
                headers[.vary] = "Accept-Encoding"
                let clock = ContinuousClock()
                let started = clock.now
                if let compressed = try? bytes.compress(with: SandboxResponder.gzip) {
                    bytes = compressed
                    headers[.contentEncoding] = "gzip"
                    if let keptKey { api.answers.store(gzipped: compressed, for: keptKey) }
                }
                if !timings.isEmpty { timings.append(("gzip", clock.now - started)) }
            }
        }
        if !timings.isEmpty {
            SandboxResponder.set(&headers, "server-timing", timings.map { name, duration in
                "\(name);dur=\(ServerTiming.milliseconds(duration))"
            }.joined(separator: ", "))
        }
        let responseStatus = HTTPResponse.Status(code: status)
        guard decision.truncated else {
            return Response(status: responseStatus, headers: headers, body: ResponseBody(byteBuffer: bytes))
        }
        // Promise the whole body, send half of it, and hang up: what a proxy dying mid-answer looks like.
        let total = bytes.readableBytes
        let half = bytes.getSlice(at: bytes.readerIndex, length: total / 2) ?? ByteBuffer()
        headers[.contentLength] = String(total)
        let channel = context.channel
        return Response(status: responseStatus, headers: headers, body: ResponseBody(contentLength: total) { writer in
            try await writer.write(half)
            // Let the half reach the socket before closing it.
            try? await Task.sleep(for: .milliseconds(20))
            try? await channel.close()
            throw InjectedFault.bodyTruncated
        })
    }

    /// zlib's fastest level: on a 250-offer answer (1.4 MB of JSON) about half the time of its default level,
    /// for 99 KB instead of 55 KB; the sandbox's clients are on the same machine or network.
    static let gzip = CompressionAlgorithm.gzip(configuration: ZlibConfiguration(compressionLevel: .fastestCompression))

    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.lowercased().split(separator: ",").contains { part in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.first == "gzip" || pieces.first == "*" else { return false }
            return !pieces.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        }
    }

    /// A body that starts like the real one and then stops being JSON.
    static func malformed(_ body: Data) -> Data {
        var broken = Data(body.prefix(max(1, body.count / 3)))
        broken.append(contentsOf: Array("\u{1}<html>502 Bad Gateway".utf8))
        return broken
    }
}
