import CurlHTTP
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that takes connections and reads requests but never answers them, nor closes them: a request
/// sent there can end only by its own timeout, by its cancellation or by the client's shutdown, however slow the
/// machine. Tests wait for the moment it holds a request instead of guessing how long that takes.
final class SilentServer: Sendable {
    let url: URL
    private let listener: Int32
    /// Accepted connections, kept open so the client sees neither an answer nor a close.
    private let held = Mutex<[Int32]>([])

    init() throws {
        let (descriptor, port) = try bindLoopbackSocket()
        guard listen(descriptor, 16) == 0, let url = URL(string: "http://127.0.0.1:\(port)/silent") else {
            let code = errno
            close(descriptor)
            throw TestServerError(description: "a listening loopback socket could not be had: errno \(code)")
        }
        listener = descriptor
        self.url = url
    }

    deinit {
        // No thread can still be in accept(): a waiting one holds the server.
        close(listener)
        for descriptor in held.withLock({ $0 }) {
            close(descriptor)
        }
    }

    /// Sends `request` from a task of its own and returns that task once the server holds the whole request head,
    /// so the transfer is certainly under way. Throws, with the request's outcome, if it ended before that.
    func sendAndAwaitArrival(
        _ request: HTTPRequest, with client: HTTPClient
    ) async throws -> Task<Result<HTTPResponse, HTTPClientError>, Never> {
        let task = Task {
            let result = await sendResult(client, request)
            // Ends a wait for a request that will now never come.
            stopListening()
            return result
        }
        do {
            try await requestArrived()
        } catch {
            throw TestServerError(description: "\(error); the request ended with \(await task.value)")
        }
        return task
    }

    /// Stops taking connections; a pending or later `requestArrived()` throws.
    func stopListening() {
        _ = shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Returns once a client has connected and sent a whole request head. Blocks a thread of its own, not one of
    /// the few cooperative ones.
    func requestArrived() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try self.acceptRequestHead() })
            }
        }
    }

    private func acceptRequestHead() throws {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else {
            throw TestServerError(description: "no request reached the silent server (accept: errno \(errno))")
        }
        held.withLock { $0.append(connection) }
        let end = Array("\r\n\r\n".utf8)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(end) {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                throw TestServerError(description: "the connection closed before the request head was complete")
            }
            received += buffer[0..<count]
        }
    }
}
