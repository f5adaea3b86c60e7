import CurlHTTP
import DuffelServices
import Foundation
import Logging
import SandboxServer
import Services

/// Where flights come from: the embedded sandbox (the default, offline, no token) or any Duffel-v2 API.
struct BackendChoice: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case embeddedSandbox
        case api(URL)
    }

    var kind: Kind
    var token: String?
    /// How long one request may take (not a search's supplier time, which is added to it).
    var requestTimeout: Duration = .seconds(30)
    /// How far the app's clock is set from the machine's (`FLIGHTS_NOW`), in seconds; zero unless a test sets it.
    var clockOffset: TimeInterval = 0

    /// The app's clock: the machine's, moved by `FLIGHTS_NOW` when that is set.
    var now: @Sendable () -> Date {
        let offset = clockOffset
        return { Date().addingTimeInterval(offset) }
    }

    /// The app's clock set to `text` (`FLIGHTS_NOW`, an instant like 2026-12-01T09:00:00Z) at start, running on from
    /// there: for tests of what depends on the day (prices that move, a watch checked on later days). Unset, the
    /// machine's clock; anything else is refused in words.
    static func clockOffset(_ text: String?, machine: Date = Date()) throws(BackendError) -> TimeInterval {
        guard let text, !text.isEmpty else { return 0 }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let instant = formatter.date(from: text) else {
            throw .invalidSetting(name: "FLIGHTS_NOW", value: text, expected: "an instant like 2026-12-01T09:00:00Z")
        }
        return instant.timeIntervalSince(machine)
    }

    /// How long one request may take: `FLIGHTS_REQUEST_TIMEOUT` seconds (a number from 0.1 to 3600), 30 s when it is
    /// not set; anything else is refused in words rather than quietly replaced.
    static func requestTimeout(_ text: String?) throws(BackendError) -> Duration {
        guard let text, !text.isEmpty else { return .seconds(30) }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.1, seconds <= 3_600 else {
            throw .invalidSetting(
                name: "FLIGHTS_REQUEST_TIMEOUT", value: text, expected: "a number of seconds from 0.1 to 3600, like 30")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// `--api` wins over `FLIGHTS_API_URL`; the token comes from `DUFFEL_ACCESS_TOKEN`. An address never carries
    /// credentials, and a live token never goes to another machine over plain HTTP.
    static func resolve(apiFlag: String?, environment: [String: String]) throws(BackendError) -> BackendChoice {
        let text = apiFlag ?? environment["FLIGHTS_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let token = environment["DUFFEL_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let timeout = try requestTimeout(environment["FLIGHTS_REQUEST_TIMEOUT"])
        let offset = try clockOffset(environment["FLIGHTS_NOW"])
        guard let text else {
            return BackendChoice(kind: .embeddedSandbox, token: token, requestTimeout: timeout, clockOffset: offset)
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw .invalidURL(BackendError.withoutCredentials(text))
        }
        if url.user != nil || url.password != nil { throw .credentialsInURL(BackendError.withoutCredentials(text)) }
        // The clock is moved for tests of the embedded sandbox; against a real API it would misjudge real days.
        if offset != 0 {
            throw .invalidSetting(
                name: "FLIGHTS_NOW", value: environment["FLIGHTS_NOW"] ?? "",
                expected: "left unset with --api (it moves the clock of the embedded sandbox, for tests)")
        }
        if let port = url.port, !(1...65_535).contains(port) { throw .invalidPort(url.absoluteString, port) }
        guard let token else { throw .missingToken(url) }
        if scheme == "http", !isLoopback(url.host ?? ""), token.hasPrefix("duffel_live_") {
            throw .liveTokenOverHTTP(url)
        }
        return BackendChoice(kind: .api(url), token: token, requestTimeout: timeout, clockOffset: offset)
    }

    /// A warning to show before using this backend, if there is one: a test token sent in clear text.
    var warning: String? {
        guard case .api(let url) = kind, url.scheme?.lowercased() == "http", !Self.isLoopback(url.host ?? "") else {
            return nil
        }
        return "\(url.absoluteString) is plain HTTP on another machine: the access token travels unencrypted. Use https."
    }

    /// Whether `host` is this machine, decided from an IP literal (IPv4 127.0.0.0/8, IPv6 ::1 or an IPv4-mapped
    /// 127 address), never from a name's text: `127.evil.test` is a name, and resolves wherever its owner likes.
    /// The one name taken is `localhost`, which libcurl answers with the loopback address itself, never asking DNS.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, literal, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }  // ::1
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
    }
}

/// Why a backend cannot be used.
enum BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case credentialsInURL(String)
    case invalidPort(String, Int)
    case missingToken(URL)
    case liveTokenOverHTTP(URL)
    case invalidSetting(name: String, value: String, expected: String)
    case sandboxFailed(String)

    var description: String {
        switch self {
        case .invalidURL(let text):
            "\"\(text)\" is not an http(s) address. Give the API's root, like https://api.duffel.com."
        case .credentialsInURL(let text):
            "\"\(text)\" carries a user name or password; give the API's address alone and the token in DUFFEL_ACCESS_TOKEN."
        case .invalidPort(let text, let port):
            "\"\(text)\" names port \(port); a port is a number from 1 to 65535 (https uses 443 when none is given)."
        case .missingToken(let url):
            "\(url.absoluteString) needs an access token: set DUFFEL_ACCESS_TOKEN (test tokens start with duffel_test_)."
        case .liveTokenOverHTTP(let url):
            "\(url.absoluteString) is plain HTTP on another machine, and a live token must not travel unencrypted; use https."
        case .invalidSetting(let name, let value, let expected):
            "\(name) is \(String(reflecting: String(value.prefix(40)))); it must be \(expected)."
        case .sandboxFailed(let reason):
            "The embedded sandbox could not start: \(reason)"
        }
    }

    /// `text` with any `user:password@` taken out, so a message never prints a credential.
    static func withoutCredentials(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") else { return text }
        let authorityEnd = text[scheme.upperBound...].firstIndex(where: { "/?#".contains($0) }) ?? text.endIndex
        guard at < authorityEnd else { return text }
        return String(text[..<scheme.upperBound]) + "…@" + String(text[text.index(after: at)...])
    }
}

