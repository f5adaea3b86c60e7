import HTTPTypes
import Hummingbird
import NIOCore

extension ResponseBody {
    /// The whole body as one buffer, for the layers that rewrite an answer's bytes (gzip, the faults that spoil
    /// them). Every body the endpoints write is a single buffer, handed back without a copy.
    func collected() async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await write(collector)
        return collector.bytes ?? ByteBuffer()
    }
}

/// A body writer that keeps what it is given, for ``ResponseBody/collected()``. Used by one task at a time.
private final class BodyCollector: ResponseBodyWriter {
    var bytes: ByteBuffer?

    func write(_ buffer: ByteBuffer) async throws {
        if bytes == nil {
            bytes = buffer
        } else {
            bytes?.writeImmutableBuffer(buffer)
        }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
