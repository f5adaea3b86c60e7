import ArgumentParser
import Foundation
import Logging
import SandboxServer

/// `flights-sandbox`: the sandbox on its own, for other teams' apps and tests.
@main
struct FlightsSandbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flights-sandbox",
        abstract: "A local server that speaks the Duffel API v2 format, with deterministic offers and Duffel's test scenarios.",
        discussion: """
            Requests need `Authorization: Bearer duffel_test_<anything>` and `Duffel-Version: v2`.
            Orders are kept in the data directory, so a restart or a second process sees every booking.
            Faults: --faults "latency=200ms,error=503@0.25,malformed@0.1,truncated@0.1,drop@0.1,seed=7",
            or the FLIGHTS_SANDBOX_FAULTS environment variable, or an x-sandbox-fault header on one request.
            Also late=3s (handled, then answered late), after=429 (handled, then answered with that status),
            times=1 (the first so many requests only) and on=POST:/air/orders (a path prefix; * is one segment).
            """)

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 4_010

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .customLong("data-dir"), help: ArgumentHelp(
        "Where orders are kept (default: $FLIGHTS_SANDBOX_DATA_DIR, else $XDG_DATA_HOME/flights/sandbox, else ~/.local/share/flights/sandbox).",
        valueName: "directory"))
    var dataDirectory: String?

    @Option(help: ArgumentHelp("A fault plan (see above); overrides FLIGHTS_SANDBOX_FAULTS.", valueName: "plan"))
    var faults: String?

    @Option(help: ArgumentHelp("Added latency on every answer, such as 250ms or 1s.", valueName: "duration"))
    var latency: String?

    @Option(name: .customLong("error-status"), help: "Answer with this HTTP status (400–599) on --error-rate of requests.")
    var errorStatus: Int?

    @Option(name: .customLong("error-rate"), help: "The share of requests, 0 to 1, answered with --error-status.")
    var errorRate: Double = 1

    @Option(name: .customLong("malformed-rate"), help: "The share of requests answered with a body that is not JSON.")
    var malformedRate: Double = 0

    @Option(name: .customLong("truncated-rate"), help: "The share of requests whose body stops halfway.")
    var truncatedRate: Double = 0

    @Option(name: .customLong("drop-rate"), help: "The share of requests whose connection closes without an answer.")
    var dropRate: Double = 0

    @Option(help: "Seeds which requests the faults hit, so a run can be repeated.")
    var seed: UInt64?

    @Option(name: .customLong("rate-limit"), help: "Requests allowed per token per minute.")
    var rateLimit: Int = RateLimitPolicy.standard.limit

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        // A plan that cannot be read is bad input like any other (exit 64), not a failure of the sandbox (exit 1).
        var plan = try faultPlan(faults ?? environment[FaultPlan.environmentVariable] ?? "")
        if let latency { plan.latency = try faultPlan("latency=\(latency)").latency }
        if let errorStatus {
            plan.errorStatus = errorStatus
            plan.errorRate = errorRate
        }
        plan.malformedRate = max(plan.malformedRate, malformedRate)
        plan.truncatedRate = max(plan.truncatedRate, truncatedRate)
        plan.dropRate = max(plan.dropRate, dropRate)
        if let seed { plan.seed = seed }
        // Through the initialiser again, which keeps every rate within 0…1.
        plan = FaultPlan(
            latency: plan.latency, errorStatus: plan.errorStatus, errorRate: plan.errorRate,
            malformedRate: plan.malformedRate, truncatedRate: plan.truncatedRate, dropRate: plan.dropRate, seed: plan.seed,
            lateAnswer: plan.lateAnswer, scopeMethod: plan.scopeMethod, scopePath: plan.scopePath)

        // Logs go to standard error, so standard output carries only the lines scripts read.
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "flights.sandbox")
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        logger.logLevel = level

        let configuration = SandboxConfiguration(
            host: host, port: port,
            dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            faults: plan, rateLimit: RateLimitPolicy(limit: rateLimit, window: .seconds(60)), logger: logger)
        try ShutdownSignal.install()
        let sandbox = try await Sandbox.start(configuration)
        // Written unbuffered: scripts wait for this line to know the port is open.
        say("flights-sandbox listening on \(sandbox.baseURL) (data: \(sandbox.dataDirectory.path))")
        if !plan.isEmpty { say("faults: \(plan)") }

        let signal = await ShutdownSignal.next()
        say("flights-sandbox stopping (\(signal))")
        await sandbox.stop()
    }
}

/// The plan `text` describes; one it cannot read is a `ValidationError`, which ArgumentParser ends with exit 64.
private func faultPlan(_ text: String) throws -> FaultPlan {
    do {
        return try FaultPlan(parsing: text)
    } catch {
        throw ValidationError(error.description)
    }
}

private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
