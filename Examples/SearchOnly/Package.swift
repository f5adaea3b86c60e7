// swift-tools-version: 6.2
// SearchOnly: the smallest use of Flights another team can make: one module, FlightSearch, and what its Builder is
// made with (Services for the place-service protocol and the value types, TerminalUI for the terminal it runs on).
// Its own place service answers the form; its own router prints the search the form comes to. No server, no
// database: building it compiles none of the sandbox's dependencies (Hummingbird, SwiftNIO, GRDB), and
// scripts/check-consumers checks its build log for that.
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

let package = Package(
    name: "SearchOnly",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: flightsURL, from: "1.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "search-only",
            dependencies: [
                .product(name: "FlightSearch", package: "flights"),
                .product(name: "Services", package: "flights"),
                .product(name: "TerminalUI", package: "flights"),
            ],
            swiftSettings: strict
        ),
    ]
)
