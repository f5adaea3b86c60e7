import Entities
import Foundation
import Testing

// The fault matrix: every fault the embedded sandbox can inject (`FLIGHTS_SANDBOX_FAULTS`), scoped with `on=` to
// one remote step, so the steps before it succeed. What a cell checks is in `FaultMatrixTests`.

/// A fault the sandbox injects, and whether the server has done the work when it strikes.
enum InjectedFault: Sendable, Hashable, CustomTestStringConvertible {
    /// This status in Duffel's error envelope, instead of handling the request (no `Retry-After`: the fault plan
    /// cannot send one; a 429 carries the rate window's `ratelimit-reset`, about a minute ahead).
    case status(Int)
    /// A 200 whose body is not JSON, after the request was handled.
    case malformed
    /// Half the body, then the connection closes, after the request was handled.
    case truncated
    /// The connection closes with no answer, before the request is handled.
    case drop
    /// The request is handled, and the answer comes after the client has given up.
    case late

    static let all: [InjectedFault] = [
        .status(500), .status(502), .status(503), .status(504), .status(429), .malformed, .truncated, .drop, .late,
    ]

    /// Whether the sandbox handled the request (booked, cancelled, paid) before the fault struck.
    var serverActed: Bool {
        switch self {
        case .malformed, .truncated, .late: true
        case .status, .drop: false
        }
    }

    var testDescription: String {
        switch self {
        case .status(let code): "error \(code)"
        case .malformed: "malformed body"
        case .truncated: "truncated body"
        case .drop: "dropped connection"
        case .late: "late answer"
        }
    }

    /// What the app says happened, and what it says to do (whitespace collapsed), when this fault ends a step.
    var phrases: [String] {
        switch self {
        case .status(429): ["Too many requests", "Wait about"]
        case .status(let code): ["answered \(code)", "Try again in a moment"]
        case .malformed: ["could not be read", "Try again"]
        case .truncated, .drop: ["connection to the flight service failed", "Check the connection and try again"]
        case .late: ["did not answer in time", "Check the connection and try again"]
        }
    }
}

/// A remote step, the command that reaches it, and the requests a fault on it is scoped to.
enum RemoteStep: String, Sendable, Hashable, CaseIterable, CustomTestStringConvertible {
    case places, search, offerList, offer, book, list, booking, cancelQuote, cancelConfirm, pay

    var testDescription: String {
        switch self {
        case .places: "places (GET /places/suggestions)"
        case .search: "search (POST /air/batch_offer_requests)"
        case .offerList: "search's offers (GET /air/batch_offer_requests/{id}, and GET /air/offers after it)"
        case .offer: "offer re-check at book (GET /air/offers/{id})"
        case .book: "book (POST /air/orders)"
        case .list: "bookings, checking a pending one (GET /air/orders)"
        case .booking: "booking REF (GET /air/orders/{id})"
        case .cancelQuote: "cancel's quote (POST /air/order_cancellations)"
        case .cancelConfirm: "cancel's confirmation (POST /air/order_cancellations/{id}/actions/confirm)"
        case .pay: "pay a hold (POST /air/payments)"
        }
    }

    /// The `on=` of the fault plan: a method and a path prefix.
    var scope: String {
        switch self {
        case .places: "GET:/places/suggestions"
        case .search: "POST:/air/batch_offer_requests"
        // Every read of the search's offers: the batches, and the listing that recovers them when a batch fails.
        case .offerList: "GET:/air/"
        case .offer: "GET:/air/offers/"
        case .book: "POST:/air/orders"
        case .list: "GET:/air/orders"
        case .booking: "GET:/air/orders/"
        // The quote's path is a prefix of the confirmation's; the confirmation never comes without a quote.
        case .cancelQuote: "POST:/air/order_cancellations"
        case .cancelConfirm: "POST:/air/order_cancellations/"
        case .pay: "POST:/air/payments"
        }
    }
}

/// One cell of the matrix: a fault on a step.
struct FaultCell: Sendable, CustomTestStringConvertible {
    let step: RemoteStep
    let fault: InjectedFault

    var testDescription: String { "\(fault.testDescription) on \(step.testDescription)" }

    static func cells(_ steps: [RemoteStep]) -> [FaultCell] {
        steps.flatMap { step in InjectedFault.all.map { FaultCell(step: step, fault: $0) } }
    }

    /// The environment of the faulted command: the fault on the step's requests only, and for a late answer a
    /// client timeout short enough to lose it (see `FaultMatrix.requestTimeout`).
    var environment: [String: String] {
        var environment = ["FLIGHTS_SANDBOX_FAULTS": "\(faultTerm),on=\(step.scope)"]
        if fault == .late { environment["FLIGHTS_REQUEST_TIMEOUT"] = String(FaultMatrix.requestTimeout) }
        return environment
    }

