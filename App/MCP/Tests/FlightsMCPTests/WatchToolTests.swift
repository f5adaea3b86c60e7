import Entities
import Foundation
import MCP
import Testing

@testable import FlightsMCP

/// The four watch tools over the protocol's own client: their arguments as the toolbox gets them, what they answer
/// (the watch report `flights watches --json` prints), and what they refuse before the toolbox.
@Suite struct WatchToolTests {
    @Test func watchTripPassesTheTermsAndAnswersTheWatchWithItsFirstCheck() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let answer = try await call(client, "watch_trip", [
            "origin": "LHR", "destination": "JFK", "departure_date": "2031-03-20", "latest_departure_date": "+3",
            "below": "400", "airlines": ["ba"],
        ])
        #expect(toolbox.calls.withLock { $0 } == [#"watch ["LHR-JFK"] below 400 until +3 ["BA"]"#])
        let fields = try #require(answer.structuredContent?.objectValue)
        #expect(fields["id"] == Value.int(7))
        #expect(fields["lowest_now"]?.objectValue?["amount"] == "412.50")
        #expect(fields["history"]?.arrayValue?.count == 1)
        #expect(fields["check"]?.objectValue?["status"] == "checked")
        #expect(fields["check"]?.objectValue?["error"] == .null)
        #expect(fields["verdict"] == .null, "every key is written, null where there is nothing")
    }

    @Test func listCheckAndRemoveAnswerWatchesAndANumberNotKeptIsNotFound() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let listed = try await call(client, "list_watches", [:])
        #expect(listed.structuredContent?.objectValue?["watches"]?.arrayValue?.first?.objectValue?["backend"] == "sandbox")
        let checked = try await call(client, "check_watches", ["watch_ids": [7]])
        #expect(checked.structuredContent?.objectValue?["watches"]?.arrayValue?.first?.objectValue?["check"]?.objectValue?["status"] == "failed")
        let removed = try await call(client, "remove_watch", ["watch_id": 7])
        #expect(removed.structuredContent?.objectValue?["status"] == "removed")
        let missing = try await call(client, "remove_watch", ["watch_id": 8])
        #expect(missing.structuredContent?.objectValue?["error"]?.objectValue?["code"] == "not_found")
        #expect(toolbox.calls.withLock { $0 } == ["watches", "check [7]", "remove 7", "remove 8"])
    }

    @Test func badWatchArgumentsNeverReachTheToolbox() async throws {
        let toolbox = FakeToolbox()
        let (client, server) = try await connect(toolbox)
        defer { Task { await server.stop() } }
        let bad: [(String, [String: Value])] = [
            ("watch_trip", ["origin": "LHR", "destination": "JFK", "departure_date": "+7", "below": "-3"]),
            ("watch_trip", ["origin": "LHR", "destination": "JFK", "departure_date": "+7", "below": "cheap"]),
            ("watch_trip", ["origin": "LHR", "destination": "JFK"]),
            ("remove_watch", [:]),
            ("remove_watch", ["watch_id": "seven"]),
            ("check_watches", ["watch_ids": []]),
        ]
        for (name, arguments) in bad {
            do {
                _ = try await call(client, name, arguments)
                Issue.record("\(name) \(arguments) was not refused")
            } catch {
                #expect((error as? MCPError)?.code == -32602, "\(name) \(arguments): \(error)")
            }
        }
        #expect(toolbox.calls.withLock { $0 }.isEmpty)
    }
}
