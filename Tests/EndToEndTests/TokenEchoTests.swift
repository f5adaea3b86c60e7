import Foundation
import Testing

/// A server that quotes our bearer token back in its error message (`serve.py --echo-token`), as it is or with each
/// letter a JSON escape (`\u0064\u0075…`): the binary's output, its logs and its recording never hold the token
/// (issue 21, item 4).
@Suite struct TokenEchoTests {
    /// Long enough to be looked for (the client blanks tokens of 8 characters and more).
    static let token = "duffel_test_EchoedS3cretT0ken4827"

    @Test(arguments: ["literal", "escaped"])
    func aTokenQuotedInAnErrorIsNeverPrintedLoggedOrRecorded(style: String) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: ["--echo-token", style])
            defer { stub.stop() }
            var environment = stub.environment
            environment["DUFFEL_ACCESS_TOKEN"] = Self.token
            environment["FLIGHTS_LOG_LEVEL"] = "trace"
            let recording = app.root.appendingPathComponent("session.jsonl")

            let commands = [
                ["places", "london"],
                ["search", "LHR", "JFK", "--depart", ConformanceRunTests.departure],
                ["search", "LHR", "JFK", "--depart", ConformanceRunTests.departure, "--json", "--record", recording.path],
            ]
            for command in commands {
                let run = try await app.run(command, environment: environment)
                #expect(run.status == 69, "\(run)")
                #expect(!run.output.contains(Self.token), "the token is on standard output:\n\(run)")
                #expect(!run.errors.contains(Self.token), "the token is on standard error:\n\(run)")
                // The server's message is shown, with the token blanked to its kind.
                #expect(run.said.contains("The access token 'duffel_test_…' is not valid"), "\(run)")
            }
            // Every request was answered with the echo, so each command above did receive its token back.
            let requests = try stub.requests()
            #expect(requests.count >= commands.count && requests.allSatisfy { $0.status == 401 }, "\(requests)")
            let recorded = try String(contentsOf: recording, encoding: .utf8)
            #expect(recorded.contains("\"kind\":\"session\""), "\(recorded)")
            #expect(!recorded.contains(Self.token), "the recording holds the token:\n\(recorded)")
        }
    }
}
