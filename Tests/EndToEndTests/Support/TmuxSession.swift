import Foundation

/// `flights` on a real pseudo-terminal: a detached tmux session on a server of its own (its own socket, no user
/// configuration), typed into with `send-keys` and read back with `capture-pane`, as a person at a terminal would.
///
/// The session runs a small shell script that records the terminal's mode before and after the app and, once the
/// app has ended, its exit status, so a test can wait for that file and compare the modes.
struct TmuxSession: Sendable {
    let tmux: URL
    /// The server's socket, inside the test's own directory: removed with it, and apart from any other server.
    let socket: URL
    let session = "flights"
    let app: FlightsApp
    let statusFile: URL
    let modeBefore: URL
    let modeAfter: URL

    /// The tmux executable on `PATH`, or `nil` when it is not installed.
    static let executable = executableOnPath("tmux")

    static var isAvailable: Bool { executable != nil }

    /// Starts `flights arguments…` in a `width`×`height` terminal, runs `body`, and stops the tmux server
    /// afterwards whatever happens.
    @discardableResult
    static func run<T>(
        _ app: FlightsApp, arguments: [String] = [], width: Int = 120, height: Int = 50,
        _ body: (TmuxSession) async throws -> T
    ) async throws -> T {
        guard let tmux = executable else { throw EndToEndFailure("tmux is not installed") }
        let session = TmuxSession(
            tmux: tmux, socket: app.root.appendingPathComponent("tmux.sock"), app: app,
            statusFile: app.root.appendingPathComponent("exit-status"),
            modeBefore: app.root.appendingPathComponent("stty-before"),
            modeAfter: app.root.appendingPathComponent("stty-after"))
        let script = try session.writeScript(arguments: arguments)
        do {
            try await session.startServer(
                width: width, height: height, command: "/bin/sh " + shellQuoted(script.path))
            let result = try await body(session)
            await session.killServer()
            return result
        } catch {
            await session.killServer()
            throw error
        }
    }

