import Foundation
import Testing

/// A recording holds booking references and e-ticket numbers: the binary makes it readable by its owner only
/// (0600), and an earlier recording it writes over, readable by others, becomes so too (issue 21, item 17).
///
/// The binary runs under umask 022, the usual one, so a file created without an explicit mode would be 0644 and a
/// regression would show, whatever the test runner's own umask.
@Suite struct RecordingModeTests {
    /// Runs `flights arguments…` to its end, started by a shell that sets umask 022 first.
    static func run(_ app: FlightsApp, _ arguments: [String], environment extra: [String: String] = [:]) async throws -> Run {
        let process = try Subprocess(
            name: (["flights"] + arguments).joined(separator: " "), executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "umask 022 && exec \"$0\" \"$@\"", app.binary.path] + arguments,
            environment: app.environment(extra))
        defer { process.terminate() }
        process.closeInput()
        let status = try await process.waitForExit()
        return Run(command: process.name, status: status, output: process.output.text, errors: process.errors.text)
    }

    /// The file's permission bits.
    static func mode(_ file: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue, "no permissions in \(attributes)")
    }

    static func expectRecording(_ file: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(recorded.hasPrefix("{\"format\":3,\"kind\":\"session\"}\n"), "\(recorded)", sourceLocation: sourceLocation)
        #expect(recorded.contains("\"module\":\"FlightBookings\""), "\(recorded)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func aNewRecordingIsReadableByItsOwnerOnly(fromEnvironment: Bool) async throws {
        try await FlightsApp.withFreshData { app in
            let file = app.root.appendingPathComponent("session.jsonl")
            let run = fromEnvironment
                ? try await Self.run(app, ["start", "--bookings"], environment: ["FLIGHTS_RECORD": file.path])
                : try await Self.run(app, ["start", "--bookings", "--record", file.path])
            #expect(run.status == 0, "\(run)")
            try Self.expectRecording(file)
            let mode = try Self.mode(file)
            #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        }
    }

    @Test(arguments: [0o644, 0o666])
    func anEarlierRecordingWrittenOverBecomesOwnerOnly(earlierMode: Int) async throws {
        try await FlightsApp.withFreshData { app in
            let file = app.root.appendingPathComponent("session.jsonl")
            let first = try await Self.run(app, ["start", "--bookings", "--record", file.path])
            #expect(first.status == 0, "\(first)")
            // Mark the earlier recording, so its being written over shows.
            let earlier = try String(contentsOf: file, encoding: .utf8) + "{\"kind\":\"note\",\"text\":\"earlier\"}\n"
            try Data(earlier.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: earlierMode], ofItemAtPath: file.path)
            #expect(try Self.mode(file) == earlierMode)

            let again = try await Self.run(app, ["start", "--bookings", "--record", file.path])
            #expect(again.status == 0, "\(again)")
            try Self.expectRecording(file)
            #expect(!(try String(contentsOf: file, encoding: .utf8)).contains("earlier"), "the earlier recording is still there")
            let mode = try Self.mode(file)
            #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        }
    }
}
