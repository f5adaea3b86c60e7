// swift-tools-version: 6.2
// FlightAvailability: the offers for one search; sort, filter, page, flexible dates. A feature module: it depends on
// Services (entities and service protocols) and TerminalUI only; its tests add the fixture services.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "FlightAvailability",
    products: [
        .library(name: "FlightAvailability", targets: ["FlightAvailability"]),
    ],
    dependencies: [
        .package(path: "../../Services"),
        .package(path: "../TerminalUI"),
        .package(path: "../../Fixtures"),
    ],
    targets: [
        .target(
            name: "FlightAvailability",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
            ],
            swiftSettings: strict
        ),
        // Timings live here, never in tests: `swift run -c release FlightAvailabilityBenchmark`.
        .executableTarget(
            name: "FlightAvailabilityBenchmark",
            dependencies: [
                "FlightAvailability",
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
            ],
            path: "Benchmarks/FlightAvailabilityBenchmark",
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlightAvailabilityTests",
            dependencies: [
                "FlightAvailability",
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
                .product(name: "FixtureServices", package: "Fixtures"),
            ],
            swiftSettings: strict
        ),
    ]
)
