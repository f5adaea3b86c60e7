// swift-tools-version: 6.2
// Flights: a flight search and booking app for the terminal, composed from (B)VIPER module packages.
// This root package is the composition root: the `flights` executable (App/) and its tests (Tests/).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Flights",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "flights", targets: ["FlightsApp"]),
        .executable(name: "flights-bench", targets: ["FlightsBench"]),
    ],
    dependencies: [
        .package(path: "Services"),
        .package(path: "Sandbox"),
        .package(path: "Modules/TerminalUI"),
        .package(path: "Modules/FlightSearch"),
        .package(path: "Modules/FlightAvailability"),
        .package(path: "Modules/FlightSummary"),
        .package(path: "Modules/FlightBookings"),
        .package(path: "Modules/FlightSeats"),
        .package(path: "Fixtures"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "FlightsApp",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "DuffelServices", package: "Services"),
                .product(name: "CurlHTTP", package: "Services"),
                .product(name: "LocalStore", package: "Services"),
                .product(name: "SandboxServer", package: "Sandbox"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
                .product(name: "FlightSearch", package: "FlightSearch"),
                .product(name: "FlightAvailability", package: "FlightAvailability"),
                .product(name: "FlightSummary", package: "FlightSummary"),
                .product(name: "FlightBookings", package: "FlightBookings"),
                .product(name: "FlightSeats", package: "FlightSeats"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "App",
            swiftSettings: strict
        ),
        // What a traveller waits for on screen, timed through a module against a running server (scripts/bench).
        .executableTarget(
            name: "FlightsBench",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "DuffelServices", package: "Services"),
                .product(name: "CurlHTTP", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "FlightAvailability", package: "FlightAvailability"),
            ],
            path: "Benchmarks/FlightsBench",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "FlightsApp",
                .product(name: "FixtureServices", package: "Fixtures"),
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "FlightSearch", package: "FlightSearch"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                .product(name: "SandboxServer", package: "Sandbox"),
                .product(name: "DuffelServices", package: "Services"),
                .product(name: "CurlHTTP", package: "Services"),
                .product(name: "Services", package: "Services"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ]
)
