// swift-tools-version: 6.2
// Services: the one place that knows HTTP, libcurl and the Duffel v2 wire format.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "Services",
    products: [
        .library(name: "Entities", targets: ["Entities"]),
        .library(name: "Services", targets: ["Services", "Entities"]),
        .library(name: "DuffelServices", targets: ["DuffelServices"]),
        .library(name: "CurlHTTP", targets: ["CurlHTTP"]),
        .library(name: "LocalStore", targets: ["LocalStore"]),
        .executable(name: "flights-http-benchmark", targets: ["HTTPBenchmark"]),
        .executable(name: "flights-json-benchmark", targets: ["JSONBenchmark"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(
            name: "CurlHTTP",
            dependencies: ["CCurl", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(name: "Entities", swiftSettings: strict),
        .target(name: "Services", dependencies: ["Entities"], swiftSettings: strict),
        .target(
            name: "DuffelServices",
            dependencies: ["Services", "Entities", "CurlHTTP", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .target(name: "LocalStore", dependencies: ["Services", "Entities"], swiftSettings: strict),
        .executableTarget(
            name: "HTTPBenchmark",
            dependencies: ["CurlHTTP"],
            path: "Benchmarks/HTTPBenchmark",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "JSONBenchmark",
            dependencies: ["Entities"],
            path: "Benchmarks/JSONBenchmark",
            swiftSettings: strict
        ),
        .testTarget(
            name: "CurlHTTPTests",
            dependencies: ["CurlHTTP", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(name: "EntitiesTests", dependencies: ["Entities"], swiftSettings: strict),
        .testTarget(name: "LocalStoreTests", dependencies: ["LocalStore", "Services", "Entities"], swiftSettings: strict),
        .testTarget(
            name: "DuffelServicesTests",
            dependencies: ["DuffelServices", "Services", "Entities", "CurlHTTP"],
            swiftSettings: strict
        ),
    ]
)
