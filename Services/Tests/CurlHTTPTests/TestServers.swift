import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a test server could not be had; the message says how to fix it.
struct TestServerError: Error, CustomStringConvertible {
    var description: String
}

/// Real HTTP servers that nobody here wrote, started once per test process and shared by the tests.
///
/// Each runs under `sh`, which kills it as soon as its stdin pipe closes, which happens when the test
/// process exits however it exits, so no server outlives the tests.
actor TestServers {
    static let shared = TestServers()

    /// Debian's Python, which sees Debian's python3-httpbin (another python3 earlier on PATH may not).
    static let python = "/usr/bin/python3"

    private var httpbinTask: Task<URL, any Error>?
    private var fileServerTask: Task<FileServer, any Error>?
    private var tlsServerTask: Task<TLSServer, any Error>?
    private var stallingServerTask: Task<URL, any Error>?
    private var running: [ServerProcess] = []

    /// httpbin's base URL: `HTTPBIN_URL` if set, else a local `python3 -m httpbin.core` on a free port.
    func httpbin() async throws -> URL {
        if let task = httpbinTask { return try await task.value }
        let task = Task { try await self.startHTTPBin() }
        httpbinTask = task
        return try await task.value
    }

    /// A directory served by Python's own `http.server` over HTTP/1.1 with keep-alive, which httpbin's
    /// development server does not offer (it closes every connection).
    struct FileServer: Sendable {
        var baseURL: URL
        var files: [String: Data]
    }

    func fileServer() async throws -> FileServer {
        if let task = fileServerTask { return try await task.value }
        let task = Task { try await self.startFileServer() }
        fileServerTask = task
        return try await task.value
    }

    /// Python's `http.server` classes, configured (not written) here to keep connections alive, to answer
    /// `/fast` at once and never to answer `/stall`: a request on a connection already in use that can only end by
    /// the client's timeout, however slow the machine.
    func stallingServer() async throws -> URL {
        if let task = stallingServerTask { return try await task.value }
        let task = Task { try await self.startStallingServer() }
        stallingServerTask = task
        return try await task.value
    }

    /// A server that answers every connection with an SSH greeting, not HTTP: what a wrong port looks like.
    func notHTTPServer() async throws -> URL {
        let script = """
        import socket, sys
        server = socket.create_server(("127.0.0.1", int(sys.argv[1])))
        while True:
            connection, _ = server.accept()
            try:
                connection.recv(65536)
                connection.sendall(b"SSH-2.0-OpenSSH_9.2\\r\\n")
            finally:
                connection.close()
        """
        let port = try await launch(name: "not-HTTP server") { port in [Self.python, "-c", script, "\(port)"] }
        return try url("http://127.0.0.1:\(port)")
    }

    /// An `openssl s_server -www` with a freshly made self-signed certificate for 127.0.0.1.
    struct TLSServer: Sendable {
        var baseURL: URL
        var certificateFile: String
    }

    func tlsServer() async throws -> TLSServer {
        if let task = tlsServerTask { return try await task.value }
        let task = Task { try await self.startTLSServer() }
        tlsServerTask = task
        return try await task.value
    }

    // MARK: Starting

    private func startHTTPBin() async throws -> URL {
        if let configured = ProcessInfo.processInfo.environment["HTTPBIN_URL"], !configured.isEmpty {
            guard let url = URL(string: configured) else {
                throw TestServerError(description: "HTTPBIN_URL=\(configured) is not a URL")
            }
            return url
        }
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            throw TestServerError(
                description: "\(Self.python) is missing; install httpbin with `apt-get install python3-httpbin` or set HTTPBIN_URL")
        }
        let check = try await runToCompletion(Self.python, ["-c", "import httpbin"])
        guard check == 0 else {
            throw TestServerError(
                description: "httpbin is not installed for \(Self.python); run `apt-get install python3-httpbin` or set HTTPBIN_URL")
        }
        let port = try await launch(name: "httpbin") { port in
            [Self.python, "-m", "httpbin.core", "--host", "127.0.0.1", "--port", "\(port)"]
        }
        return try url("http://127.0.0.1:\(port)")
    }

    private func startFileServer() async throws -> FileServer {
        let directory = try temporaryDirectory("curlhttp-files")
        var files: [String: Data] = [:]
        var generator = SystemRandomNumberGenerator()
        for (name, size) in [("small.bin", 1024), ("large.bin", 50 * 1024)] {
            let data = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try data.write(to: directory.appendingPathComponent(name))
            files[name] = data
        }
        let port = try await launch(name: "http.server") { port in
            [Self.python, "-m", "http.server", "--protocol", "HTTP/1.1", "--bind", "127.0.0.1",
             "--directory", directory.path, "\(port)"]
        }
        return FileServer(baseURL: try url("http://127.0.0.1:\(port)"), files: files)
    }

    private func startStallingServer() async throws -> URL {
        let script = """
        import sys
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def do_GET(self):
                if self.path == "/stall":
                    # No answer, ever: read until the client gives up and closes the connection.
                    self.rfile.read()
                    self.close_connection = True
                    return
                body = b"ok"
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
        """
        let port = try await launch(name: "stalling http.server") { port in [Self.python, "-c", script, "\(port)"] }
        return try url("http://127.0.0.1:\(port)")
    }

    private func startTLSServer() async throws -> TLSServer {
        let openssl = "/usr/bin/openssl"
        guard FileManager.default.isExecutableFile(atPath: openssl) else {
            throw TestServerError(description: "\(openssl) is missing; run `apt-get install openssl`")
        }
        let directory = try temporaryDirectory("curlhttp-tls")
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        let made = try await runToCompletion(openssl, [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ])
        guard made == 0 else {
            throw TestServerError(description: "openssl could not make a test certificate (exit \(made))")
        }
        let port = try await launch(name: "openssl s_server") { port in
            [openssl, "s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www", "-quiet"]
        }
        return TLSServer(baseURL: try url("https://127.0.0.1:\(port)"), certificateFile: certificate)
    }

    /// Starts `command(port)` on a free port and waits until it accepts connections; retries with another
    /// port if the server exits first (another process may have taken the port in between).
    ///
    /// It waits for one of those two events, not for a time: on two busy cores (load 11) httpbin took 22 s to
    /// listen, and a tight deadline only turns a slow start into a failed test. Neither event has a descriptor to
    /// wait on, so both are looked at in turn. Five minutes bound a server that neither listens nor exits, so that it
    /// fails its suite, saying so, rather than hanging it.
    private func launch(name: String, _ command: (UInt16) -> [String]) async throws -> UInt16 {
        var lastLog = ""
        for _ in 0..<3 {
            let port = try freePort()
            let server = try ServerProcess(command: command(port))
            running.append(server)
            let hung = ContinuousClock.now + .seconds(300)
            while server.isRunning {
                if canConnect(port: port) { return port }
                if ContinuousClock.now > hung {
                    server.stop()
                    throw TestServerError(description: "\(name) neither listened nor exited in five minutes; its output:\n\(server.log)")
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            lastLog = server.log
            server.stop()
        }
        throw TestServerError(description: "\(name) exited without listening, three times; its output:\n\(lastLog)")
    }

    private func url(_ string: String) throws -> URL {
        guard let url = URL(string: string) else { throw TestServerError(description: "bad URL \(string)") }
        return url
    }

    private func temporaryDirectory(_ prefix: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}

/// A server child of `bash -c`, which stops it when the pipe on its stdin reaches end of file, and which itself
/// exits when the server does (so that a server that fails to start is seen to have ended).
final class ServerProcess {
    private let process: Process
    private let stdin: Pipe
    private let logFile: URL

    init(command: [String]) throws {
        logFile = FileManager.default.temporaryDirectory.appendingPathComponent("curlhttp-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        process = Process()
        // bash, not sh: the child inherits this process's blocked-signal mask, SIGCHLD included, and dash's `wait`
        // sleeps until a SIGCHLD arrives, so it would never return; bash waits in waitpid.
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // The reader's `read` returns at end of file, i.e. when the test process (the pipe's only writer) is gone;
        // it takes the log away and ends the server. bash waits for the server, so it also ends when the server
        // ends by itself, keeping the log for `stop()` to read and remove. (A background job's stdin is
        // /dev/null, so the reader gets the pipe as descriptor 3.) The blocked-signal mask also means a plain TERM
        // may never arrive: use KILL. No run leaves processes or files behind.
        process.arguments = [
            "-c",
            """
            exec 3<&0
            "$@" </dev/null 3<&- & child=$!
            ( read -r _ <&3; rm -f "$SERVER_LOG"; kill -KILL "$child" 2>/dev/null ) & reader=$!
            exec 3<&-
            wait "$child"
            kill -KILL "$reader" 2>/dev/null
            """,
            "bash",
        ] + command
        process.environment = ProcessInfo.processInfo.environment.merging(["SERVER_LOG": logFile.path]) { $1 }
        stdin = Pipe()
        // Only this process may hold the write end; a copy inherited by any child would keep the pipe open.
        // (Servers are started one at a time by the TestServers actor, so no spawn races this flag.)
        _ = fcntl(stdin.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
        process.standardInput = stdin
        // A file, not a pipe: httpbin logs every request, and a full pipe would block the server.
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
    }

    var isRunning: Bool { process.isRunning }

    var log: String {
        (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    }

    func stop() {
        try? stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: logFile)
    }
}

/// Runs a command and awaits its exit status without blocking a cooperative thread: it waits on a thread of its own.
/// Not through `terminationHandler`: Foundation on Linux never frees a process that reported its exit that way, nor
/// what its handler holds (LeakSanitizer, scripts/sanitize).
func runToCompletion(_ executable: String, _ arguments: [String]) async throws -> Int32 {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
                process.waitUntilExit()
                continuation.resume(returning: process.terminationStatus)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

/// A loopback port that was free a moment ago.
func freePort() throws -> UInt16 {
    let socket = try BoundSocket()
    return socket.port
}

/// Whether something accepts TCP connections on the loopback port.
func canConnect(port: UInt16) -> Bool {
    let fd = socket(AF_INET, streamSocketType, 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = loopbackAddress(port: port)
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    return result == 0
}

/// A TCP socket bound to a loopback port but not listening: connections to the port are refused while it
/// lives, and no other process can take the port meanwhile.
final class BoundSocket {
    let port: UInt16
    private let fd: Int32

    init() throws {
        (fd, port) = try bindLoopbackSocket()
    }

    deinit {
        close(fd)
    }
}

#if canImport(Glibc)
    let streamSocketType = Int32(SOCK_STREAM.rawValue)
#else
    let streamSocketType = SOCK_STREAM
#endif

/// A TCP socket bound to a free loopback port (not yet listening), and the port; closed again if either fails.
func bindLoopbackSocket() throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, streamSocketType, 0)
    guard descriptor >= 0 else { throw TestServerError(description: "socket() failed: errno \(errno)") }
    var address = loopbackAddress(port: 0)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &actual) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0 else {
        let code = errno
        close(descriptor)
        throw TestServerError(description: "binding a loopback port failed: errno \(code)")
    }
    return (descriptor, UInt16(bigEndian: actual.sin_port))
}

func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
}
