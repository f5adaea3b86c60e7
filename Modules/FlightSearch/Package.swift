// swift-tools-version: 6.2
// FlightSearch: where from, where to, when, who, which cabin. A feature module: it sees Services (Entities and the
// service protocols) and TerminalUI only, and leaves through its router with a `SearchRequest`.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "FlightSearch",
    products: [
        .library(name: "FlightSearch", targets: ["FlightSearch"]),
    ],
    dependencies: [
        .package(path: "../../Services"),
        .package(path: "../TerminalUI"),
        .package(path: "../../Fixtures"),
    ],
    targets: [
        .target(
            name: "FlightSearch",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlightSearchTests",
            dependencies: [
                "FlightSearch",
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
                .product(name: "FixtureServices", package: "Fixtures"),
            ],
            swiftSettings: strict
        ),
    ]
)
