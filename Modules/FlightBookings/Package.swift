// swift-tools-version: 6.2
// FlightBookings: the bookings kept on this machine, one booking in full from the API, and cancelling. A feature
// module: it sees Services (Entities and the service protocols) and TerminalUI only, and leaves through its router.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "FlightBookings",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FlightBookings", targets: ["FlightBookings"]),
    ],
    dependencies: [
        .package(path: "../../Services"),
        .package(path: "../TerminalUI"),
        .package(path: "../../Fixtures"),
    ],
    targets: [
        .target(
            name: "FlightBookings",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "FlightBookingsTests",
            dependencies: [
                "FlightBookings",
                .product(name: "Services", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "ModuleCore", package: "TerminalUI"),
                .product(name: "FixtureServices", package: "Fixtures"),
            ],
            swiftSettings: strict
        ),
    ]
)