/// A running backend: its services, a line that says what it is, and a way to stop it.
final class Backend: Sendable {
    /// Its services, under the name bookings are kept under, for every flow.
    let services: FlowServices
    /// What the banner says: `embedded sandbox (offline test data)` or the API's address.
    let description: String
    /// The name bookings are kept under (`sandbox`, or the API's host).
    let name: String
    private let client: HTTPClient
    private let sandbox: Sandbox?

    private init(
        client: HTTPClient, duffel: DuffelClient, description: String, name: String, sandbox: Sandbox?,
        now: @escaping @Sendable () -> Date
    ) {
        self.client = client
        self.services = FlowServices(
            places: duffel.placeService, offers: duffel.offerService, offerBatches: duffel.offerService,
            orders: duffel.orderService,
            extras: duffel.extrasService, changes: duffel.orderChangeService,
            airlineChanges: duffel.airlineChangeService, orderExtras: duffel.orderExtrasService, name: name, now: now)
        self.description = description
        self.name = name
        self.sandbox = sandbox
    }

    /// Starts the chosen backend: for the sandbox, an in-process server on 127.0.0.1 with an ephemeral port.
    static func start(
        _ choice: BackendChoice, environment: [String: String], logger: Logger,
        rateLimitWaits: (@Sendable (RateLimitWait) -> Void)? = nil
    ) async throws(BackendError) -> Backend {
        let requestTimeout = choice.requestTimeout
        let client: HTTPClient
        do {
            client = try HTTPClient(configuration: HTTPClientConfiguration(logger: logger))
        } catch {
            throw .sandboxFailed("the HTTP client could not start: \(error)")
        }
        switch choice.kind {
        case .embeddedSandbox:
            let sandbox: Sandbox
            do {
                var configuration = SandboxConfiguration()
                configuration.logger = logger
                configuration.now = choice.now
                // Orders sit beside the bookings unless the sandbox's own variable says otherwise, so one
                // FLIGHTS_DATA_DIR keeps a whole run (a test's, say) apart from the traveller's.
                if environment[SandboxConfiguration.dataDirectoryVariable] == nil,
                   let data = environment["FLIGHTS_DATA_DIR"], !data.isEmpty {
                    configuration.dataDirectory = URL(fileURLWithPath: data, isDirectory: true)
                        .appendingPathComponent("sandbox", isDirectory: true)
                }
                // Faults for tests of the app itself: slow, failing or lost answers from the embedded sandbox.
                if let faults = environment[FaultPlan.environmentVariable] {
                    configuration.faults = try FaultPlan(parsing: faults)
                }
                sandbox = try await Sandbox.start(configuration)
            } catch {
                await client.shutdown()
                throw .sandboxFailed("\(error)")
            }
            let duffel = DuffelClient(
                configuration: DuffelConfiguration(
                    baseURL: sandbox.baseURL, accessToken: SandboxConfiguration.appToken, requestTimeout: requestTimeout),
                transport: client, logger: logger, rateLimitWaits: rateLimitWaits)
            return Backend(
                client: client, duffel: duffel,
                description: "embedded sandbox (offline test data, no token) on \(sandbox.baseURL.absoluteString)",
                name: "sandbox", sandbox: sandbox, now: choice.now)
        case .api(let url):
            let token = choice.token ?? ""
            let duffel = DuffelClient(
                configuration: DuffelConfiguration(baseURL: url, accessToken: token, requestTimeout: requestTimeout),
                transport: client, logger: logger, rateLimitWaits: rateLimitWaits)
            let mode = token.hasPrefix("duffel_test_") ? "test mode" : (token.hasPrefix("duffel_live_") ? "LIVE mode: real bookings, real money" : "token given")
            return Backend(
                client: client, duffel: duffel, description: "\(url.absoluteString) (\(mode))",
                name: url.host ?? url.absoluteString, sandbox: nil, now: choice.now)
        }
    }

    /// Stops the sandbox and the HTTP client.
    func stop() async {
        await sandbox?.stop()
        await client.shutdown()
    }
}
