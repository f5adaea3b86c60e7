public import Foundation
public import Logging

/// Which bearer tokens the sandbox accepts.
public enum TokenPolicy: Sendable, Hashable {
    /// Duffel's test tokens: `Bearer duffel_test_<anything non-empty>`.
    case duffelTestTokens
    /// Only this token.
    case exactly(String)

    /// Whether `token` (the text after `Bearer `) is accepted.
    public func accepts(_ token: String) -> Bool {
        switch self {
        case .duffelTestTokens:
            return token.hasPrefix("duffel_test_") && token.count > "duffel_test_".count
                && !token.contains(where: \.isWhitespace)
        case .exactly(let expected):
            return token == expected
        }
    }
}

/// How many requests one token may make in a window before the sandbox answers 429, as Duffel does.
public struct RateLimitPolicy: Sendable, Hashable {
    /// Requests per window.
    public var limit: Int
    /// The window's length.
    public var window: Duration

    /// A limit of `limit` requests per `window`.
    public init(limit: Int, window: Duration) {
        self.limit = limit
        self.window = window
    }

    /// Generous enough for an app and its tests; still reported in the headers.
    public static let standard = RateLimitPolicy(limit: 6_000, window: .seconds(60))
}

/// How a sandbox runs: where it listens, where it keeps orders, whom it lets in, what it breaks on purpose.
public struct SandboxConfiguration: Sendable {
    /// The address to listen on; loopback unless another machine must reach it.
    public var host: String
    /// The port; 0 picks a free one (read it from ``Sandbox/port``).
    public var port: Int
    /// Where orders are kept; `nil` is ``defaultDataDirectory(environment:)``.
    public var dataDirectory: URL?
    /// Which tokens are accepted.
    public var tokenPolicy: TokenPolicy
    /// Faults injected on purpose.
    public var faults: FaultPlan
    /// Requests per token per window.
    public var rateLimit: RateLimitPolicy
    /// The clock: searches, expiries and bookings are dated by it, so tests can fix "now".
    public var now: @Sendable () -> Date
    /// Where the server logs.
    public var logger: Logger

    /// The token the app uses against its embedded sandbox.
    public static let appToken = "duffel_test_flights_sandbox"
    /// The environment variable that names the data directory.
    public static let dataDirectoryVariable = "FLIGHTS_SANDBOX_DATA_DIR"

    /// Creates a configuration; the defaults are the app's embedded sandbox.
    public init(
        host: String = "127.0.0.1", port: Int = 0, dataDirectory: URL? = nil,
        tokenPolicy: TokenPolicy = .duffelTestTokens, faults: FaultPlan = .none,
        rateLimit: RateLimitPolicy = .standard, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "flights.sandbox")
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.tokenPolicy = tokenPolicy
        self.faults = faults
        self.rateLimit = rateLimit
        self.now = now
        self.logger = logger
    }

    /// Creates a configuration that logs at `logLevel`, in Flights' own terms: a team that quiets the sandbox in its
    /// tests (`logLevel: .quiet`) needs no import of swift-log. The other defaults are the app's embedded sandbox.
    public init(
        host: String = "127.0.0.1", port: Int = 0, dataDirectory: URL? = nil,
        tokenPolicy: TokenPolicy = .duffelTestTokens, faults: FaultPlan = .none,
        rateLimit: RateLimitPolicy = .standard, now: @escaping @Sendable () -> Date = { Date() },
        logLevel: SandboxLogLevel
    ) {
        self.init(
            host: host, port: port, dataDirectory: dataDirectory, tokenPolicy: tokenPolicy, faults: faults,
            rateLimit: rateLimit, now: now, logger: logLevel.logger(label: "flights.sandbox"))
    }

    /// `$FLIGHTS_SANDBOX_DATA_DIR`, else `$XDG_DATA_HOME/flights/sandbox`, else `~/.local/share/flights/sandbox`
    /// (on macOS `~/Library/Application Support/Flights/sandbox`).
    public static func defaultDataDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let explicit = environment[dataDirectoryVariable], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Application Support/Flights/sandbox", isDirectory: true)
        #else
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("flights/sandbox", isDirectory: true)
        }
        return home.appendingPathComponent(".local/share/flights/sandbox", isDirectory: true)
        #endif
    }

    /// The data directory this configuration resolves to.
    public var resolvedDataDirectory: URL { dataDirectory ?? SandboxConfiguration.defaultDataDirectory() }

    func validated() throws(SandboxError) -> SandboxConfiguration {
        guard (0...65_535).contains(port) else { throw .invalidConfiguration("the port must be 0 to 65535, not \(port)") }
        guard rateLimit.limit > 0, rateLimit.window > .zero else {
            throw .invalidConfiguration("the rate limit needs a positive number of requests and a positive window")
        }
        if let status = faults.errorStatus, !(400...599).contains(status) {
            throw .invalidConfiguration("an injected error status must be 400 to 599, not \(status)")
        }
        return self
    }
}

/// How much a sandbox says about what it serves, in Flights' own terms.
public enum SandboxLogLevel: String, Sendable, CaseIterable {
    /// Nothing at all.
    case quiet
    /// Only what went wrong on the sandbox's side (a store that cannot be written, a request it could not answer).
    case errors
    /// What went wrong, and warnings from the libraries it runs on (the sandbox itself writes none of its own).
    case warnings
    /// Besides, where it listens once started: the default.
    case info
    /// Everything, one line per request included.
    case debug

    /// A logger that says this much, labelled `label`.
    public func logger(label: String) -> Logger {
        guard let level = level else { return Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }

    private var level: Logger.Level? {
        switch self {
        case .quiet: nil
        case .errors: .error
        case .warnings: .warning
        case .info: .info
        case .debug: .debug
        }
    }
}
