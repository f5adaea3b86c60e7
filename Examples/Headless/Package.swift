// swift-tools-version: 6.2
// Headless: another team that books without a screen. It uses the trip's core (Trips), the use cases every face of
// Flights calls, from a program of its own: find the places, search, book the cheapest offer at the agreed total, list
// the bookings and cancel, against Flights' sandbox started in process. No TerminalUI, no ModuleCore, no feature
// module: scripts/check-consumers checks the build plan and what was linked for that.
import PackageDescription

// Another team writes its URL of the Flights repository here, as a string:
//     .package(url: "https://example.com/flights.git", from: "1.0.0")
// This example reads it from FLIGHTS_PACKAGE_URL instead, so that scripts/check-consumers builds this very file,
// unchanged, against a scratch repository of the working tree (a `file://…/flights` URL, tagged with VERSION).
// `.product(name:package:)` names the package by its identity, the URL's last path component without `.git`: `flights`.
let flightsURL = Context.environment["FLIGHTS_PACKAGE_URL"] ?? "https://example.com/flights.git"

// The same settings as Flights' own targets: Swift 6 mode, and warnings are errors.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

// The trip's core and what its services are made of: Duffel v2 over libcurl, the bookings file, and the sandbox the
// program and the tests talk to.
let flights: [Target.Dependency] = [
    .product(name: "Trips", package: "flights"),
    .product(name: "Services", package: "flights"),
    .product(name: "Entities", package: "flights"),
    .product(name: "DuffelServices", package: "flights"),
    .product(name: "CurlHTTP", package: "flights"),
    .product(name: "LocalStore", package: "flights"),
    .product(name: "SandboxServer", package: "flights"),
]

let package = Package(
    name: "Headless",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: flightsURL, from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "headless-trip",
            dependencies: flights + [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HeadlessTests",
            dependencies: flights,
            swiftSettings: strict
        ),
    ]
)
