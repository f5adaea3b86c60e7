import ArgumentParser
import FlightBookings
import FlightWatches
import Foundation
import LocalStore
import Logging
import ModuleCore
import Services
import TerminalUI

/// `flights`: with no arguments, the interactive booking flow on the embedded sandbox.
@main
struct Flights: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flights",
        abstract: "Search, compare, book and cancel flights from the terminal.",
        discussion: """
        With no command, Flights opens the interactive flow: search, offers, summary, booking, bookings.

        Backend: by default an embedded sandbox that speaks Duffel API v2 with offline test data (no token, \
        nothing to set up; bookings are kept in your data directory). To use another Duffel-v2 API, give \
        --api URL (or FLIGHTS_API_URL) and DUFFEL_ACCESS_TOKEN.

        Exit codes: 0 done, 1 nothing found, 2 confirmation needed (add --yes), 3 a watch went under its price \
        (flights watch check), 64 bad input, \
        69 the backend failed (unreachable, timed out, refused), 73 the bookings file could not be written first \
        (nothing was sent), 74 the output could not be written (what was done is kept), 130 left with Ctrl-C.

        A bug report is a file: `flights --record session.jsonl` records the session (personal data redacted) and \
        `flights replay session.jsonl` runs it again with no network, showing the screens.
        """,
        subcommands: [
            Start.self, PlacesCommand.self, SearchCommand.self, SeatsCommand.self, BookCommand.self, BookingsCommand.self,
            BookingCommand.self, CancelCommand.self, PayCommand.self, ChangeCommand.self, AddBagsCommand.self,
            WatchCommand.self, WatchesCommand.self, MCPCommand.self, ReplayCommand.self,
        ],
        defaultSubcommand: Start.self
    )

    /// The longest argument read, in bytes: a path can be 4096.
    static let maxArgumentLength = 4_096

    /// Runs the command the arguments name. What the parser says of bad arguments echoes them, so it is written with
    /// any control sequence in them shown visibly (`flights "$(printf '\e]0;x\a')"` cannot set the window title).
    static func main() async {
        // No place, date, path or reference is this long: refused before anything is sent, and not echoed whole.
        if let long = CommandLine.arguments.dropFirst().first(where: { $0.utf8.count > maxArgumentLength }) {
            let start = UntrustedText.visible(String(long.prefix(40)))
            FileHandle.standardError.write(Data(
                "flights: an argument of \(long.utf8.count) bytes (\"\(start)…\") is too long; at most \(maxArgumentLength) are read. Nothing was done.\n".utf8))
            Foundation.exit(FlowOutcome.badInput.exitCode)
        }
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let text = Data((UntrustedText.visible(message) + "\n").utf8)
                (code == .success ? FileHandle.standardOutput : FileHandle.standardError).write(text)
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// Options every command shares: which backend to talk to, and whether to record the session.
struct BackendOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A Duffel-v2 API to use instead of the embedded sandbox (also FLIGHTS_API_URL); needs DUFFEL_ACCESS_TOKEN.",
        valueName: "url"))
    var api: String?

    @Option(name: .long, help: ArgumentHelp(
        "Record every step of every screen, with the answers received, to this file as JSON lines (also FLIGHTS_RECORD); names, emails, phones, birth dates and documents are redacted. Replay it with `flights replay FILE`.",
        valueName: "file"))
    var record: String?
}