    private func writeScript(arguments: [String]) throws -> URL {
        var lines = ["#!/bin/sh"]
        for (key, value) in app.environment().sorted(by: { $0.key < $1.key })
        where key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && key != "COLUMNS" && key != "TERM" {
            lines.append("export \(key)=\(shellQuoted(value))")
        }
        let command = ([app.binary.path] + arguments).map(shellQuoted).joined(separator: " ")
        lines += [
            "stty -g > \(shellQuoted(modeBefore.path))",
            command,
            "status=$?",
            "stty -g > \(shellQuoted(modeAfter.path))",
            "echo $status > \(shellQuoted(statusFile.path)).partial",
            "mv \(shellQuoted(statusFile.path)).partial \(shellQuoted(statusFile.path))",
        ]
        let url = app.root.appendingPathComponent("run-flights.sh")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    /// Types `text` literally (no key names).
    func type(_ text: String) async throws {
        try await tmuxCommand(["send-keys", "-t", session, "-l", text])
    }

    /// Presses keys by tmux's names: `Enter`, `Escape`, `Down`, `Up`, `q`.
    func press(_ keys: String...) async throws {
        try await tmuxCommand(["send-keys", "-t", session] + keys)
    }

    /// Copies every byte the app writes to the terminal from now on into `file` (tmux's `pipe-pane`), to look for
    /// what a screen capture cannot show: a raw control character written and obeyed.
    func recordOutput(to file: URL) async throws {
        try await tmuxCommand(["pipe-pane", "-t", session, "-o", "cat >> " + shellQuoted(file.path)])
    }

    /// Keeps the pane, and what it shows, once the app has ended, so its last words can be read after ``waitForExit``.
    func keepScreenAfterExit() async throws {
        try await tmuxCommand(["set-option", "-w", "-t", session, "remain-on-exit", "on"])
    }

    /// What the terminal shows now, one line per row, without colours.
    func screen() async throws -> String {
        try await tmuxCommand(["capture-pane", "-p", "-t", session])
    }

    /// Waits until the screen satisfies `condition`, reading it again after each look; fails with the last screen.
    @discardableResult
    func waitForScreen(
        _ what: String, timeout: Duration = Timeouts.step, until condition: (String) -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            // The session is gone once the app has ended: report that rather than a tmux error.
            if FileManager.default.fileExists(atPath: statusFile.path) { break }
            last = try await screen()
            if condition(last) { return last }
            // tmux has no event for "the screen changed": look again shortly, until the deadline.
            try await Task.sleep(for: .milliseconds(50))
        }
        throw EndToEndFailure("""
            The terminal never showed \(what) (waited up to \(timeout)\
            \(FileManager.default.fileExists(atPath: statusFile.path) ? "; the app had ended" : "")). Last screen:
            \(last)
            """)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitForScreen(containing text: String, timeout: Duration = Timeouts.step) async throws -> String {
        try await waitForScreen(text.debugDescription, timeout: timeout) { $0.contains(text) }
    }

    /// Waits until the last line with text on the screen (where the app now waits for a key) contains `text`.
    @discardableResult
    func waitForPrompt(_ text: String, timeout: Duration = Timeouts.step) async throws -> String {
        try await waitForScreen("\(text.debugDescription) on the last line", timeout: timeout) {
            Self.lastLine(of: $0)?.contains(text) == true
        }
    }

    /// The last line of `screen` with anything on it.
    static func lastLine(of screen: String) -> String? {
        screen.components(separatedBy: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Waits for the app to end and gives its exit status (the file the script writes once it has).
    func waitForExit(timeout: Duration = Timeouts.process) async throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            // The script writes the file once the app has ended; nothing announces it, so look again shortly.
            try await Task.sleep(for: .milliseconds(50))
        }
        let last = (try? await screen()) ?? "(no screen)"
        throw EndToEndFailure("flights did not end in the terminal within \(timeout). Last screen:\n\(last)")
    }

    /// The terminal's mode (`stty -g`) before the app started and after it ended.
    func terminalModes() throws -> (before: String, after: String) {
        (try String(contentsOf: modeBefore, encoding: .utf8), try String(contentsOf: modeAfter, encoding: .utf8))
    }

    /// Starts this test's server with the session (`-f /dev/null`: none of the user's configuration).
    private func startServer(width: Int, height: Int, command: String) async throws {
        try await tmuxCommand([
            "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), command,
        ])
    }

    @discardableResult
    private func tmuxCommand(_ arguments: [String]) async throws -> String {
        let process = try Subprocess(
            name: "tmux " + arguments.joined(separator: " "), executable: tmux, arguments: ["-S", socket.path] + arguments,
            environment: Self.tmuxEnvironment(app))
        process.closeInput()
        let status = try await process.waitForExit(timeout: .seconds(30))
        guard status == 0 else {
            throw EndToEndFailure("\(process.name) failed with status \(status): \(process.errors.text)")
        }
        return process.output.text
    }

    /// Stops this test's tmux server (and with it the app, if it is still running).
    private func killServer() async {
        guard let process = try? Subprocess(
            name: "tmux kill-server", executable: tmux, arguments: ["-S", socket.path, "kill-server"],
            environment: Self.tmuxEnvironment(app))
        else { return }
        process.closeInput()
        _ = try? await process.waitForExit(timeout: .seconds(30))
    }

    private static func tmuxEnvironment(_ app: FlightsApp) -> [String: String] {
        var environment = app.environment()
        environment.removeValue(forKey: "COLUMNS")
        if environment["TERM"].map({ $0.isEmpty || $0 == "dumb" }) ?? true { environment["TERM"] = "xterm-256color" }
        return environment
    }
}

/// The executable `name` on `PATH`, or `nil`.
func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// `text` in single quotes for `sh`.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension TmuxSession {
    /// Types a one-way search from Heathrow to JFK a month from now, keys as a person presses them, and waits for its
    /// offers.
    func searchToOffers() async throws {
        try await waitForPrompt("From:")
        try await type("LHR")
        try await press("Enter")
        try await waitForPrompt("To:")
        try await type("JFK")
        try await press("Enter")
        try await waitForPrompt("Depart")
        try await type(TravelData.nextMonthTyped)
        try await press("Enter")
        try await waitForPrompt("Return")
        try await press("Enter")
        try await waitForPrompt("Enter to search")
        try await press("Enter")
        try await waitForPrompt("Enter choose")
    }
}
