// swift-tools-version: 6.2
// Sandbox: a local server that speaks the Duffel API v2 format, for the App's offline default backend,
// for end-to-end tests, and for other teams' tests (`flights-sandbox`).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Sandbox",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SandboxServer", targets: ["SandboxServer"]),
        .executable(name: "flights-sandbox", targets: ["flights-sandbox"]),
        .executable(name: "flights-sandbox-benchmark", targets: ["SandboxBenchmark"]),
        .executable(name: "flights-sandbox-profile", targets: ["SandboxProfile"]),
    ],
    dependencies: [
        .package(path: "../Services"),
        .package(path: "../Fixtures"),
        // Hummingbird's default traits pull in swift-configuration, which the sandbox does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "SandboxServer",
            dependencies: [
                .product(name: "Entities", package: "Services"),
                .product(name: "AirportData", package: "Fixtures"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "flights-sandbox",
            dependencies: [
                "SandboxServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "SandboxBenchmark",
            dependencies: [
                "SandboxServer",
                .product(name: "Entities", package: "Services"),
                .product(name: "Services", package: "Services"),
                .product(name: "DuffelServices", package: "Services"),
                .product(name: "CurlHTTP", package: "Services"),
            ],
            path: "Benchmarks/SandboxBenchmark",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "SandboxProfile",
            dependencies: [
                "SandboxServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/SandboxProfile",
            swiftSettings: strict
        ),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "SandboxServer",
                .product(name: "Entities", package: "Services"),
                .product(name: "Services", package: "Services"),
                .product(name: "DuffelServices", package: "Services"),
                .product(name: "CurlHTTP", package: "Services"),
                .product(name: "AirportData", package: "Fixtures"),
            ],
            swiftSettings: strict
        ),
    ]
)
