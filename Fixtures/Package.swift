// swift-tools-version: 6.2
// Fixtures: reference data (the world's airports) and recorded Duffel v2 responses, so that module
// tests and the sandbox run without a network.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Fixtures",
    products: [
        .library(name: "AirportData", targets: ["AirportData"]),
        .library(name: "FixtureServices", targets: ["FixtureServices"]),
    ],
    dependencies: [
        .package(path: "../Services"),
    ],
    targets: [
        // The CSVs under Data/ are the reviewable source; the library compiles the same text from
        // Generated/EmbeddedAirportData.swift (see README: `.embedInCode` is far too slow at this size).
        .target(
            name: "AirportData",
            exclude: ["Data"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "AirportDataTests",
            dependencies: ["AirportData"],
            swiftSettings: strict
        ),
        // The service protocols answered from the recorded responses, decoded through the same code as the HTTP
        // path; module tests link it.
        .target(
            name: "FixtureServices",
            dependencies: [
                "AirportData",
                .product(name: "Services", package: "Services"),
            ],
            exclude: ["Responses/README.md"],
            resources: [.copy("Responses")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FixtureServicesTests",
            dependencies: ["FixtureServices", .product(name: "Services", package: "Services")],
            swiftSettings: strict
        ),
        // Duffel's own published payloads (conformance/), read through the decoder live answers go through.
        .testTarget(
            name: "ConformanceTests",
            dependencies: [.product(name: "Services", package: "Services")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "AirportDataBenchmark",
            dependencies: ["AirportData"],
            path: "Benchmarks/AirportDataBenchmark",
            swiftSettings: strict
        ),
    ]
)
