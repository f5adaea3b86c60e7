// swift-tools-version: 6.2
// Rebooking: another team's tool, built from Flights the way any team uses it: one `.package(url:from:)` line and
// the products it needs. It opens availability straight from a saved booking's route (no search screen) and goes on
// to the summary to book the new flight, with its own router and its own flow. Its tests drive that flow on Flights'
// fixture services and against Flights' sandbox started in the test process.
import PackageDescription

// Another team writes its URL of the Flights repository here, as a string:
//     .package(url: "https://example.com/flights.git", from: "1.0.0")
// This example reads it from FLIGHTS_PACKAGE_URL instead, so that scripts/check-consumers builds this very file,
// unchanged, against a scratch repository of the working tree (a `file://…/flights` URL, tagged with VERSION): what CI
// proves is what is written here, with nothing rewritten. `.product(name:package:)` names the package by its identity,
// the URL's last path component without `.git`: `flights`.
let flightsURL = Context.environment["FLIGHTS_PACKAGE_URL"] ?? "https://example.com/flights.git"

// The same settings as Flights' own targets: Swift 6 mode, and warnings are errors.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

// The products of Flights the tool itself uses; its tests add the fixtures and the sandbox.
let flights: [Target.Dependency] = [
    .product(name: "Entities", package: "flights"),
    .product(name: "Services", package: "flights"),
    .product(name: "DuffelServices", package: "flights"),
    .product(name: "CurlHTTP", package: "flights"),
    .product(name: "LocalStore", package: "flights"),
    .product(name: "TerminalUI", package: "flights"),
    .product(name: "ModuleCore", package: "flights"),  // the Navigator that keeps the screens
    .product(name: "Trips", package: "flights"),
    .product(name: "TravelText", package: "flights"),
    .product(name: "FlightAvailability", package: "flights"),
    .product(name: "FlightSummary", package: "flights"),
]

let package = Package(
    name: "Rebooking",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: flightsURL, from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "rebook",
            dependencies: flights + [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        // The team's own flow, on Flights' recorded answers (FixtureServices) and on its sandbox, in process
        // (SandboxServer): what another team's tests link to test a screen of Flights without a network.
        .testTarget(
            name: "RebookingTests",
            dependencies: ["rebook"] + flights + [
                .product(name: "FixtureServices", package: "flights"),
                .product(name: "SandboxServer", package: "flights"),
            ],
            swiftSettings: strict
        ),
    ]
)
