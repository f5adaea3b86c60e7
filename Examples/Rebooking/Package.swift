// swift-tools-version: 6.2
// Rebooking: another team's tool, built from Flights' module packages the way any team would use them. It opens
// availability straight from a saved booking's route (no search screen) and goes on to the summary to book the
// new flight, with its own router and its own flow.
import PackageDescription

let package = Package(
    name: "Rebooking",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Another team writes `.package(url: "https://…/flights", from: "1.0.0")`; inside this repository the same
        // packages are reached by path.
        .package(path: "../../Services"),
        .package(path: "../../Modules/TerminalUI"),
        .package(path: "../../Modules/FlightAvailability"),
        .package(path: "../../Modules/FlightSummary"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "rebook",
            dependencies: [
                .product(name: "Services", package: "Services"),
                .product(name: "DuffelServices", package: "Services"),
                .product(name: "CurlHTTP", package: "Services"),
                .product(name: "LocalStore", package: "Services"),
                .product(name: "TerminalUI", package: "TerminalUI"),
                .product(name: "FlightAvailability", package: "FlightAvailability"),
                .product(name: "FlightSummary", package: "FlightSummary"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .treatAllWarnings(as: .error),
            ]
        ),
    ]
)
