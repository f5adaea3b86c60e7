import Foundation
import Testing

/// Help and shell completion: what a person or a script reads before anything else.
@Suite struct HelpTests {
    @Test func helpListsTheCommandsAndTheExitCodes() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["--help"])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("USAGE: flights"), "\(run)")
            for command in ["places", "search", "book", "bookings", "booking", "cancel"] {
                #expect(run.output.contains("  \(command) "), "--help does not list \(command):\n\(run.output)")
            }
            #expect(run.output.contains("Exit codes"), "\(run)")
            // Help never starts a backend or writes data.
            let written = try FileManager.default.contentsOfDirectory(atPath: app.dataDirectory.path)
            #expect(written.isEmpty, "\(written)")
        }
    }

    @Test func searchHelpMentionsEveryExitCode() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["search", "--help"])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("USAGE: flights search"), "\(run)")
            for option in ["--depart", "--json", "--limit", "--sort"] {
                #expect(run.output.contains(option), "search --help does not mention \(option)")
            }
            let flattened = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let exitCodes = try #require(flattened.range(of: "Exit codes"), "no exit codes in:\n\(run.output)")
            let after = flattened[exitCodes.upperBound...]
            for code in ["0 offers", "1 no offers", "64 bad input", "69"] {
                #expect(after.contains(code), "the exit codes do not mention \(code.debugDescription): \(after)")
            }
        }
    }

    @Test func bashCompletionScriptIsValidBash() async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(["--generate-completion-script", "bash"])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.hasPrefix("#!/bin/bash"), "\(run.output.prefix(200))")
            #expect(run.output.contains("complete"), "no `complete` registration")
            #expect(run.output.contains("flights"))
            for command in ["search", "bookings", "cancel"] {
                #expect(run.output.contains(command), "the completion script does not know \(command)")
            }

            // bash reads it without a syntax error (when bash is here to ask).
            guard let bash = executableOnPath("bash") else { return }
            let check = try Subprocess(name: "bash -n", executable: bash, arguments: ["-n"], environment: app.environment())
            defer { check.terminate() }
            try check.send(run.output)
            check.closeInput()
            #expect(try await check.waitForExit() == 0, "\(check.transcript)")
        }
    }
}
