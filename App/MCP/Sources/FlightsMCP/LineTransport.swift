import Foundation
import Logging
import MCP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flights mcp`'s standard input and output as the protocol's transport: one JSON-RPC message per line, each way.
///
/// Input is read on a thread of its own with blocking reads of 64 KiB, and cut into messages by ``LineSplitter``,
/// in time linear in their size (the SDK's own stdio transport searches everything held for a line end after each
/// 4 KiB read, quadratic in a message's size: an 8 MB message took minutes). A message over ``limit`` is answered
/// with a JSON-RPC error (-32600, its size and the limit) and dropped as it is read, never held; the next message is
/// served. Output is written in order on a queue of its own, so a client slow to read never holds a task up.
actor LineTransport: Transport {
    /// 4 MiB: far beyond any call of the tools' schemas (the longest argument is a few kilobytes).
    static let defaultLimit = 4 << 20

    nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    let limit: Int
    private let messages: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let writes = DispatchQueue(label: "flights.mcp.output")
    private var connected = false

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, limit: Int = defaultLimit, logger: Logger) {
        self.input = input
        self.output = output
        self.limit = limit
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let (input, limit, continuation) = (self.input, self.limit, self.continuation)
        let refusals: @Sendable (Data, Int) -> Void = { [weak self] prefix, size in
            Task { await self?.refuse(prefix: prefix, size: size) }
        }
        let thread = Thread {
            Self.readLoop(input: input, limit: limit, continuation: continuation, tooLong: refusals)
        }
        thread.name = "flights.mcp.input"
        thread.start()
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    func send(_ data: Data) async throws {
        var ended = data
        ended.append(UInt8(ascii: "\n"))
        let (line, output) = (ended, self.output)
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            writes.async { done.resume(with: Result { try Self.write(line, to: output) }) }
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> {
        messages
    }

    /// Answers a message over the limit with an error, by its id when its first bytes say it.
    private func refuse(prefix: Data, size: Int) async {
        logger.warning("A message over the limit was dropped", metadata: ["size": "\(size)", "limit": "\(limit)"])
        try? await send(LineSplitter.refusal(prefix: prefix, size: size, limit: limit))
    }

    /// Reads `input` until it ends, handing each message on; `tooLong` hears of each message over the limit.
    private static func readLoop(
        input: Int32, limit: Int, continuation: AsyncThrowingStream<Data, any Error>.Continuation,
        tooLong: @escaping @Sendable (Data, Int) -> Void
    ) {
        var splitter = LineSplitter(limit: limit)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        func hand(_ piece: LineSplitter.Piece) {
            switch piece {
            case .message(let message): continuation.yield(message)
            case .tooLong(let prefix, let size): tooLong(prefix, size)
            }
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count > 0 {
                for piece in splitter.feed(Data(buffer[0..<count])) { hand(piece) }
            } else if count == 0 {
                break
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                // Standard input left non-blocking by whoever started us: wait until it can be read.
                var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
            } else {
                continuation.finish(throwing: MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)))
                return
            }
        }
        if let last = splitter.finish() { hand(last) }
        continuation.finish()
    }

    /// Writes all of `data` to `output`, however many writes it takes.
    private static func write(_ data: Data, to output: Int32) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    var ready = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                } else {
                    throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                }
            }
        }
    }
}
