// swift-tools-version: 6.2
// FlightSeats: Choose seats on each flight. A feature module: it sees Services (Entities and the service protocols) and TerminalUI only,
// and leaves through its router.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "FlightSeats",
    products: [
        .library(name: "FlightSeats", targets: ["FlightSeats"]),
    ],
    dependencies: [
        .package(path: "../../Services"),
        .package(path: "../../Modules/TerminalUI"),
        .package(path: "../../Fixtures"),
    ],
    targets: [
        .target(
            name: "FlightSeats",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlightSeatsTests",
            dependencies: [
                "FlightSeats",
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "FixtureServices", package: "Fixtures"),
            ],
            swiftSettings: strict
        ),
    ]
)
