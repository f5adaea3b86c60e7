import ArgumentParser
import Entities
import Foundation
import LocalStore
import ModuleCore
import TerminalUI

/// Recording a session (`--record FILE`, `FLIGHTS_RECORD`) and replaying one (`flights replay FILE`): a bug report
/// is a file.
@MainActor
enum SessionRecording {
    /// The recorder `--record` or `FLIGHTS_RECORD` asks for, or `nil`. A file that cannot be created is bad input.
    static func recorder(flag: String?, environment: [String: String], terminal: any Terminal) throws -> SessionRecorder? {
        guard let path = flag ?? environment["FLIGHTS_RECORD"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        if let problem = RecordingTarget.problem(with: path, dataDirectory: DataDirectory.flights(environment: environment)) {
            throw ValidationError(problem)
        }
        do {
            return try SessionRecorder(path: path) { problem in
                terminal.writeDiagnostic("flights: \(problem) The app goes on without it.\n")
            }
        } catch let error as RecordingError {
            throw ValidationError(error.message)
        }
    }

    /// The recording at `path` as text, or `nil` once what is wrong with the file was said on `terminal`.
    static func read(path: String, terminal: any Terminal) -> String? {
        do throws(InputFile.Problem) {
            // A device (`/dev/zero`), a folder or a disk is said as what it is; a pipe is read as it comes.
            let data = try InputFile.read(
                path, limit: InputFile.recordingLimit, typical: "a recording is a few megabytes", devices: false)
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw InputFile.Problem(description: "\(path) is not text (UTF-8)")
            }
            return decoded
        } catch {
            terminal.writeDiagnostic("flights: the recording \(UntrustedText.visible(error.description)); give the path of a file made with --record.\n")
            return nil
        }
    }

    /// Says that the recording at `path` does not replay here, and why; the exit code, 64.
    static func cannotReplay(_ path: String, _ error: RecordingError, on terminal: any Terminal) -> Int32 {
        terminal.writeDiagnostic("flights: \(UntrustedText.visible(String(reflecting: path))) cannot be replayed: \(UntrustedText.visible(error.message))\n")
        return 64
    }

    /// Replays the recording at `path` on `terminal`; the exit code: 0 every step as recorded, 1 a step differs,
    /// 64 the file cannot be read as a recording.
    static func replay(path: String, terminal: any Terminal, showSteps: Bool) -> Int32 {
        guard let text = read(path: path, terminal: terminal) else { return 64 }
        let style = terminal.style
        let replayer = SessionReplayer(modules: ModuleFactory.replays, terminal: terminal) { step, module, action in
            guard showSteps else { return }
            // The module's and the action's names come from the file: shown, never obeyed.
            terminal.writeLine(style.dim(UntrustedText.visible("── step \(step) · \(module) · \(action)")))
        }
        let report: ReplayReport
        do {
            report = try replayer.replay(text)
        } catch let error {
            return cannotReplay(path, error, on: terminal)
        }
        if let divergence = report.divergence {
            terminal.writeDiagnostic(
                "flights: the replay differs from the recording after \(report.matched) matching steps.\n\(divergence)\n")
            return 1
        }
        terminal.writeDiagnostic("flights: replayed \(report.matched) steps; each screen did what it did when recorded.\n")
        return 0
    }
}

/// `flights replay FILE`: runs a recorded session again, headlessly, with the answers it recorded and no network;
/// with `--travel`, walks it step by step.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a session recorded with --record: show its screens and check each step still does the same.",
        discussion: """
        Each module starts from the state it was recorded in and receives the recorded actions (keys, lines and the \
        service answers), with no network. The screens are printed as they were shown. \
        Exit codes: 0 every step as recorded, 1 a step now does something different (the step is named), \
        64 the file is not a recording.

        --travel opens the recording as a screen of its own: each step's screen as it was painted, with a bar \
        (the step, the module, the action, the time into the session); ←/→ a step, Home/End, [ ] the module before \
        or after, a number and Enter to go to a step, a the action, s what it changed in the state, e its effects, \
        d the next step today's code does differently, beside the recording. Off a terminal, --step N prints that \
        step (its screen, action, state change and effects) and --json prints it, or every step, as data.
        """)

    @Argument(help: "A file written by `flights --record FILE`.")
    var file: String

    @Flag(name: .long, help: "Do not print a line before each step.")
    var quiet = false

    @Flag(name: .long, help: "Walk the recording step by step: each screen as it was, the action, the state's change.")
    var travel = false

    @Option(name: .long, help: "With --travel: open at this step (its number in the recording); off a terminal, print it and leave.")
    var step: Int?

    @Flag(name: .long, help: "With --travel: print the step given with --step, or every step, as JSON.")
    var json = false

    func validate() throws {
        guard !travel else { return }
        if step != nil { throw ValidationError("--step goes with --travel: flights replay FILE --travel --step N.") }
        if json { throw ValidationError("--json goes with --travel: flights replay FILE --travel --json.") }
    }

    func run() async throws {
        let code = await Self.run(file: file, quiet: quiet, travel: travel, step: step, json: json)
        if code != 0 { throw ExitCode(code) }
    }

    @MainActor
    private static func run(file: String, quiet: Bool, travel: Bool, step: Int?, json: Bool) async -> Int32 {
        let terminal = SystemTerminal()
        defer { terminal.close() }
        guard travel else { return SessionRecording.replay(path: file, terminal: terminal, showSteps: !quiet) }
        return await TimeTravel.run(path: file, terminal: terminal, step: step, json: json)
    }
}
