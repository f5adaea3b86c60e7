// swift-tools-version: 6.2
// TerminalUI: the platform package every module's View uses to talk to a terminal (what UIKit is to an iOS module).
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
    ],
    targets: [
        .target(name: "TerminalUI", swiftSettings: strict),
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
