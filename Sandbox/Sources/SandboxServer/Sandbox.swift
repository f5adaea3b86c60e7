public import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A running sandbox: a local server that speaks the Duffel API v2 format, with deterministic offers, Duffel's
/// test-mode scenarios, and orders kept in a data directory.
///
/// ```swift
/// let sandbox = try await Sandbox.start(SandboxConfiguration(dataDirectory: directory))
/// // talk to sandbox.baseURL with Authorization: Bearer duffel_test_… and Duffel-Version: v2
/// await sandbox.stop()
/// ```
public final class Sandbox: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    /// The port it listens on (the one picked when the configuration said 0).
    public let port: Int
    /// Where its orders are kept.
    public let dataDirectory: URL

    private let serviceGroup: ServiceGroup
    private let runTask: Task<Void, Never>

    private init(baseURL: URL, port: Int, dataDirectory: URL, serviceGroup: ServiceGroup, runTask: Task<Void, Never>) {
        self.baseURL = baseURL
        self.port = port
        self.dataDirectory = dataDirectory
        self.serviceGroup = serviceGroup
        self.runTask = runTask
    }

    /// Opens the store in the data directory and starts listening; returns once requests can be made.
    public static func start(_ configuration: SandboxConfiguration = SandboxConfiguration()) async throws(SandboxError) -> Sandbox {
        let configuration = try configuration.validated()
        let directory = configuration.resolvedDataDirectory
        // Loading the airports (from their prebuilt index) is a large part of the start-up: on another core, while the
        // store opens and the server binds, and finished before `start` returns, so that no client's time limit runs
        // while a first request waits for it (a debug build on a busy machine takes a second or more).
        let worldLoaded = WorldMap.shared.warmUp()
        let store = try SandboxStore(directory: directory)
        let api = SandboxAPI(world: WorldMap.shared, store: store, now: configuration.now)
        let router = SandboxResponder.router(
            api: api, tokenPolicy: configuration.tokenPolicy, limiter: RateLimiter(policy: configuration.rateLimit),
            faults: FaultInjector(plan: configuration.faults), logger: configuration.logger)

        let startup = StartupSignal()
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "flights-sandbox"),
            onServerRunning: { channel in startup.listening(port: channel.localAddress?.port) },
            logger: configuration.logger)
        let serviceGroup = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: [], logger: configuration.logger))
        let runTask = Task {
            do {
                try await serviceGroup.run()
                startup.stopped(reason: "the server stopped before it listened")
            } catch {
                startup.stopped(reason: "\(error)")
            }
        }
        let port: Int
        do {
            port = try await startup.port()
        } catch {
            await serviceGroup.triggerGracefulShutdown()
            await runTask.value
            throw .cannotListen(host: configuration.host, port: configuration.port, reason: error.reason)
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        guard let baseURL = URL(string: "http://\(host):\(port)") else {
            await serviceGroup.triggerGracefulShutdown()
            await runTask.value
            throw .invalidConfiguration("\(configuration.host) cannot be written in a URL")
        }
        await worldLoaded.value
        configuration.logger.info("sandbox listening", metadata: ["url": "\(baseURL)", "data": "\(directory.path)"])
        return Sandbox(baseURL: baseURL, port: port, dataDirectory: directory, serviceGroup: serviceGroup, runTask: runTask)
    }

    /// Stops listening, lets requests in flight finish, and returns once the server has stopped.
    public func stop() async {
        await serviceGroup.triggerGracefulShutdown()
        await runTask.value
    }
}

/// Hands the listening port from Hummingbird's callback to `start`, or the reason it never came.
private final class StartupSignal: Sendable {
    struct Failure: Error { var reason: String }

    private enum State {
        case waiting(CheckedContinuation<Int, any Error>?)
        case listening(Int)
        case failed(String)
    }

    private let state = Mutex<State>(.waiting(nil))

    func listening(port: Int?) {
        resolve(port.map { .success($0) } ?? .failure(Failure(reason: "the listening socket has no port")))
    }

    func stopped(reason: String) {
        resolve(.failure(Failure(reason: reason)))
    }

    func port() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Int, Failure>? = state.withLock { state in
                switch state {
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                case .listening(let port): return .success(port)
                case .failed(let reason): return .failure(Failure(reason: reason))
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    private func resolve(_ result: Result<Int, Failure>) {
        let waiting: CheckedContinuation<Int, any Error>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            switch result {
            case .success(let port): state = .listening(port)
            case .failure(let failure): state = .failed(failure.reason)
            }
            return continuation
        }
        waiting?.resume(with: result.mapError { $0 as any Error })
    }
}

extension Error {
    fileprivate var reason: String {
        (self as? StartupSignal.Failure)?.reason ?? "\(self)"
    }
}
