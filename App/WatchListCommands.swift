import ArgumentParser
import Entities
import FlightsMCP
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText
import Trips

// The watch commands that read and remove what is kept (no search): `flights watches`, `flights watch show`,
// `flights watch remove`, and what every watch command shares (WatchOutput).

/// `flights watches`: every watch with its history.
struct WatchesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watches",
        abstract: "List the price watches: the lowest now, the change since the first and the last check, the lowest ever, a chart.",
        discussion: "Exit codes: 0 listed (none is said on standard error), 73 the watches file cannot be used.")

    @Flag(name: .long, help: "Print each watch with its whole history as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let json = json
        let code = await CommandRuntime.run(backend) { context in
            switch WatchPrices(context.trip).list() {
            case .failure(let failure):
                return WatchOutput.failed(failure, in: context)
            case .success(let all):
                if json {
                    context.output(all.map(WatchReport.init), naming: "watches")
                } else if all.isEmpty {
                    context.writer.show(.message(Notice(.info, "No watches yet. Add one: flights watch LHR JFK --depart 18 dec --below 400")))
                } else {
                    context.output(WatchText.listing(all, width: context.columns) + "\n")
                }
                return .done
            }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights watch show 3`: one watch's history, drawn.
struct WatchShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a watch's history: a chart (days across, price up) and every check with its offer.",
        discussion: "Exit codes: 0 shown, 1 no such watch, 73 the watches file cannot be used.")

    @Argument(help: "The watch's number, as `flights watches` lists it.")
    var id: Int

    @Flag(name: .long, help: "Print the watch with its whole history as JSON.")
    var json = false

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let (id, json) = (id, json)
        let code = await CommandRuntime.run(backend) { context in
            switch WatchPrices(context.trip).summary(of: id) {
            case .failure(let failure):
                return WatchOutput.failed(failure, in: context)
            case .success(let summary):
                if json {
                    context.output(WatchReport(summary), naming: "watch")
                } else {
                    // For a person, on standard output (styled on a terminal); problems stay on standard error.
                    ScreenPainter(terminal: context.terminal, outputIsForPrograms: false)
                        .show(WatchText.detail(summary, width: context.columns, timeZone: context.backend.timeZone))
                }
                return .done
            }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// `flights watch remove 3`.
struct WatchRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a watch and its history.",
        discussion: "Exit codes: 0 removed, 1 no such watch, 73 the watches file cannot be used.")

    @Argument(help: "The watch's number, as `flights watches` lists it.")
    var id: Int

    @OptionGroup var backend: BackendOptions

    func run() async throws {
        let id = id
        let code = await CommandRuntime.run(backend) { context in
            switch WatchPrices(context.trip).remove(id) {
            case .failure(let failure):
                return WatchOutput.failed(failure, in: context)
            case .success(let removed):
                context.output("Removed watch \(id): \(UntrustedText.visible(WatchText.trip(removed.watch))), with its \(removed.history.count) check\(removed.history.count == 1 ? "" : "s").\n")
                return .done
            }
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// What the watch commands share: failures said and turned into exit codes, desktop notifications.
@MainActor
enum WatchOutput {
    /// Says `failure` on standard error; its exit: 64 bad input, 1 no such watch, 73 the file.
    static func failed(_ failure: WatchFailure, in context: CommandContext) -> FlowOutcome {
        switch failure {
        case .invalid(let problems):
            context.problems(problems)
            return .badInput
        case .notFound:
            context.problem(failure.description)
            return .noResults
        case .store, .noStore, .cancelled:
            context.problem(failure.description)
            return .cannotUseWatchesFile
        }
    }

    /// Sends `text` as a desktop notification where `notify-send` is installed; nothing otherwise.
    static func notify(_ text: String) {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/notify-send" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--app-name=Flights", "Flights: a price went down", UntrustedText.removingUnsafe(text)]
        try? process.run()
        process.waitUntilExit()
    }
}
