import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits for SIGINT or SIGTERM, so the server can finish the requests in flight before it exits; a second signal
/// ends it at once. Installed before
/// the server says it is listening: a script that stops it as soon as it reads that line is never ignored.
///
/// A plain handler writes the signal's number into a pipe; `next()` reads it on a thread of its own. (A Dispatch
/// signal source needs the signal ignored on Darwin, but on Linux an ignored signal sent to the process is dropped
/// before Dispatch sees it: the server then never stopped.)
enum ShutdownSignal {
    struct CannotCatch: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot catch SIGINT and SIGTERM: \(String(cString: strerror(code)))" }
    }

    /// Starts catching SIGINT and SIGTERM. Call once, before the server listens.
    static func install() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CannotCatch(code: errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)  // A storm of signals never blocks the handler.
        signalPipe = (ends[0], ends[1])
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipe.write, &byte, 1)
            }
        }
    }

    /// The first signal received since `install()`, as soon as there is one ("SIGINT" or "SIGTERM").
    static func next() async -> String {
        let readEnd = signalPipe.read
        precondition(readEnd >= 0, "ShutdownSignal.next() before install()")
        return await withCheckedContinuation { (waiting: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                waiting.resume(returning: name(of: readSignal(from: readEnd)))
                // A second signal while the requests in flight finish: the person means it, end now.
                let again = readSignal(from: readEnd)
                _exit(128 + again)
            }
        }
    }
}

private func readSignal(from readEnd: Int32) -> Int32 {
    var byte: UInt8 = 0
    while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
    return Int32(byte)
}

private func name(of number: Int32) -> String { number == SIGINT ? "SIGINT" : "SIGTERM" }

/// Set once by `ShutdownSignal.install()` before the handler can run; only read afterwards, by the handler too (a
/// plain C function cannot capture it).
nonisolated(unsafe) private var signalPipe: (read: Int32, write: Int32) = (-1, -1)
