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

    /// Replays the recording at `path` on `terminal`; the exit code: 0 every step as recorded, 1 a step differs,
    /// 64 the file cannot be read as a recording.
    static func replay(path: String, terminal: any Terminal, showSteps: Bool) -> Int32 {
        let text: String
        do throws(InputFile.Problem) {
            // A device (`/dev/zero`), a folder or a disk is said as what it is; a pipe is read as it comes.
            let data = try InputFile.read(
                path, limit: InputFile.recordingLimit, typical: "a recording is a few megabytes", devices: false)
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw InputFile.Problem(description: "\(path) is not text (UTF-8)")
            }
            text = decoded
        } catch {
            terminal.writeDiagnostic("flights: the recording \(UntrustedText.visible(error.description)); give the path of a file made with --record.\n")
            return 64
        }
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
            terminal.writeDiagnostic("flights: \(String(reflecting: path)) cannot be replayed: \(error.message)\n")
            return 64
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

/// `flights replay FILE`: runs a recorded session again, headlessly, with the answers it recorded and no network.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a session recorded with --record: show its screens and check each step still does the same.",
        discussion: """
        Each module starts from the state it was recorded in and receives the recorded actions (keys, lines and the \
        service answers), with no network. The screens are printed as they were shown. \
        Exit codes: 0 every step as recorded, 1 a step now does something different (the step is named), \
        64 the file is not a recording.
        """)

    @Argument(help: "A file written by `flights --record FILE`.")
    var file: String

    @Flag(name: .long, help: "Do not print a line before each step.")
    var quiet = false

    func run() async throws {
        let code = await MainActor.run {
            let terminal = SystemTerminal()
            defer { terminal.close() }
            return SessionRecording.replay(path: file, terminal: terminal, showSteps: !quiet)
        }
        if code != 0 { throw ExitCode(code) }
    }
}
