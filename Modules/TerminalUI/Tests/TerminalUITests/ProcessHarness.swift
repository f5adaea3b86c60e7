import Foundation
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Free functions so the harness types' own `read`, `write` and `close` do not hide the system calls.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(descriptor, bytes, count) }
private func systemClose(_ descriptor: Int32) { _ = close(descriptor) }

/// Why a test harness step could not be done; the message says what to check.
enum HarnessError: Error, CustomStringConvertible {
    case probeNotFound(String)
    case system(String, Int32)
    case timedOut(waitingFor: String, received: String)

    var description: String {
        switch self {
        case .probeNotFound(let path):
            "The TerminalUIProbe executable is not at \(path); build the package with `swift build --build-tests` first."
        case .system(let call, let code):
            "\(call) failed: \(String(cString: strerror(code)))"
        case .timedOut(let fragment, let received):
            "Timed out waiting for \(fragment.debugDescription); received so far: \(received.debugDescription)"
        }
    }
}

/// A plain `pipe(2)`, for driving a SystemTerminal in this process.
struct FilePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw HarnessError.system("pipe", errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { systemWrite(writeEnd, $0.baseAddress, $0.count) }
    }

    func closeWriteEnd() { _ = close(writeEnd) }
    func closeReadEnd() { _ = close(readEnd) }

    /// Everything up to end of file (the write end must be closed).
    func readAll() -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A pseudo-terminal pair: the probe gets the slave as its standard input and output, the test plays the user on
/// the master.
struct PseudoTerminal: Sendable {
    let master: Int32
    let slave: Int32

    init(columns: UInt16) throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw HarnessError.system("open /dev/ptmx", errno) }
        #if os(Linux)
        // posix_openpt and friends are hidden behind _XOPEN_SOURCE in the Glibc module, and TIOCSPTLCK/TIOCGPTN are
        // function-like macros Swift cannot import, so their values are spelled out (_IOW('T', 0x31, int) and
        // _IOR('T', 0x30, unsigned int)).
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw HarnessError.system("unlock pseudo-terminal", errno)
        }
        let name = "/dev/pts/\(number)"
        #else
        guard grantpt(master) == 0, unlockpt(master) == 0, let pointer = ptsname(master) else {
            throw HarnessError.system("grantpt/unlockpt/ptsname", errno)
        }
        let name = String(cString: pointer)
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw HarnessError.system("open slave", errno) }
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        self.master = master
        self.slave = slave
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { systemWrite(master, $0.baseAddress, $0.count) }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// The slave's local mode flags (echo, canonical input, signals) as the kernel has them now.
    var localFlags: tcflag_t {
        var mode = termios()
        _ = tcgetattr(slave, &mode)
        return mode.c_lflag
    }

    /// Reads from the master until the text received (starting from `received`) contains `fragment`.
    ///
    /// Waits in `poll` for real output, off the Swift concurrency pool, with a deadline.
    func read(until fragment: String, after received: String = "", timeout: Duration = .seconds(20)) async throws -> String {
        let master = self.master
        let milliseconds = Int(timeout.components.seconds * 1000)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var text = received
                let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !text.contains(fragment) {
                    let now = DispatchTime.now().uptimeNanoseconds
                    guard now < deadline else {
                        continuation.resume(throwing: HarnessError.timedOut(waitingFor: fragment, received: text))
                        return
                    }
                    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&descriptor, 1, Int32((deadline - now) / 1_000_000) + 1)
                    guard ready > 0 else { continue }
                    let count = buffer.withUnsafeMutableBytes { systemRead(master, $0.baseAddress, $0.count) }
                    guard count > 0 else {
                        continuation.resume(throwing: HarnessError.timedOut(waitingFor: fragment, received: text))
                        return
                    }
                    text += String(decoding: buffer[0..<count], as: UTF8.self)
                }
                continuation.resume(returning: text)
            }
        }
    }

    func close() {
        systemClose(master)
        systemClose(slave)
    }
}

/// The probe executable, built beside the test bundle.
enum Probe {
    static func executable() throws -> URL {
        let directory: URL
        #if os(Linux)
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        directory = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        #else
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        directory = bundle.bundleURL.deletingLastPathComponent()
        #endif
        let probe = directory.appendingPathComponent("TerminalUIProbe")
        guard FileManager.default.isExecutableFile(atPath: probe.path) else {
            throw HarnessError.probeNotFound(probe.path)
        }
        return probe
    }

    /// Starts the probe with `scenario`, its standard input and output on the given handles.
    static func start(_ scenario: String, input: FileHandle, output: FileHandle, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = [scenario]
        // A sanitizer's options (scripts/sanitize: its suppressions) hold for the probe as for the tests.
        process.environment = environment.merging(
            ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }) { given, _ in given }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return process
    }

    /// Waits for the process to exit, off the Swift concurrency pool.
    static func waitForExit(_ process: Process) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }
}
