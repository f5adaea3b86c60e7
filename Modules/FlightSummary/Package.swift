// swift-tools-version: 6.2
// FlightSummary: one offer in full, passenger details, the price re-check and the booking. A feature module: it sees
// Services (Entities and the service protocols) and TerminalUI only, and leaves through its router.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "FlightSummary",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FlightSummary", targets: ["FlightSummary"]),
    ],
    dependencies: [
        .package(path: "../../Services"),
        .package(path: "../TerminalUI"),
        .package(path: "../../Fixtures"),
    ],
    targets: [
        .target(
            name: "FlightSummary",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlightSummaryTests",
            dependencies: [
                "FlightSummary",
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
                .product(name: "FixtureServices", package: "Fixtures"),
            ],
            swiftSettings: strict
        ),
    ]
)
