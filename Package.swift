// swift-tools-version: 6.2
// Flights: a flight search and booking app for the terminal, composed from (B)VIPER modules.
//
// This manifest is the one source of truth for every target of the repository: another team that writes
// `.package(url: "…/flights", from: "1.0.0")` gets each library below as a product, with no `path:` dependency in
// what it resolves. Each folder (Services/, Fixtures/, Sandbox/, Modules/X/) is also a package of its own that builds
// and tests alone; its Package.swift is generated from this file (`scripts/manifests`, checked in CI with `--check`),
// so a target's dependencies are written here once. See Modules/README.md.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .treatAllWarnings(as: .error),
]

/// The feature modules. Each sees Services (Entities and the service protocols), Trips (the trip's core: the use cases
/// a screen's work calls), TerminalUI, ModuleCore and TravelText (the travel text screens and commands share) only, and
/// its tests add FixtureServices: the rule that keeps modules apart is this dependency list, and the compiler holds
/// every module to it (`--explicit-target-dependency-import-check error`). `scripts/new-module` adds a name here.
let featureModules = [
    "FlightSearch",
    "FlightAvailability",
    "FlightSummary",
    "FlightSeats",
    "FlightBookings",
    "FlightChange",
    "FlightWatches",
]

let moduleDependencies: [Target.Dependency] = ["Services", "Entities", "Trips", "TerminalUI", "ModuleCore", "TravelText"]

let modules: [Target] = featureModules.flatMap { name -> [Target] in
    [
        .target(
            name: name,
            dependencies: moduleDependencies,
            path: "Modules/\(name)/Sources/\(name)",
            swiftSettings: strict
        ),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [.target(name: name)] + moduleDependencies + ["FixtureServices", "ModuleTesting"],
            path: "Modules/\(name)/Tests/\(name)Tests",
            swiftSettings: strict
        ),
    ]
}

