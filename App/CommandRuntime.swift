import Entities
import Foundation
import LocalStore
import Logging
import ModuleCore
import Services
import TerminalUI
import Trips

/// What a one-shot command (`flights search`, `flights places`, …) runs with: the trip's core over the backend
/// chosen, and a writer that keeps standard output for the command's result (tables, JSON) and says everything
/// meant for a person (progress, problems) on standard error. A command is a face over the core: it asks a use case
/// and prints its typed answer; it runs no screen.
@MainActor
struct CommandContext {
    let terminal: any Terminal
    let writer: ScreenWriter
    let backend: FlowServices
    let trip: TripServices

    /// Today where the traveller is.
    var today: CalendarDate { CalendarDate(backend.now(), in: backend.timeZone) }

    /// The width text results are laid out at.
    var columns: Int { terminal.columns }

    /// Writes the command's result on standard output.
    func output(_ text: String) {
        writer.writeOutput(text)
    }

    /// `document` as Duffel's JSON on standard output (`what` names it when it cannot be written: then that is said,
    /// and what was done stays done).
    func output(_ document: some Encodable, naming what: String) {
        do throws(ServiceError) {
            output(try CommandJSON.text(document, naming: what))
        } catch {
            failure(error)
        }
    }

    /// Says that slow work is under way, on standard error.
    func progress(_ message: String) {
        writer.show(.progress(message))
    }

    /// The search `query` means today (its places looked up by the core), or the outcome a command ends with, its
    /// problems said: 64 the query makes no search, 69 the places could not be looked up.
    func request(for query: TripQuery) async -> Result<SearchRequest, FlowOutcome> {
        switch await SearchFlights(trip).request(for: query, today: today) {
        case .success(let made):
            return .success(made)
        case .failure(.invalidInput(let said)):
            problems(said)
            return .failure(.badInput)
        case .failure(.service(let error)):
            problems(["The places could not be looked up. \(error.description)"])
            return .failure(.backendError(error.description))
        }
    }

    /// Says what went wrong and, when known, what to do, on standard error.
    func problem(_ message: String, suggestion: String? = nil) {
        writer.show(.error(message, suggestion: suggestion))
    }

    /// Blocks for a person (a seat map, a change): on standard output, styled on a terminal and plain in a pipe; on
    /// standard error when standard output carries data (`--json`).
    func show(_ blocks: [ScreenBlock]) {
        ScreenPainter(terminal: terminal, outputIsForPrograms: writer.outputIsForPrograms).show(blocks)
    }

    /// Says each problem as an error (`✗ …`), on standard error.
    func problems(_ messages: [String]) {
        for message in messages { writer.show(.error(message, suggestion: nil)) }
    }

    /// Says what a failed call to the flight service was, its further problems and what to do, on standard error.
    func failure(_ error: ServiceError) {
        writer.show(Notice(.error, UntrustedText.visible(error.message)))
        for detail in error.apiError?.errors.dropFirst().map(\.description) ?? [] {
            writer.show(Paragraph(UntrustedText.visible(detail), indent: 2))
        }
        if !error.suggestion.isEmpty { writer.show(Paragraph(UntrustedText.visible(error.suggestion), indent: 2)) }
    }
}

/// Starts the backend for a one-shot command, runs it, and gives its exit code.
@MainActor
enum CommandRuntime {
    /// Runs `command` on the backend `options` choose. With `forPrograms` (the default: a table or JSON is data),
    /// everything meant for a person goes to standard error; without it (a command that talks to a person, as a
    /// screen does: `flights change` without `--json`), to standard output, with the result.
    static func run(
        _ options: BackendOptions, forPrograms: Bool = true, _ command: @MainActor (CommandContext) async -> FlowOutcome
    ) async -> Int32 {
        AppRuntime.bootstrapLogging()
        let terminal = SystemTerminal()
        defer { terminal.close() }
        let environment = ProcessInfo.processInfo.environment
        // A command runs no screen, so a recording it asks for holds no step; its path is still checked.
        let started: Backend
        switch await AppRuntime.startBackend(options, on: terminal, rateLimitWaits: { wait in
            let seconds = max(1, Int(wait.until.timeIntervalSinceNow.rounded(.up)))
            let line = "flights: the flight service is rate-limiting requests; waiting \(seconds) s and sending \(wait.method) \(wait.path) again.\n"
            Task { @MainActor in terminal.writeDiagnostic(line) }
        }) {
        case .running(let backend, _): started = backend
        case .failed(let code): return code
        }
        let context = CommandContext(
            terminal: terminal, writer: ScreenWriter(terminal: terminal, outputIsForPrograms: forPrograms),
            backend: started.services,
            trip: TripServices(
                started.services, bookings: FileBookingStore.standard(environment: environment),
                watches: SQLiteWatchStore.standard(environment: environment)))
        let outcome = await command(context)
        context.writer.hideProgress()
        await started.stop()
        if let failure = terminal.outputFailure {
            // What was done stays done (a booking is kept); the output that says so was lost, and the exit says it.
            terminal.writeDiagnostic("flights: standard output could not be written (\(failure)); what was done is kept, but its output is lost. Run `flights bookings` to see the bookings.\n")
            return 74
        }
        return outcome.exitCode
    }
}

extension TripServices {
    /// The core over a started backend's services, its bookings kept in `bookings`; a lost answer is looked up
    /// again after each of `lookupDelays`.
    init(
        _ backend: FlowServices, bookings: any BookingStore, watches: (any WatchStore)? = nil,
        lookupDelays: [Duration] = LostAnswer.lookupDelays
    ) {
        self.init(
            places: backend.places, offers: backend.offers, orders: backend.orders, extras: backend.extras,
            orderExtras: backend.orderExtras, airlineChanges: backend.airlineChanges, changes: backend.changes,
            bookings: bookings, backend: backend.name, now: backend.now, lookupDelays: lookupDelays,
            offerBatches: backend.offerBatches, watches: watches)
    }
}