/// The interactive flow.
struct Start: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Open the interactive flow (the default).")

    @OptionGroup var backend: BackendOptions

    @Flag(name: .long, help: "Open the bookings list instead of a new search.")
    var bookings = false

    @Flag(name: .long, help: "Open the price watches: each one's history drawn, to check it, search it again or remove it.")
    var watches = false

    func validate() throws {
        if bookings, watches { throw ValidationError("Open one: --bookings or --watches.") }
    }

    func run() async throws {
        let code = await AppRuntime.run(backend, showsBanner: true) { flow in
            if watches {
                flow.startWatches(FlightWatchesInput())
            } else if bookings {
                flow.startBookings(FlightBookingsInput(request: .list))
            } else {
                flow.startSearch()
            }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// Starts a backend and the terminal, runs a flow until it ends, and gives its exit code.
@MainActor
enum AppRuntime {
    static func run(
        _ options: BackendOptions, showsBanner: Bool,
        start: @MainActor (BookingFlow) -> Void
    ) async -> Int32 {
        bootstrapLogging()
        let terminal = SystemTerminal()
        defer { terminal.close() }
        let environment = ProcessInfo.processInfo.environment
        let screens = FlowTerminal(terminal)
        let backend: Backend
        let recorder: SessionRecorder?
        switch await startBackend(options, on: terminal, rateLimitWaits: { wait in Task { @MainActor in screens.rateLimited(wait) } }) {
        case .running(let started, let recording): (backend, recorder) = (started, recording)
        case .failed(let code): return code
        }
        if showsBanner {
            terminal.display(Notice(.info, "Flights — \(backend.description)"))
        }
        let navigator = Navigator()
        let modules = ModuleFactory(
            terminal: screens, services: backend.services, bookings: FileBookingStore.standard(environment: environment),
            recorder: recorder, watches: SQLiteWatchStore.standard(environment: environment))
        let flow = BookingFlow(navigator: navigator, modules: modules)
        start(flow)
        let exit = await navigator.run()
        await backend.stop()
        if exit == .interrupted { return 130 }
        if let failure = terminal.outputFailure {
            // What was done stays done (a booking is kept); the output that says so was lost, and the exit says it.
            terminal.writeDiagnostic("flights: standard output could not be written (\(failure)); what was done is kept, but its output is lost. Run `flights bookings` to see the bookings.\n")
            return 74
        }
        return flow.outcome?.exitCode ?? 0
    }

    /// How starting a backend went: running (with the recorder `--record` asks for), or the exit code to give, the
    /// reason said on standard error.
    enum Start {
        case running(Backend, SessionRecorder?)
        case failed(Int32)
    }

    /// Starts the backend `options` choose (the embedded sandbox unless `--api` or the environment names one) and the
    /// recorder they ask for; a bad choice is exit 64, a backend that cannot start 69.
    static func startBackend(
        _ options: BackendOptions, on terminal: SystemTerminal,
        rateLimitWaits: @escaping @Sendable (RateLimitWait) -> Void
    ) async -> Start {
        let environment = ProcessInfo.processInfo.environment
        let choice: BackendChoice
        let recorder: SessionRecorder?
        do {
            choice = try BackendChoice.resolve(apiFlag: options.api, environment: environment)
            recorder = try SessionRecording.recorder(flag: options.record, environment: environment, terminal: terminal)
        } catch {
            terminal.writeDiagnostic("flights: \(error)\n")
            return .failed(FlowOutcome.badInput.exitCode)
        }
        if let warning = choice.warning { terminal.writeDiagnostic("flights: \(warning)\n") }
        do {
            return .running(
                try await Backend.start(
                    choice, environment: environment, logger: Logger(label: "flights"), rateLimitWaits: rateLimitWaits),
                recorder)
        } catch {
            terminal.writeDiagnostic("flights: \(error)\n")
            return .failed(FlowOutcome.backendError("").exitCode)
        }
    }

    private static var loggingReady = false

    /// Logs go to standard error, quiet (`fallback`) unless `FLIGHTS_LOG_LEVEL` asks (`debug`, `info`, …), so they
    /// never mix with the screens (or, for `flights mcp`, with the protocol on standard output).
    static func bootstrapLogging(default fallback: Logger.Level = .critical) {
        guard !loggingReady else { return }
        loggingReady = true
        let level = ProcessInfo.processInfo.environment["FLIGHTS_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? fallback
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
