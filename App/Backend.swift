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

    /// How long one request may take: `FLIGHTS_REQUEST_TIMEOUT` seconds (a positive number up to an hour), else 30 s.
    static func requestTimeout(_ text: String?) -> Duration {
        guard let seconds = text.flatMap(Double.init), seconds.isFinite, seconds > 0, seconds <= 3_600 else {
            return .seconds(30)
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// `--api` wins over `FLIGHTS_API_URL`; the token comes from `DUFFEL_ACCESS_TOKEN`.
    static func resolve(apiFlag: String?, environment: [String: String]) throws(BackendError) -> BackendChoice {
        let text = apiFlag ?? environment["FLIGHTS_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let token = environment["DUFFEL_ACCESS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text else { return BackendChoice(kind: .embeddedSandbox, token: token) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else {
            throw .invalidURL(text)
        }
        guard let token else { throw .missingToken(url) }
        return BackendChoice(kind: .api(url), token: token)
    }
}

/// Why a backend cannot be used.
enum BackendError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidURL(String)
    case missingToken(URL)
    case sandboxFailed(String)

    var description: String {
        switch self {
        case .invalidURL(let text):
            "\"\(text)\" is not an http(s) address. Give the API's root, like https://api.duffel.com."
        case .missingToken(let url):
            "\(url.absoluteString) needs an access token: set DUFFEL_ACCESS_TOKEN (test tokens start with duffel_test_)."
        case .sandboxFailed(let reason):
            "The embedded sandbox could not start: \(reason)"
        }
    }
}

/// A running backend: its services, a line that says what it is, and a way to stop it.
final class Backend: Sendable {
    let places: any PlaceService
    let offers: any OfferService
    let orders: any OrderService
    /// What the banner says: `embedded sandbox (offline test data)` or the API's address.
    let description: String
    /// The name bookings are kept under (`sandbox`, or the API's host).
    let name: String
    private let client: HTTPClient
    private let sandbox: Sandbox?

    private init(client: HTTPClient, duffel: DuffelClient, description: String, name: String, sandbox: Sandbox?) {
        self.client = client
        self.places = duffel.placeService
        self.offers = duffel.offerService
        self.orders = duffel.orderService
        self.description = description
        self.name = name
        self.sandbox = sandbox
    }

    /// Starts the chosen backend: for the sandbox, an in-process server on 127.0.0.1 with an ephemeral port.
    static func start(
        _ choice: BackendChoice, environment: [String: String], logger: Logger,
        rateLimitWaits: (@Sendable (RateLimitWait) -> Void)? = nil
    ) async throws(BackendError) -> Backend {
        // How long one request may take (not a search's supplier time, which is added to it).
        let requestTimeout = BackendChoice.requestTimeout(environment["FLIGHTS_REQUEST_TIMEOUT"])
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
                name: "sandbox", sandbox: sandbox)
        case .api(let url):
            let token = choice.token ?? ""
            let duffel = DuffelClient(
                configuration: DuffelConfiguration(baseURL: url, accessToken: token, requestTimeout: requestTimeout),
                transport: client, logger: logger, rateLimitWaits: rateLimitWaits)
            let mode = token.hasPrefix("duffel_test_") ? "test mode" : (token.hasPrefix("duffel_live_") ? "LIVE mode: real bookings, real money" : "token given")
            return Backend(
                client: client, duffel: duffel, description: "\(url.absoluteString) (\(mode))",
                name: url.host ?? url.absoluteString, sandbox: nil)
        }
    }

    /// Stops the sandbox and the HTTP client.
    func stop() async {
        await sandbox?.stop()
        await client.shutdown()
    }
}
