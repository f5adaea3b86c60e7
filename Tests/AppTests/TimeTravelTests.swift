import Foundation
import ModuleCore
import SessionTravel
import Testing
import TerminalUI
@testable import FlightsApp

/// Time travel through the committed booking session (`Fixtures/sessions/booking.jsonl`), on a virtual terminal, with
/// the app's own modules replaying it.
@MainActor
@Suite("Time travel through the recorded booking")
struct TimeTravelTests {
    static let rows = 60
    static let columns = 80

    static var recording: String {
        get throws {
            let file = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/sessions/booking.jsonl")
            return try String(contentsOf: file, encoding: .utf8)
        }
    }

    static func timeline(_ text: String) throws -> SessionTimeline {
        try SessionTimeline(recording: text, modules: ModuleFactory.replays, columns: columns)
    }

    /// The travel screen open on the recording `text`.
    func open(_ text: String) async throws -> (VirtualTerminal, SessionTimeline, Task<ScreenExit, Never>) {
        let timeline = try Self.timeline(text)
        let terminal = VirtualTerminal(columns: Self.columns, isInteractive: true)
        terminal.rows = Self.rows
        let screen = SessionTravel.screen(timeline, terminal: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitUntilAwaitingInput()
        return (terminal, timeline, running)
    }

    func press(_ terminal: VirtualTerminal, _ keys: KeyInput...) async throws {
        for key in keys {
            terminal.press(key)
            try await terminal.waitUntilAwaitingInput()
        }
    }

    func bar(_ terminal: VirtualTerminal) -> String {
        terminal.screen.last { $0.hasPrefix("── step") } ?? "(no bar)"
    }

    /// The lines above the bar, without the blank ones it was padded with.
    func body(_ terminal: VirtualTerminal) -> [String] {
        var lines = Array(terminal.screen.prefix { !$0.hasPrefix("── step") })
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// What the headless replay paints when stopped after step `number`, with the question then asked, as many of
    /// its last lines as the travel screen has room for.
    func replayed(through number: Int, of text: String, question: [String], room: Int) throws -> [String] {
        let terminal = VirtualTerminal(columns: Self.columns, isInteractive: true)
        _ = try SessionReplayer(modules: ModuleFactory.replays, terminal: terminal).replay(text, through: number)
        // The recording was made on a wider terminal: what does not fit is cut, as the travel screen says.
        var lines = Array((terminal.screen + question).suffix(room)).map { TerminalText.truncate($0, toWidth: Self.columns) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test("walked forwards to the booking and back to the search, three screens are those the replay paints")
    func walksTheBooking() async throws {
        let text = try Self.recording
        let (terminal, timeline, running) = try await open(text)
        let booked = try #require(timeline.steps.firstIndex { $0.action == "bookingEnded" })
        let offers = try #require(timeline.steps.firstIndex { $0.module == "FlightAvailability" && $0.action == "batchRead" })
        let checked = [2, offers, booked]
        let room = Self.rows - 3
        var seen: [Int: [String]] = [:]
        #expect(bar(terminal).hasPrefix("── step 1 of \(timeline.steps.count) · FlightSearch #1 · appeared · "))
        for position in 0...booked {
            if position > 0 { try await press(terminal, .right) }
            let step = timeline.steps[position]
            #expect(bar(terminal).hasPrefix("── step \(step.number) of \(timeline.steps.count) · \(step.module) #\(step.instance) · \(step.action) · "))
            if checked.contains(position) { seen[position] = body(terminal) }
            if position == offers {
                // Recorded at 100 columns: the offers table is wider than this terminal, and the screen says so.
                #expect(terminal.screen.contains { $0.hasPrefix("Lines are cut at 80 columns: the screen was") })
            }
        }
        #expect(body(terminal).contains { $0.contains("Booked: booking reference") })
        for position in checked {
            let step = timeline.steps[position]
            let painted = try replayed(through: step.number, of: text, question: step.question, room: room)
            #expect(seen[position] == painted, "step \(step.number)")
        }
        #expect(seen[offers]?.contains { $0.contains("London (LHR) → New York (JFK)") } == true)
        #expect(seen[2]?.contains { $0.contains("London Heathrow Airport") } == true)
        // And back, a step at a time, to the search.
        for _ in 0..<booked { try await press(terminal, .left) }
        #expect(bar(terminal).hasPrefix("── step 1 of "))
        #expect(body(terminal).contains { $0.hasPrefix("── Search flights") })
        terminal.press(.character("q"))
        #expect(await running.value == .done)
    }

    @Test("at the step a passenger's given name was entered, the state's change names exactly that field and the form's place")
    func givenNameEntered() async throws {
        let timeline = try Self.timeline(try Self.recording)
        let asked = try #require(timeline.steps.firstIndex { $0.question.first?.hasPrefix("Given names") == true })
        let entered = timeline.steps[asked + 1]
        #expect(entered.action == "entered")
        #expect(entered.actionValue == .object(["entered": .object(["_0": .string(Redaction.name)])]))
        #expect(entered.changes.map(\.path) == ["drafts[0].givenName", "step.field.field"])
        #expect(entered.changes.first?.after == .string(Redaction.name))
        #expect(entered.changes.first?.before == nil)
    }

    @Test("a recording edited to differ at one step: d stops there, where the headless replay stops, and shows both")
    func editedRecordingDiffers() async throws {
        var lines = try Self.recording.components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains("\"kind\":\"step\"") && $0.contains("at most 1 stop") })
        lines[index] = lines[index].replacingOccurrences(of: "at most 1 stop", with: "at most 2 stops")
        let edited = lines.joined(separator: "\n")
        let report = try SessionReplayer(modules: ModuleFactory.replays, terminal: VirtualTerminal()).replay(edited)
        let divergence = try #require(report.divergence)

        let (terminal, timeline, running) = try await open(edited)
        try await press(terminal, .character("d"))
        let position = try #require(timeline.firstDifference)
        #expect(timeline.steps[position].number == divergence.step)
        #expect(bar(terminal).hasPrefix("── step \(divergence.step) of "))
        #expect(bar(terminal).hasSuffix("≠ differs ──"))
        #expect(terminal.screen.contains { $0.contains(" ≠ ") })
        let sides = SessionTravel.report(of: timeline.steps[position], in: timeline, width: 240)
        #expect(sides.contains { $0.contains("at most 2 stops") && $0.contains(" ≠ ") && $0.contains("at most 1 stop") })
        try await press(terminal, .character("d"))
        #expect(terminal.screen.contains("No later step does anything different from the recording."))
        terminal.press(.character("q"))
        #expect(await running.value == .done)
    }
}
