import Foundation
import Testing

/// `scripts/flights`, the README's first command, in a copy of its folder with a stand-in `swift` that writes down
/// the environment it was started with: a no-change start from another folder or shell must hand SwiftPM the same
/// environment (SwiftPM compiles every package manifest again when it differs), and the app must still start.
struct LauncherTests {
    /// A scratch repository root with the real `scripts/flights`, a `scripts/setup` with nothing to install, a
    /// stand-in `swift` on the path and a stand-in app in `.build/debug`.
    struct Launcher {
        let root: URL
        let bin: URL

        init() throws {
            let repository = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("launcher-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
            bin = root.appendingPathComponent("bin")
            for folder in ["scripts", ".build/debug", "bin"] {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("scripts/flights"), to: root.appendingPathComponent("scripts/flights"))
            try Self.script(root.appendingPathComponent("scripts/setup"), "#!/bin/sh\nexit 0\n")
            try Self.script(root.appendingPathComponent(".build/debug/flights"), "#!/bin/sh\necho \"the app ran: $*\"\n")
            // Writes its environment as JSON beside the package it builds, one file per build, and fails when the
            // package holds a file named `broken`.
            try Self.script(bin.appendingPathComponent("swift"), """
                #!/usr/bin/python3
                import json, os, sys
                root = sys.argv[sys.argv.index("--package-path") + 1]
                count = len([name for name in os.listdir(root) if name.startswith("environment-")])
                with open(os.path.join(root, "environment-%d.json" % count), "w") as file:
                    json.dump(dict(os.environ), file, sort_keys=True)
                quiet = "-q" in sys.argv
                if not quiet: print("[1/2] Compiling FlightsApp main.swift")
                if os.path.exists(os.path.join(root, "broken")):
                    print("error: the stand-in build broke")
                    sys.exit(1)
                if not quiet: print("[2/2] Linking flights")

                """)
        }

        static func script(_ url: URL, _ text: String) throws {
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }

        /// Runs `scripts/flights arguments…` from `folder` with `extra` added to a shell's environment.
        func run(from folder: URL, _ arguments: [String], extra: [String: String]) async throws -> Run {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["PWD"] = folder.path
            for (key, value) in extra { environment[key] = value }
            let command = "cd '\(folder.path)' && exec bash '\(root.path)/scripts/flights' " + arguments.joined(separator: " ")
            let process = try Subprocess(
                name: "scripts/flights", executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command],
                environment: environment)
            defer { process.terminate() }
            process.closeInput()
            let status = try await process.waitForExit()
            return Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
        }

        func environment(_ number: Int) throws -> [String: String] {
            let data = try Data(contentsOf: root.appendingPathComponent("environment-\(number).json"))
            return try JSONDecoder().decode([String: String].self, from: data)
        }
    }

    @Test func aStartFromAnotherFolderOrShellGivesTheBuildTheSameEnvironment() async throws {
        let launcher = try Launcher()
        defer { try? FileManager.default.removeItem(at: launcher.root) }
        let first = try await launcher.run(
            from: launcher.root, ["search", "LHR"], extra: ["TERM": "xterm", "FLIGHTS_PROBE_SHELL": "one"])
        #expect(first.status == 0, "\(first)")
        #expect(first.output.contains("the app ran: search LHR"), "\(first)")
        let elsewhere = FileManager.default.temporaryDirectory
        let second = try await launcher.run(
            from: elsewhere, ["bookings"],
            extra: ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0", "SSH_TTY": "/dev/pts/9",
                    "OLDPWD": launcher.root.path, "FLIGHTS_PROBE_SHELL": "two"])
        #expect(second.status == 0, "\(second)")
        #expect(second.output.contains("the app ran: bookings"), "\(second)")

        let one = try launcher.environment(0)
        let two = try launcher.environment(1)
        #expect(one == two, "the build saw another environment:\n\(one)\n\(two)")
        #expect(one["PATH"]?.hasPrefix(launcher.bin.path) == true)
        #expect(one["HOME"] != nil)
        for shellOnly in ["TERM", "TMUX", "SSH_TTY", "OLDPWD", "PWD", "FLIGHTS_PROBE_SHELL"] {
            #expect(one[shellOnly] == nil, "\(shellOnly) reached the build")
        }
        // Off a terminal the build is quiet: nothing of it on the app's output.
        #expect(!first.output.contains("Compiling") && !first.errors.contains("Compiling"), "\(first)")
    }

    @Test func aBuildThatFailsSaysSoAndStartsNothing() async throws {
        let launcher = try Launcher()
        defer { try? FileManager.default.removeItem(at: launcher.root) }
        try Data().write(to: launcher.root.appendingPathComponent("broken"))
        let run = try await launcher.run(from: launcher.root, [], extra: [:])
        #expect(run.status == 1, "\(run)")
        #expect(run.errors.contains("flights: the build failed"), "\(run)")
        #expect(run.errors.contains("the stand-in build broke") || run.output.contains("the stand-in build broke"), "\(run)")
        #expect(!run.output.contains("the app ran"), "\(run)")
    }
}