    private var faultTerm: String {
        switch fault {
        case .status(let code): "error=\(code)"
        case .malformed: "malformed"
        case .truncated: "truncated"
        case .drop: "drop"
        case .late:
            // A search, and a read of its batches (a long poll), are given the airlines' 20 s on top of the request
            // timeout.
            "late=\(FaultMatrix.requestTimeout + FaultMatrix.lateMargin + ([.search, .offerList].contains(step) ? 20 : 0))s"
        }
    }
}

/// What the cells share: the offers to book, a limit on cells in flight, and reading what the app said.
enum FaultMatrix {
    /// The client's timeout in the late-answer cells, seconds. The faulted command's other requests are small (a
    /// place, one order, a quote: under a second, several on two cores busy with the whole suite), so only the
    /// late one times out.
    static let requestTimeout = 8
    /// How long after the client gives up the late answer comes, seconds: the recovery's reads (at once, then after
    /// 1, 2 and 4 s) all happen while the answer is still on its way. The app's embedded sandbox finishes that
    /// answer before the process ends, so a late cell takes about timeout + margin.
    static let lateMargin = 12

    /// One offer per kind, searched once for the whole matrix: offer ids carry their search, so any data directory
    /// books them (each its own order).
    struct Offers: Sendable {
        /// LHR → JFK, booked and paid at once.
        let instant: String
        /// JFK → EWR, hold only.
        let hold: String
    }

    static let offers = Task<Offers, any Error> {
        try await FlightsApp.withFreshData { app in
            Offers(
                instant: try await BookCommandTests.offerID(app, from: "LHR", to: "JFK"),
                hold: try await BookCommandTests.offerID(app, from: "JFK", to: "EWR"))
        }
    }

    /// At most this many cells run at once: each starts several processes, each with a sandbox of its own, and the
    /// late-answer cells' timing needs a machine that is not starved.
    static let slots = Slots(width: 6)

    /// Standard output and error, each run of white space made one space: the terminal view wraps long lines.
    static func said(_ run: Run) -> String {
        (run.output + "\n" + run.errors).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Books the LHR → JFK offer (or, with `hold`, holds the JFK → EWR one) in this data directory, without faults.
    static func book(_ app: FlightsApp, hold: Bool = false) async throws -> Order {
        let offers = try await offers.value
        let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
        let run = try await app.run(
            ["book", hold ? offers.hold : offers.instant, "--passengers", passengers.path, "--yes", "--json"]
                + (hold ? ["--hold"] : []))
        try #require(run.status == 0, "the booking before the faulted step failed:\n\(run)")
        return try DuffelJSON.decoder().decode(Order.self, from: Data(run.output.utf8))
    }

    /// The bookings this data directory keeps (`flights bookings --json`, which also checks pending ones).
    static func records(_ app: FlightsApp) async throws -> [BookingRecord] {
        let run = try await app.run(["bookings", "--json"])
        try #require(run.status == 0, "\(run)")
        return try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(run.output.utf8))
    }

    /// Runs `flights arguments…` under `cell`'s fault with the debug log on, and gives the run without its log
    /// lines and how many times the client sent `method` to a path ending in `pathSuffix` (the log has one line per
    /// attempt, answered or not: how to tell that a change was sent once).
    static func runCounting(
        _ method: String, _ pathSuffix: String, _ app: FlightsApp, _ arguments: [String], _ cell: FaultCell
    ) async throws -> (run: Run, attempts: Int) {
        var environment = cell.environment
        environment["FLIGHTS_LOG_LEVEL"] = "debug"
        let logged = try await app.run(arguments, environment: environment)
        let lines = logged.errors.components(separatedBy: "\n")
        let attempts = lines.filter { line in
            guard line.contains("[CurlHTTP] \(method) "), let arrow = line.range(of: " -> ") else { return false }
            return line[..<arrow.lowerBound].hasSuffix(pathSuffix)
        }.count
        let logLine = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/
        let errors = lines.filter { (try? logLine.prefixMatch(in: $0)) == nil }.joined(separator: "\n")
        return (Run(command: logged.command, status: logged.status, output: logged.output, errors: errors), attempts)
    }

    /// The process ended by itself, with an exit code of the app's, not a signal or a runtime trap.
    static func expectNoCrash(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect([0, 1, 2, 64, 69, 73, 74].contains(run.status), "not one of the app's exit codes:\n\(run)",
                sourceLocation: sourceLocation)
        for trap in ["Fatal error", "Crash", "Segmentation fault", "Illegal instruction", "Stack dump"] {
            #expect(!run.errors.contains(trap), "\(trap):\n\(run)", sourceLocation: sourceLocation)
        }
    }
}

extension FaultMatrix {
    /// A counting semaphore for tasks: at most `width` bodies run at once, the rest wait their turn in order.
    actor Slots {
        private let width: Int
        private var running = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(width: Int) { self.width = max(width, 1) }

        func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
            await acquire()
            do {
                let value = try await body()
                release()
                return value
            } catch {
                release()
                throw error
            }
        }

        private func acquire() async {
            if running < width {
                running += 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        private func release() {
            if waiting.isEmpty {
                running -= 1
            } else {
                // The slot passes straight to the next waiter.
                waiting.removeFirst().resume()
            }
        }
    }
}
