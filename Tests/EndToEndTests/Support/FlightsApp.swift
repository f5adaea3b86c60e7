import Foundation

// The end-to-end tests drive the real `flights` binary in separate processes, against the sandbox it embeds, each
// test with a data directory of its own, so they run in parallel and never touch the user's bookings:
//
//     swift build --build-tests --scratch-path .build-e2e
//     swift test --skip-build --scratch-path .build-e2e --filter EndToEndTests
//
// The pseudo-terminal test needs tmux (it is skipped, saying so, without it).

/// The built `flights` binary, and a private place for one test's data: bookings, the embedded sandbox's orders,
/// a home directory. Every process a test starts gets only this directory, never the user's.
struct FlightsApp: Sendable {
    /// The `flights` executable beside the test bundle.
    let binary: URL
    /// This test's `FLIGHTS_DATA_DIR`.
    let dataDirectory: URL
    /// Holds the data directory, a home directory and whatever else the test writes.
    let root: URL

    /// Where the embedded sandbox keeps its orders for this data directory.
    var sandboxDirectory: URL { dataDirectory.appendingPathComponent("sandbox", isDirectory: true) }

    /// Runs `body` with a fresh data directory, removed afterwards.
    @discardableResult
    static func withFreshData<T>(_ body: (FlightsApp) async throws -> T) async throws -> T {
        let binary = try locateBinary()
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("flights-e2e-\(UUID().uuidString.prefix(12))", isDirectory: true)
        let app = FlightsApp(binary: binary, dataDirectory: root.appendingPathComponent("data", isDirectory: true), root: root)
        try FileManager.default.createDirectory(at: app.dataDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        return try await body(app)
    }

    var home: URL { root.appendingPathComponent("home", isDirectory: true) }

    /// The environment every `flights` process of this test gets: the test runner's, less anything that would
    /// point the app elsewhere (another API, another data directory, faults), plus this test's directories.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("FLIGHTS_") && !key.hasPrefix("DUFFEL_") && key != "XDG_DATA_HOME" && key != "NO_COLOR"
                && key != "COLUMNS" && key != "LINES" && !key.hasPrefix("TMUX")
        }
        environment["FLIGHTS_DATA_DIR"] = dataDirectory.path
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("xdg", isDirectory: true).path
        environment["COLUMNS"] = "120"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Starts `flights arguments…` with its input on a pipe, for a test that types into it.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Subprocess {
        try Subprocess(
            name: (["flights"] + arguments).joined(separator: " "), executable: binary, arguments: arguments,
            environment: environment(extra))
    }

    /// Runs `flights arguments…` to its end with `input` on its standard input (then the end of input).
    func run(
        _ arguments: [String], input: String = "", environment extra: [String: String] = [:],
        timeout: Duration = Timeouts.process
    ) async throws -> Run {
        let process = try start(arguments, environment: extra)
        defer { process.terminate() }
        if !input.isEmpty { try process.send(input) }
        process.closeInput()
        let status = try await process.waitForExit(timeout: timeout)
        return Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
    }

    /// A file in this test's private directory.
    func file(_ name: String, contents: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    /// The `flights` product in the build products directory the tests run from.
    static func locateBinary() throws -> URL {
        #if os(Linux)
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        #else
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") } ?? Bundle.main
        var directory = bundle.bundleURL.deletingLastPathComponent()
        #endif
        var looked: [String] = []
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("flights")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            looked.append(directory.path)
            directory = directory.deletingLastPathComponent()
        }
        throw EndToEndFailure("""
            The `flights` binary is not in the build products (looked in \(looked.joined(separator: ", "))). \
            Build it with the same scratch path as the tests first: `swift build --product flights` \
            (or `swift build --build-tests`), then run the tests again.
            """)
    }
}

/// A finished `flights` command.
struct Run: Sendable, CustomStringConvertible {
    let command: String
    let status: Int32
    let output: String
    let errors: String

    var description: String {
        """
        \(command) → exit \(status)
        ── standard output ──
        \(output)
        ── standard error ──
        \(errors)
        """
    }
}
