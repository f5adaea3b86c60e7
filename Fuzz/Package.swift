// swift-tools-version: 6.2
// Fuzz: libFuzzer targets for the code that reads what the outside world sends or types: Duffel's JSON, typed dates,
// typed places, the commands typed over the offers and the bookings file. Built and run by `scripts/fuzz` only
// (release, `-Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing`): the internal readers of FlightAvailability
// are reached with `@testable import`, so their visibility stays as it is; the place matching is the core's (Trips).
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Fuzz",
    products: [
        .executable(name: "fuzz-duffel-decoders", targets: ["FuzzDuffelDecoders"]),
        .executable(name: "fuzz-date-reader", targets: ["FuzzDateReader"]),
        .executable(name: "fuzz-place-text", targets: ["FuzzPlaceText"]),
        .executable(name: "fuzz-typed-commands", targets: ["FuzzTypedCommands"]),
        .executable(name: "fuzz-bookings-file", targets: ["FuzzBookingsFile"]),
    ],
    dependencies: [
        .package(path: "../Services"),
        .package(path: "../Fixtures"),
        .package(path: "../Modules/FlightAvailability"),
        .package(path: "../Modules/TerminalUI"),
    ],
    targets: [
        // What every target shares: the property check that stops the run with a message, and the input as text.
        .target(name: "FuzzSupport", swiftSettings: strict),
        .executableTarget(
            name: "FuzzDuffelDecoders",
            dependencies: ["FuzzSupport", .product(name: "Services", package: "Services")],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "FuzzDateReader",
            dependencies: [
                "FuzzSupport",
                .product(name: "Entities", package: "Services"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "FuzzPlaceText",
            dependencies: [
                "FuzzSupport",
                .product(name: "Services", package: "Services"),
                .product(name: "AirportData", package: "Fixtures"),
                .product(name: "FixtureServices", package: "Fixtures"),
                .product(name: "Trips", package: "Services"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "FuzzTypedCommands",
            dependencies: [
                "FuzzSupport",
                .product(name: "Services", package: "Services"),
                .product(name: "FixtureServices", package: "Fixtures"),
                .product(name: "FlightAvailability", package: "FlightAvailability"),
                .product(name: "TravelText", package: "TerminalUI"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "FuzzBookingsFile",
            dependencies: [
                "FuzzSupport",
                .product(name: "Services", package: "Services"),
                .product(name: "LocalStore", package: "Services"),
            ],
            swiftSettings: strict
        ),
    ]
)