let services: [Target] = [
    .systemLibrary(
        name: "CCurl",
        path: "Services/Sources/CCurl",
        pkgConfig: "libcurl",
        providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .target(
        name: "CurlHTTP",
        dependencies: ["CCurl", .product(name: "Logging", package: "swift-log")],
        path: "Services/Sources/CurlHTTP",
        swiftSettings: strict
    ),
    .target(name: "Entities", path: "Services/Sources/Entities", swiftSettings: strict),
    .target(name: "Services", dependencies: ["Entities"], path: "Services/Sources/Services", swiftSettings: strict),
    // The trip's core: what a traveller does, as typed use cases over the service protocols (book at the agreed
    // total, the bookings, pay, cancel, change, extras), with the rules that keep money safe written once. Screens,
    // commands and MCP tools are faces over it; it knows no terminal.
    .target(name: "Trips", dependencies: ["Services", "Entities"], path: "Services/Sources/Trips", swiftSettings: strict),
    .target(
        name: "DuffelServices",
        dependencies: ["Services", "Entities", "CurlHTTP", .product(name: "Logging", package: "swift-log")],
        path: "Services/Sources/DuffelServices",
        swiftSettings: strict
    ),
    .target(
        name: "LocalStore",
        dependencies: ["Services", "Entities", .product(name: "GRDB", package: "GRDB.swift")],
        path: "Services/Sources/LocalStore",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "flights-http-benchmark",
        dependencies: ["CurlHTTP"],
        path: "Services/Benchmarks/HTTPBenchmark",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "flights-json-benchmark",
        dependencies: ["Entities"],
        path: "Services/Benchmarks/JSONBenchmark",
        swiftSettings: strict
    ),
    .testTarget(
        name: "CurlHTTPTests",
        dependencies: ["CurlHTTP", .product(name: "Logging", package: "swift-log")],
        path: "Services/Tests/CurlHTTPTests",
        swiftSettings: strict
    ),
    .testTarget(
        name: "EntitiesTests",
        dependencies: ["Entities"],
        path: "Services/Tests/EntitiesTests",
        swiftSettings: strict
    ),
    .testTarget(
        name: "LocalStoreTests",
        dependencies: ["LocalStore", "Services", "Entities", .product(name: "GRDB", package: "GRDB.swift")],
        path: "Services/Tests/LocalStoreTests",
        swiftSettings: strict
    ),
    .testTarget(
        name: "DuffelServicesTests",
        dependencies: ["DuffelServices", "Services", "Entities", "CurlHTTP"],
        path: "Services/Tests/DuffelServicesTests",
        swiftSettings: strict
    ),
    .testTarget(
        name: "ServicesTests",
        dependencies: ["Services", "Entities"],
        path: "Services/Tests/ServicesTests",
        swiftSettings: strict
    ),
]

let terminal: [Target] = [
    .target(name: "TerminalUI", path: "Modules/TerminalUI/Sources/TerminalUI", swiftSettings: strict),
    // The small core every module's roles share: a store that reduces actions and runs their effects with
    // cancellation by id, and the session recorder and replayer.
    .target(
        name: "ModuleCore",
        dependencies: ["TerminalUI"],
        path: "Modules/TerminalUI/Sources/ModuleCore",
        swiftSettings: strict
    ),
    // A module's rules under test as a story (`TestStore`): for the modules' tests, and other teams'.
    .target(
        name: "ModuleTesting",
        dependencies: ["ModuleCore"],
        path: "Modules/TerminalUI/Sources/ModuleTesting",
        swiftSettings: strict
    ),
    // Time travel through a recorded session: each step's screen as it was painted, the action, the state's change
    // and the effects, back and forth (`flights replay FILE --travel`).
    .target(
        name: "SessionTravel",
        dependencies: ["ModuleCore", "TerminalUI"],
        path: "Modules/TerminalUI/Sources/SessionTravel",
        swiftSettings: strict
    ),
    .testTarget(
        name: "SessionTravelTests",
        dependencies: ["SessionTravel", "ModuleCore", "TerminalUI"],
        path: "Modules/TerminalUI/Tests/SessionTravelTests",
        swiftSettings: strict
    ),
    // The travel text that screens and commands both print: the offers table, the date grid, places, the header of
    // a search. One home for it, so the offers screen and `flights search` cannot word a flight two ways.
    .target(
        name: "TravelText",
        dependencies: ["Entities", "Services", "Trips", "TerminalUI", "ModuleCore"],
        path: "Modules/TerminalUI/Sources/TravelText",
        swiftSettings: strict
    ),
    .testTarget(
        name: "TravelTextTests",
        dependencies: ["TravelText", "Entities", "Services", "Trips", "TerminalUI", "ModuleCore", "FixtureServices"],
        path: "Modules/TerminalUI/Tests/TravelTextTests",
        swiftSettings: strict
    ),
    .testTarget(
        name: "ModuleCoreTests",
        dependencies: ["ModuleCore", "TerminalUI", "ModuleTesting"],
        path: "Modules/TerminalUI/Tests/ModuleCoreTests",
        swiftSettings: strict
    ),
    // A tiny program the tests run under a pipe or a pseudo-terminal, so the real SystemTerminal (raw mode, signal
    // handling, restore on exit) is exercised in a separate process.
    .executableTarget(
        name: "TerminalUIProbe",
        dependencies: ["TerminalUI"],
        path: "Modules/TerminalUI/Sources/TerminalUIProbe",
        swiftSettings: strict
    ),
    .testTarget(
        name: "TerminalUITests",
        dependencies: ["TerminalUI"],
        path: "Modules/TerminalUI/Tests/TerminalUITests",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "TerminalUIBenchmark",
        dependencies: ["TerminalUI"],
        path: "Modules/TerminalUI/Benchmarks/TerminalUIBenchmark",
        swiftSettings: strict
    ),
]

let fixtures: [Target] = [
    // The CSVs under Data/ are the reviewable source; the library compiles the same text from
    // Generated/EmbeddedAirportData.swift (see Fixtures/README.md: `.embedInCode` is far too slow at this size).
    .target(
        name: "AirportData",
        path: "Fixtures/Sources/AirportData",
        exclude: ["Data"],
        swiftSettings: strict
    ),
    // The service protocols answered from the recorded responses, decoded through the same code as the HTTP path;
    // module tests, and other teams' tests, link it.
    .target(
        name: "FixtureServices",
        dependencies: ["AirportData", "Services", "Entities"],
        path: "Fixtures/Sources/FixtureServices",
        exclude: ["Responses/README.md"],
        resources: [.copy("Responses")],
        swiftSettings: strict
    ),
    .testTarget(
        name: "AirportDataTests",
        dependencies: ["AirportData"],
        path: "Fixtures/Tests/AirportDataTests",
        swiftSettings: strict
    ),
    .testTarget(
        name: "FixtureServicesTests",
        dependencies: ["FixtureServices", "Services", "Entities"],
        path: "Fixtures/Tests/FixtureServicesTests",
        swiftSettings: strict
    ),
    // Duffel's own published payloads (conformance/), read through the decoder live answers go through.
    .testTarget(
        name: "ConformanceTests",
        dependencies: ["Services", "Entities"],
        path: "Fixtures/Tests/ConformanceTests",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "AirportDataBenchmark",
        dependencies: ["AirportData"],
        path: "Fixtures/Benchmarks/AirportDataBenchmark",
        swiftSettings: strict
    ),
]

let sandbox: [Target] = [
    .target(
        name: "SandboxServer",
        dependencies: [
            "Entities",
            "AirportData",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "CompressNIO", package: "compress-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        path: "Sandbox/Sources/SandboxServer",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "flights-sandbox",
        dependencies: [
            "SandboxServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Sandbox/Sources/flights-sandbox",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "flights-sandbox-benchmark",
        dependencies: ["SandboxServer", "Entities", "Services", "DuffelServices", "CurlHTTP"],
        path: "Sandbox/Benchmarks/SandboxBenchmark",
        swiftSettings: strict
    ),
    .executableTarget(
        name: "flights-sandbox-profile",
        dependencies: ["SandboxServer", .product(name: "Logging", package: "swift-log")],
        path: "Sandbox/Benchmarks/SandboxProfile",
        swiftSettings: strict
    ),
    .testTarget(
        name: "SandboxTests",
        dependencies: ["SandboxServer", "Entities", "Services", "DuffelServices", "CurlHTTP", "AirportData"],
        path: "Sandbox/Tests/SandboxTests",
        swiftSettings: strict
    ),
]

let app: [Target] = [
    .executableTarget(
        name: "FlightsApp",
        dependencies: [
            "Services",
            "Entities",
            "Trips",
            "DuffelServices",
            "CurlHTTP",
            "LocalStore",
            "SandboxServer",
            "TerminalUI",
            "ModuleCore",
            "SessionTravel",
            "TravelText",
            "FlightsMCP",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ] + featureModules.map { .target(name: $0) },
        path: "App",
        exclude: ["MCP"],
        swiftSettings: strict
    ),
    // `flights mcp`: the trip as tools for AI assistants, over the Model Context Protocol on stdio. The protocol's
    // side only (the tools' schemas, their arguments checked, their answers shaped); the App runs each tool through
    // the same modules as the commands. Its own target, so no feature module depends on the protocol's SDK.
    .target(
        name: "FlightsMCP",
        dependencies: [
            "Entities",
            "TerminalUI",
            .product(name: "MCP", package: "swift-sdk"),
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "App/MCP/Sources/FlightsMCP",
        swiftSettings: strict
    ),
    .testTarget(
        name: "FlightsMCPTests",
        dependencies: ["FlightsMCP", "Entities", .product(name: "MCP", package: "swift-sdk")],
        path: "App/MCP/Tests/FlightsMCPTests",
        swiftSettings: strict
    ),
    // What a traveller waits for on screen, timed through a module against a running server (scripts/bench).
    .executableTarget(
        name: "flights-bench",
        dependencies: ["Services", "Entities", "DuffelServices", "CurlHTTP", "TerminalUI", "FlightAvailability"],
        path: "Benchmarks/FlightsBench",
        swiftSettings: strict
    ),
    .testTarget(
        name: "AppTests",
        dependencies: [
            "FlightsApp", "FixtureServices", "Services", "Entities", "TerminalUI", "ModuleCore", "SessionTravel",
            "FlightSearch", "FlightWatches", "FlightsMCP",
        ],
        swiftSettings: strict
    ),
    // The trip's core against the fixture services and the in-process sandbox (a root test target: the sandbox's
    // folder package depends on Fixtures, which depends on Services, so Services' own folder cannot link either).
    .testTarget(
        name: "TripsTests",
        dependencies: [
            "Trips", "Services", "Entities", "FixtureServices", "SandboxServer", "DuffelServices", "CurlHTTP",
            "LocalStore", .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict
    ),
    .testTarget(
        name: "EndToEndTests",
        dependencies: [
            "SandboxServer",
            "DuffelServices",
            "CurlHTTP",
            "Services",
            "Entities",
            .product(name: "Logging", package: "swift-log"),
        ],
        swiftSettings: strict
    ),
]

let package = Package(
    name: "Flights",
    platforms: [.macOS(.v15)],
    // Feature modules first: each one screen, entered only through its Builder.
    products: featureModules.map { .library(name: $0, targets: [$0]) } + [
        // The platform every module's screen runs on.
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "ModuleCore", targets: ["ModuleCore"]),
        .library(name: "ModuleTesting", targets: ["ModuleTesting"]),
        .library(name: "SessionTravel", targets: ["SessionTravel"]),
        .library(name: "TravelText", targets: ["TravelText"]),
        // Services: the value types, the service protocols, Duffel v2 over libcurl, the local bookings ledger.
        .library(name: "Entities", targets: ["Entities"]),
        .library(name: "Services", targets: ["Services", "Entities"]),
        .library(name: "Trips", targets: ["Trips"]),
        .library(name: "DuffelServices", targets: ["DuffelServices"]),
        .library(name: "CurlHTTP", targets: ["CurlHTTP"]),
        .library(name: "LocalStore", targets: ["LocalStore"]),
        // For other teams' tests: the services answered from recorded responses, and an in-process Duffel stand-in.
        .library(name: "AirportData", targets: ["AirportData"]),
        .library(name: "FixtureServices", targets: ["FixtureServices"]),
        .library(name: "SandboxServer", targets: ["SandboxServer"]),
        .executable(name: "flights", targets: ["FlightsApp"]),
        .executable(name: "flights-sandbox", targets: ["flights-sandbox"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Hummingbird's default traits pull in swift-configuration, which the sandbox does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
    ],
    targets: services + terminal + fixtures + sandbox + modules + app
)
