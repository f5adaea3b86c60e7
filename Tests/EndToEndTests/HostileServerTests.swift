import Entities
import Foundation
import Testing

/// The real binary against a server whose every name and message carries control sequences (`serve.py --hostile`):
/// the text output shows them visibly and never sends them to the terminal; `--json` keeps the data, escaped.
@Suite struct HostileServerTests {
    /// What a terminal would obey, in any form it can arrive in.
    static let raw = ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"]

    static func expectNothingRaw(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        for sequence in raw {
            #expect(!run.output.contains(sequence), "\(sequence.debugDescription) on standard output:\n\(run)",
                    sourceLocation: sourceLocation)
            #expect(!run.errors.contains(sequence), "\(sequence.debugDescription) on standard error:\n\(run)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func namesAndMessagesFromTheServerAreShownVisiblyInTextAndKeptInJSON() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: ["--hostile"])
            defer { stub.stop() }

            let places = try await app.run(["places", "london"], environment: stub.environment)
            #expect(places.status == 0, "\(places)")
            Self.expectNothingRaw(places)
            #expect(places.output.contains("^[]0;PWNED^G^[[2J"), "\(places)")

            let search = try await app.run(
                ["search", "LHR", "JFK", "--depart", ConformanceRunTests.departure], environment: stub.environment)
            #expect(search.status == 0, "\(search)")
            Self.expectNothingRaw(search)
            #expect(search.output.contains("^[]0;PWNED^G"), "\(search)")

            let json = try await app.run(
                ["search", "LHR", "JFK", "--depart", ConformanceRunTests.departure, "--json"], environment: stub.environment)
            #expect(json.status == 0, "\(json)")
            Self.expectNothingRaw(json)
            // The data is the server's, whole: escaped in the JSON, not rewritten.
            let body = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any], "\(json)")
            let offers = try #require(body["offers"] as? [[String: Any]], "\(json)")
            let owner = try #require(offers.first?["owner"] as? [String: Any])
            let name = try #require(owner["name"] as? String)
            #expect(name.hasPrefix("\u{1B}]0;PWNED\u{07}") && name.hasSuffix("\u{9B}31m\u{202E}"), "\(name.debugDescription)")

            let offerID = try #require(offers.first?["id"] as? String)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)
            let booked = try await app.run(
                ["book", offerID, "--passengers", passengers.path, "--yes"], environment: stub.environment)
            #expect(booked.status == 0, "\(booked)")
            Self.expectNothingRaw(booked)
            #expect(booked.output.contains("Booked: booking reference"), "\(booked)")

            let list = try await app.run(["booking", "RZPNX8"], environment: stub.environment)
            Self.expectNothingRaw(list)
        }
    }

    /// What a user typed, echoed in an error, is shown visibly too: by the parser, the commands and the screens.
    @Test(arguments: [
        ["se\u{1B}]0;PWNED\u{07}arch"],
        ["search", "LHR", "JFK", "--depart", "2026-12-20", "--adults", "2\u{1B}[2J"],
        ["search", "x\u{1B}]0;PWNED\u{07}", "JFK", "--depart", "2026-12-20"],
        ["search", "LHR", "JFK", "--depart", "2026\u{1B}[2J"],
        ["book", "off_1", "--passengers", "/nowhere/\u{1B}[2Jp.json"],
        ["booking", "AB\u{1B}[2JC"],
    ])
    func argumentsEchoedInErrorsAreShownVisibly(_ arguments: [String]) async throws {
        try await FlightsApp.withFreshData { app in
            let run = try await app.run(arguments)
            #expect(run.status == 64 || run.status == 1, "\(run)")
            Self.expectNothingRaw(run)
            #expect((run.output + run.errors).contains("^["), "the escape is shown as ^[:\n\(run)")
        }
    }
}
