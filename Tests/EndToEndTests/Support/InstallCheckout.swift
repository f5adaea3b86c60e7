import Foundation

/// A scratch repository root for `scripts/flights install`: the real script, a `scripts/setup` with nothing to
/// install, and a stand-in `swift` on the path, so no test runs a release build. Asked for the release build, the
/// stand-in writes down its arguments and exact environment and "builds" the app by copying the real debug
/// `flights` where SwiftPM would put it; it fails when the root holds a file named `broken`. Asked for
/// `--show-bin-path`, it says where that is.
struct InstallCheckout {
    let root: URL
    /// The stand-in `swift`'s folder.
    let tools: URL
    /// Where the tests install to.
    let prefix: URL

    /// The four files install writes, relative to the prefix.
    static let installed = [
        "bin/flights",
        "share/bash-completion/completions/flights",
        "share/zsh/site-functions/_flights",
        "share/fish/vendor_completions.d/flights.fish",
    ]

    init() throws {
        let app = try FlightsApp.locateBinary()
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("install-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        tools = root.appendingPathComponent("tools")
        prefix = root.appendingPathComponent("prefix")
        for folder in ["checkout/scripts", "tools", "elsewhere"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            at: repository.appendingPathComponent("scripts/flights"),
            to: checkout.appendingPathComponent("scripts/flights"))
        try LauncherTests.Launcher.script(checkout.appendingPathComponent("scripts/setup"), "#!/bin/sh\nexit 0\n")
        try LauncherTests.Launcher.script(tools.appendingPathComponent("swift"), """
            #!/usr/bin/python3
            import json, os, shutil, sys
            arguments = sys.argv[1:]
            root = arguments[arguments.index("--package-path") + 1]
            release = "-c" in arguments and arguments[arguments.index("-c") + 1] == "release"
            products = os.path.join(root, ".build", "release" if release else "debug")
            if "--show-bin-path" in arguments:
                print(products)
                sys.exit(0)
            # The exact environment, not Python's view of it (which may add a locale).
            with open("/proc/self/environ", "rb") as file:
                pairs = [entry.decode().split("=", 1) for entry in file.read().split(b"\\0") if entry]
            count = len([name for name in os.listdir(root) if name.startswith("build-")])
            with open(os.path.join(root, "build-%d.json" % count), "w") as file:
                json.dump({"arguments": arguments, "environment": dict(pairs)}, file, sort_keys=True)
            if os.path.exists(os.path.join(root, "broken")):
                print("error: the stand-in build broke")
                sys.exit(1)
            os.makedirs(products, exist_ok=True)
            shutil.copyfile(\(Self.pythonString(app.path)), os.path.join(products, "flights"))
            os.chmod(os.path.join(products, "flights"), 0o755)

            """)
    }

    var checkout: URL { root.appendingPathComponent("checkout") }
    /// A folder that is neither the checkout nor the prefix.
    var elsewhere: URL { root.appendingPathComponent("elsewhere") }

    func file(_ relative: String) -> URL { prefix.appendingPathComponent(relative) }

    /// Runs `scripts/flights arguments…` from `elsewhere`, with `extra` added to the test runner's environment
    /// and the stand-in `swift` first on the path (then `pathFirst`, when given).
    func run(_ arguments: [String], extra: [String: String] = [:], pathFirst: URL? = nil) async throws -> Run {
        var environment = ProcessInfo.processInfo.environment
        let path = ([pathFirst?.path, tools.path].compactMap { $0 }).joined(separator: ":")
        environment["PATH"] = path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["PWD"] = elsewhere.path
        for (key, value) in extra { environment[key] = value }
        let command = "cd '\(elsewhere.path)' && exec bash '\(checkout.path)/scripts/flights' "
            + arguments.map { "'\($0)'" }.joined(separator: " ")
        let process = try Subprocess(
            name: "scripts/flights " + arguments.joined(separator: " "), executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", command], environment: environment)
        defer { process.terminate() }
        process.closeInput()
        let status = try await process.waitForExit()
        return Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
    }

    /// The builds the stand-in was asked for, in order: their arguments and environment.
    func builds() throws -> [(arguments: [String], environment: [String: String])] {
        struct Build: Decodable {
            let arguments: [String]
            let environment: [String: String]
        }
        var found: [(arguments: [String], environment: [String: String])] = []
        while true {
            let url = checkout.appendingPathComponent("build-\(found.count).json")
            guard FileManager.default.fileExists(atPath: url.path) else { return found }
            let build = try JSONDecoder().decode(Build.self, from: Data(contentsOf: url))
            found.append((build.arguments, build.environment))
        }
    }

    /// Runs the installed `flights arguments…` from `elsewhere`, with a data directory of its own.
    func runInstalled(_ arguments: [String]) async throws -> Run {
        try await FlightsApp.withFreshData { app in
            let command = "cd '\(elsewhere.path)' && exec '\(file("bin/flights").path)' "
                + arguments.joined(separator: " ")
            let process = try Subprocess(
                name: "flights " + arguments.joined(separator: " "), executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", command], environment: app.environment())
            defer { process.terminate() }
            process.closeInput()
            let status = try await process.waitForExit()
            return Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
        }
    }

    /// Files left in a folder of the prefix whose names start with a dot: a copy install never renamed.
    func leftovers() -> [String] {
        Self.installed.flatMap { relative -> [String] in
            let folder = file(relative).deletingLastPathComponent()
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasPrefix(".") }.map { folder.appendingPathComponent($0).path }
        }
    }

    func text(_ relative: String) -> String? {
        (try? Data(contentsOf: file(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func pythonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
