import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs and waits for child processes (curl, `flights-sandbox`) without blocking the Swift concurrency pool: on two
/// cores a blocked pool thread stalls every other test. Each wait has a deadline, so a child that never ends fails
/// the test instead of hanging the run.
enum ChildProcess {
    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A product built beside the test bundle (SwiftPM puts executables and the tests in one directory).
    static func builtProduct(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The exit status, or nil when the process had not ended within `limit` (it is then killed).
    static func exit(of process: Process, within limit: Duration = .seconds(20)) async -> Int32? {
        let ended = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await offPool { process.waitUntilExit() }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            if !first { kill(process.processIdentifier, SIGKILL) }
            group.cancelAll()
            await group.waitForAll()
            return first
        }
        return ended ? process.terminationStatus : nil
    }

    /// Everything the command writes to its standard output; fails unless it exits 0 within `limit`.
    static func output(of executable: URL, _ arguments: [String], within limit: Duration = .seconds(60)) async throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        async let data = offPool { pipe.fileHandleForReading.readDataToEndOfFile() }
        let status = await exit(of: process, within: limit)
        let output = await data
        guard status == 0 else {
            throw HarnessError.expectedFailure(
                "\(executable.lastPathComponent) exited \(status.map(String.init) ?? "late"): \(String(decoding: output, as: UTF8.self))")
        }
        return output
    }

    /// The next line the child writes (without its newline), or nil at the end of its output.
    static func line(from handle: FileHandle) async -> String? {
        await offPool {
            var bytes = Data()
            while true {
                let chunk = handle.readData(ofLength: 1)
                guard let byte = chunk.first else { break }
                if byte == UInt8(ascii: "\n") { break }
                bytes.append(byte)
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
