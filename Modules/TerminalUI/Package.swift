// swift-tools-version: 6.2
// TerminalUI: the platform package every module's View uses to talk to a terminal (what UIKit is to an iOS module),
// and ModuleCore, the store, effect runner and session recorder every module's presenter is built on.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "TerminalUI",
    products: [
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        // The small core every module's roles share: a store that reduces actions and runs their effects with
        // cancellation by id, and the session recorder and replayer.
        .library(name: "ModuleCore", targets: ["ModuleCore"]),
    ],
    targets: [
        .target(name: "TerminalUI", swiftSettings: strict),
        .target(name: "ModuleCore", dependencies: ["TerminalUI"], swiftSettings: strict),
        .testTarget(name: "ModuleCoreTests", dependencies: ["ModuleCore", "TerminalUI"], swiftSettings: strict),
        // A tiny program the tests run under a pipe or a pseudo-terminal, so the real SystemTerminal (raw mode,
        // signal handling, restore on exit) is exercised in a separate process.
        .executableTarget(name: "TerminalUIProbe", dependencies: ["TerminalUI"], swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"], swiftSettings: strict),
        // Timings live here, never in tests: `swift run -c release TerminalUIBenchmark`.
        .executableTarget(
            name: "TerminalUIBenchmark",
            dependencies: ["TerminalUI"],
            path: "Benchmarks/TerminalUIBenchmark",
            swiftSettings: strict
        ),
    ]
)
