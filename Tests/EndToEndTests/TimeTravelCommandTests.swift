import Foundation
import Testing

/// `flights replay FILE --travel`: the committed booking session walked on a real terminal (tmux, at 80 and 120
/// columns), and single steps printed off one, as text and as JSON.
@Suite struct TimeTravelCommandTests {
    static let booking = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sessions/booking.jsonl")

    static var stepCount: Int {
        get throws {
            try String(contentsOf: booking, encoding: .utf8).components(separatedBy: "\n")
                .filter { $0.contains("\"kind\":\"step\"") }.count
        }
    }

    @Test func aStepPrintsItsScreenActionAndStateChangeOffATerminal() async throws {
        try await FlightsApp.withFreshData { app in
            let count = try Self.stepCount
            let printed = try await app.run(["replay", Self.booking.path, "--travel", "--step", "2"])
            #expect(printed.status == 0, "\(printed)")
            #expect(printed.output.hasPrefix("Step 2 of \(count): FlightSearch #1, entered, "), "\(printed)")
            #expect(printed.output.contains("into the session."), "\(printed)")
            #expect(printed.output.contains("Search flights"), "\(printed)")
            #expect(printed.output.contains("\"_0\" : \"LHR\""), "\(printed)")
            #expect(printed.output.contains("of the state of FlightSearch changed:"), "\(printed)")

            let json = try await app.run(["replay", Self.booking.path, "--travel", "--step", "2", "--json"])
            #expect(json.status == 0, "\(json)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(document["steps"] as? Int == count)
            #expect(document["format"] as? Int == 3)
            let step = try #require(document["step"] as? [String: Any])
            #expect(step["number"] as? Int == 2)
            #expect(step["module"] as? String == "FlightSearch")
            #expect(step["differs"] as? Bool == false)
            #expect((step["milliseconds"] as? Int).map { $0 >= 0 } == true)
            #expect((step["changes"] as? [[String: Any]])?.isEmpty == false)
            #expect((step["screen"] as? [String])?.contains { $0.contains("Search flights") } == true)

            let all = try await app.run(["replay", Self.booking.path, "--travel", "--json"])
            let timeline = try #require(try JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [String: Any])
            #expect((timeline["steps"] as? [Any])?.count == count, "\(all.errors)")
        }
    }

    @Test func whatCannotBeShownIsSaidWithTheWayForward() async throws {
        try await FlightsApp.withFreshData { app in
            let count = try Self.stepCount
            let missing = try await app.run(["replay", Self.booking.path, "--travel", "--step", "999"])
            #expect(missing.status == 64, "\(missing)")
            #expect(missing.errors.contains("has no step 999: its steps are 1 to \(count)"), "\(missing)")
            let noTerminal = try await app.run(["replay", Self.booking.path, "--travel"])
            #expect(noTerminal.status == 64, "\(noTerminal)")
            #expect(noTerminal.errors.contains("off one, give --step N"), "\(noTerminal)")
            let stepAlone = try await app.run(["replay", Self.booking.path, "--step", "2"])
            #expect(stepAlone.status == 64, "\(stepAlone)")
            #expect(stepAlone.errors.contains("--step goes with --travel"), "\(stepAlone)")

            let text = try String(contentsOf: Self.booking, encoding: .utf8)
            let later = try app.file("later.jsonl", contents: text.replacingOccurrences(
                of: #"{"format":3,"kind":"session"}"#, with: #"{"format":4,"kind":"session"}"#))
            for arguments in [["replay", later.path, "--travel", "--step", "1"], ["replay", later.path]] {
                let refused = try await app.run(arguments)
                #expect(refused.status == 64, "\(refused)")
                #expect(refused.errors.contains("format is 4; this version of flights replays formats 2 to 3"), "\(refused)")
                #expect(refused.errors.contains("the version of flights that recorded it"), "\(refused)")
            }
        }
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func theRecordingIsWalkedOnATerminalAt80And120Columns() async throws {
        let count = try Self.stepCount
        try await FlightsApp.withFreshData { app in
            for width in [80, 120] {
                try? FileManager.default.removeItem(at: app.root.appendingPathComponent("exit-status"))
                try await TmuxSession.run(app, arguments: ["replay", Self.booking.path, "--travel"], width: width, height: 40) { terminal in
                    let first = try await terminal.waitForScreen(containing: "── step 1 of \(count) · FlightSearch #1 · appeared")
                    #expect(first.contains("Search flights"), "\(first)")
                    let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
                    #expect(lines.allSatisfy { $0.count <= width }, "\(first)")
                    try await terminal.press("Right", "Right")
                    let third = try await terminal.waitForScreen(containing: "── step 3 of \(count) · FlightSearch #1 · placesAnswered")
                    #expect(third.contains("London Heathrow Airport"), "\(third)")
                    try await terminal.press("s")
                    try await terminal.waitForScreen(containing: "of the state of FlightSearch changed:")
                    try await terminal.press("End")
                    try await terminal.waitForScreen(containing: "── step \(count) of \(count) · FlightBookings")
                    try await terminal.press("d")
                    try await terminal.waitForScreen(containing: "No later step does anything different from the recording.")
                    try await terminal.type("20")
                    try await terminal.waitForScreen(containing: "Go to step 20_")
                    try await terminal.press("Enter")
                    try await terminal.waitForScreen(containing: "── step 20 of \(count) · FlightSummary")
                    try await terminal.press("q")
                    #expect(try await terminal.waitForExit() == 0)
                }
            }
            // On a terminal, --step opens the screen at that step.
            try? FileManager.default.removeItem(at: app.root.appendingPathComponent("exit-status"))
            try await TmuxSession.run(app, arguments: ["replay", Self.booking.path, "--travel", "--step", "20"], width: 80, height: 30) { terminal in
                try await terminal.waitForScreen(containing: "── step 20 of \(count) · FlightSummary")
                try await terminal.press("Escape")
                #expect(try await terminal.waitForExit() == 0)
            }
        }
    }
}
