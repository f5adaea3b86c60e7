import ArgumentParser
import Entities
import FlightsMCP
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText
import Trips

// The watch commands are a face over the core's `WatchPrices`: they ask it, print its typed answers with the text the
// screens share (WatchText, PriceChart) or as JSON (WatchReport), and turn them into exit codes.

/// `flights watch …`: add a watch (the default), show one, check them all, remove one, or set a timer.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch a trip's price: add a watch (checked at once), show its history, check every watch, remove one.",
        discussion: """
        A watch is a search kept: `flights watch LHR JFK --depart 18 dec --return +7 --below 400` adds one and checks \
        it at once; `flights watch check` checks every watch (for a timer: `flights watch timer install`), and \
        `flights watches` lists them with their history. The history is kept in watches.sqlite in your data directory.
        """,
        subcommands: [
            WatchAddCommand.self, WatchShowCommand.self, WatchCheckCommand.self, WatchRemoveCommand.self,
            WatchTimerCommand.self,
        ],
        defaultSubcommand: WatchAddCommand.self)
}

/// `flights watch LHR JFK --depart 18 dec [--depart-by 20 dec] [--below 400] [--airline BA]`.
struct WatchAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Watch a trip, and check it at once.",
        discussion: """
        Places and dates are written as for `flights search`. With --depart-by, every day from --depart to that day \
        is searched at each check (later legs move with the first: a 7-night trip stays 7 nights), at most \
        \(WatchPrices.maxWindowDays) days. Exit codes: 0 added and checked, 64 bad input, 69 added but the first \
        check failed (the watch is kept), 73 the watches file cannot be used.
        """)

    @OptionGroup var trip: TripOptions

    @Option(name: .customLong("depart-by"), help: ArgumentHelp(
        "The last day to leave, for a window of days (+N counts from --depart).", valueName: "date"))
    var departBy: String?

    @Option(help: ArgumentHelp("A total to get under, in the currency the offers come in.", valueName: "amount"))
    var below: String?

    @Option(name: .customLong("airline"), help: ArgumentHelp(
        "Only this airline's offers (an IATA code, like BA); repeat for each.", valueName: "code"))
    var airlines: [String] = []

    @Flag(name: .long, help: "Print the watch and its first check as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func validate() throws {
        if let below, Money(below, currency: "XXX").map({ $0.amount > 0 }) != true {
            throw ValidationError("--below must be an amount above zero, like 400 or 399.50.")
        }
    }

    func run() async throws {
        let query = trip.query
        let departBy = departBy
        let terms = WatchTerms(below: below.flatMap { Money($0, currency: "XXX")?.amount }, airlines: airlines)
        let json = json
        let code = await CommandRuntime.run(backend) { context in
            await Self.add(query, departBy: departBy, terms: terms, json: json, in: context)
        }
        if code != 0 { throw ExitCode(code) }
    }

    @MainActor
    static func add(
        _ query: TripQuery, departBy: String?, terms: WatchTerms, json: Bool, in context: CommandContext
    ) async -> FlowOutcome {
        let request: SearchRequest
        switch await context.request(for: query) {
        case .success(let made): request = made
        case .failure(let outcome): return outcome
        }
        var terms = terms
        if let departBy, let first = request.slices.first?.departureDate {
            do throws(TravelDateReader.Problem) {
                terms.latestDeparture = try TravelDateReader(today: context.today).read(departBy, base: first)
            } catch {
                context.problems(["--depart-by: \(error.message)"])
                return .badInput
            }
        }
        context.progress("Checking the new watch…")
        let added = await WatchPrices(context.trip).add(request, terms: terms, today: context.today)
        context.writer.hideProgress()
        switch added {
        case .failure(let failure):
            return WatchOutput.failed(failure, in: context)
        case .success(let outcome):
            if json {
                context.output(WatchReport(outcome), naming: "watch")
            } else {
                context.output("Watching: \(WatchText.checked(outcome))\n")
                context.writer.show(.message(Notice(.info,
                    "Watch \(outcome.watch.id) is kept in \(context.trip.watches?.location ?? "your data directory"); `flights watch check` checks it again.")))
            }
            if case .failed(let error) = outcome.answer { return .backendError(error.description) }
            return .done
        }
    }
}

/// `flights watch check`: every watch checked, what moved printed; for a timer.
struct WatchCheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every watch now and print what moved (for a timer or cron).",
        discussion: """
        Every watch is searched again and its lowest written to its history, all in one transaction once every \
        search is done (a check stopped half-way leaves the history as it was). Only what moved is printed: a new \
        lowest, a failed check, a trip whose days are past. Exit codes: 0 checked and nothing went under its price, \
        3 checked and a watch's lowest went under its price at this check, 1 no such watch, 69 every check failed, \
        73 the watches file cannot be used.
        """)

    @Argument(help: "The watches to check (all when none is given).")
    var ids: [Int] = []

    @Flag(name: .long, help: "Also send a desktop notification (notify-send) for each watch that went under its price.")
    var notify = false

    @Flag(name: .long, help: "Print every watch checked as JSON, with what its check came to.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let (ids, notify, json) = (ids, notify, json)
        let code = await CommandRuntime.run(backend) { context in
            await Self.check(ids.isEmpty ? nil : ids, notify: notify, json: json, in: context)
        }
        if code != 0 { throw ExitCode(code) }
    }

    @MainActor
    static func check(_ ids: [Int]?, notify: Bool, json: Bool, in context: CommandContext) async -> FlowOutcome {
        let writer = context.writer
        let checked = await WatchPrices(context.trip).checkAll(only: ids, today: context.today) { done, total in
            await MainActor.run { writer.show(.progress("Checking watch \(done + 1) of \(total)…")) }
        }
        writer.hideProgress()
        switch checked {
        case .failure(let failure):
            return WatchOutput.failed(failure, in: context)
        case .success(let outcomes):
            if json {
                context.output(outcomes.map(WatchReport.init), naming: "watches")
            } else {
                let moved = outcomes.filter(\.moved)
                if !moved.isEmpty { context.output(moved.map(WatchText.checked).joined(separator: "\n") + "\n") }
                if outcomes.isEmpty { writer.show(.message(Notice(.info, "No watches to check."))) }
            }
            let news = outcomes.filter(\.wentUnderPrice)
            if notify { for outcome in news { WatchOutput.notify(WatchText.checked(outcome)) } }
            if !news.isEmpty { return .wentUnderPrice }
            let failures = outcomes.compactMap { outcome -> ServiceError? in
                if case .failed(let error) = outcome.answer { error } else { nil }
            }
            if let failure = failures.first, failures.count == outcomes.count { return .backendError(failure.description) }
            return .done
        }
    }
}
