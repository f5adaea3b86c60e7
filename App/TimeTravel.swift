import Foundation
import ModuleCore
import SessionTravel
import TerminalUI

/// `flights replay FILE --travel`: the recording as a screen to walk step by step on a terminal, or one step (or all
/// of them) printed for a script.
@MainActor
enum TimeTravel {
    /// Opens, or prints, the recording at `path`; the exit code: 0 shown, 64 the file is not a recording this version
    /// reads, or there is no such step, or there is no terminal to show it on.
    static func run(path: String, terminal: any Terminal, step: Int?, json: Bool) async -> Int32 {
        guard let text = SessionRecording.read(path: path, terminal: terminal) else { return 64 }
        let timeline: SessionTimeline
        do {
            timeline = try SessionTimeline(recording: text, modules: ModuleFactory.replays, columns: terminal.columns)
        } catch {
            return SessionRecording.cannotReplay(path, error, on: terminal)
        }
        let range = timeline.stepNumbers.map { "its steps are \($0.lowerBound) to \($0.upperBound)" } ?? "it has no steps"
        var start = 0
        if let step {
            guard let position = timeline.position(ofStep: step) else {
                terminal.writeDiagnostic("flights: the recording has no step \(step): \(range).\n")
                return 64
            }
            // On a terminal the screen opens at that step; off one (or for JSON) the step is printed.
            guard terminal.isInteractive, !json else {
                return print(timeline.steps[position], of: timeline, on: terminal, json: json)
            }
            start = position
        }
        if json { return write(timeline, on: terminal) }
        guard terminal.isInteractive else {
            terminal.writeDiagnostic(
                "flights: --travel opens a screen on a terminal; off one, give --step N to print a step (\(range)), or --json for every step.\n")
            return 64
        }
        await SessionTravel.screen(timeline, terminal: terminal, startingAt: start).run()
        return 0
    }

    private static func print(_ step: TimelineStep, of timeline: SessionTimeline, on terminal: any Terminal, json: Bool) -> Int32 {
        if json { return write(StepDocument(format: timeline.format, steps: timeline.steps.count, step: step), on: terminal) }
        // Text from the file (a module's name, a typed line, a server's words): shown, never obeyed.
        terminal.writeLines(SessionTravel.report(of: step, in: timeline, width: terminal.columns).map(UntrustedText.visible))
        return 0
    }

    /// Writes `document` as pretty JSON, keys sorted. Not `CommandJSON`, which writes Duffel's documents: the
    /// timeline is the recording's own values, under the key names the recording has.
    private static func write(_ document: some Encodable, on terminal: any Terminal) -> Int32 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else {
            terminal.writeDiagnostic("flights: the steps could not be written as JSON.\n")
            return 74
        }
        ScreenWriter(terminal: terminal, outputIsForPrograms: true).writeOutput(String(decoding: data, as: UTF8.self))
        return 0
    }

    /// `--travel --step N --json`: one step, with the recording's format and how many steps it has.
    struct StepDocument: Encodable {
        var format: Int
        var steps: Int
        var step: TimelineStep
    }
}
