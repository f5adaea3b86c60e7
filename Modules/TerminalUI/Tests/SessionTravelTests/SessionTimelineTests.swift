import Foundation
import ModuleCore
import Testing
import TerminalUI
@testable import SessionTravel

@MainActor
@Suite("Time travel: a recording laid out step by step")
struct SessionTimelineTests {
    @Test("every step is there, with its module, action and the time into the session it was taken")
    func stepsAndTimes() async throws {
        let timeline = try SessionTimeline(recording: await FormRecording.make(), modules: [.screen(TravellerForm.self)])
        #expect(timeline.format == SessionRecorder.format)
        #expect(timeline.steps.map(\.number) == [1, 2, 3, 4])
        #expect(timeline.steps.map(\.action) == ["appeared", "typed", "typed", "chose"])
        #expect(timeline.steps.map(\.milliseconds) == [1_500, 3_000, 4_500, 6_000])
        #expect(TravelScreen.clock(4_500) == "0:04.5")
        #expect(TravelScreen.clock(3_723_400) == "1:02:03.4")
        #expect(timeline.firstDifference == nil)
    }

    @Test("the state's change names exactly the fields a step changed, with the recorded stand-ins")
    func stateChanges() async throws {
        let timeline = try SessionTimeline(recording: await FormRecording.make(), modules: [.screen(TravellerForm.self)])
        let email = timeline.steps[2]
        #expect(email.changes == [
            StateChange(path: "email", before: .string(""), after: .string(Redaction.email)),
            StateChange(path: "field", before: .string("email"), after: .string("seat")),
        ])
        #expect(timeline.steps[0].changes.isEmpty)
        #expect(timeline.steps[3].changes.map(\.path) == ["field", "seat"])
        // Redaction holds: what was typed is nowhere, the stand-in is what is shown.
        let everything = String(decoding: try JSONEncoder().encode(timeline), as: UTF8.self)
        #expect(!everything.contains("Ada"))
        #expect(!everything.contains("ada@example.com"))
        #expect(timeline.steps[1].actionValue == .object(["typed": .object(["_0": .string(Redaction.name)])]))
        #expect(timeline.steps[1].screen.contains("Name: \(Redaction.name)"))
    }

    @Test("an enum's case changing is one change of the field that holds it")
    func enumCases() {
        let before = JSONValue.object(["step": .object(["origin": .object(["leg": .integer(0)])]), "count": .integer(1)])
        let after = JSONValue.object(["step": .object(["destination": .object(["leg": .integer(0)])]), "count": .integer(1)])
        let changes = StateChange.changes(from: before, to: after)
        #expect(changes.map(\.path) == ["step"])
        let list = StateChange.changes(
            from: .object(["seats": .array([.string("1A")])]), to: .object(["seats": .array([.string("1A"), .string("2B")])]))
        #expect(list == [StateChange(path: "seats[1]", before: nil, after: .string("2B"))])
    }

    @Test("each step's screen is the terminal the replay paints when stopped at that step")
    func screensAsTheReplayPaints() async throws {
        let recording = await FormRecording.make()
        let timeline = try SessionTimeline(recording: recording, modules: [.screen(TravellerForm.self)], columns: 60)
        for step in timeline.steps {
            let terminal = VirtualTerminal(columns: 60, isInteractive: true)
            _ = try SessionReplayer(modules: [.screen(TravellerForm.self)], terminal: terminal).replay(recording, through: step.number)
            #expect(step.screen == terminal.screen, "step \(step.number)")
        }
        // The list is a whole page: the form before it is gone from the screen, as on a terminal.
        #expect(timeline.steps[2].screen.first?.hasPrefix("── Seats ") == true)
        #expect(!timeline.steps[2].screen.contains { $0.contains("Traveller") })
        #expect(timeline.steps[1].screen.contains { $0.contains("Traveller") })
        #expect(timeline.steps[2].question.contains("› 1. 12A window"))
        #expect(timeline.steps[1].question == ["Email:"])
    }

    @Test("a changed module: the steps it does differently are marked, the first as the replay names it")
    func differences() async throws {
        let recording = await FormRecording.make()
        let timeline = try SessionTimeline(recording: recording, modules: [.screen(ShoutingForm.self)])
        let report = try SessionReplayer(modules: [.screen(ShoutingForm.self)], terminal: VirtualTerminal()).replay(recording)
        let first = try #require(timeline.firstDifference)
        #expect(timeline.steps[first].number == report.divergence?.step)
        #expect(timeline.steps[first].number == 3)
        #expect(timeline.nextDifference(after: first) == nil)
        let step = timeline.steps[first]
        #expect(step.recorded.effects != step.now.effects)
        let lines = TravelPanes.lines(.difference, of: step, width: 80)
        #expect(lines.contains { $0.contains("Email kept") && $0.contains("EMAIL KEPT") && $0.contains(" ≠ ") })
    }

    @Test("a recording of format 2 reads without times; one of a later format is refused, saying what to do")
    func formats() async throws {
        let recording = await FormRecording.make()
        let older = recording
            .replacing(#"{"format":3,"kind":"session"}"#, with: #"{"format":2,"kind":"session"}"#)
            .replacing(/"ms":\d+,/, with: "")
        let timeline = try SessionTimeline(recording: older, modules: [.screen(TravellerForm.self)])
        #expect(timeline.format == 2)
        #expect(timeline.steps.allSatisfy { $0.milliseconds == nil })
        #expect(timeline.steps.count == 4)
        let later = recording.replacing(#"{"format":3,"kind":"session"}"#, with: #"{"format":9,"kind":"session"}"#)
        let error = #expect(throws: RecordingError.self) {
            try SessionTimeline(recording: later, modules: [.screen(TravellerForm.self)])
        }
        #expect(error?.message.contains("format is 9") == true)
        #expect(error?.message.contains("the version of flights that recorded it") == true)
        #expect(throws: RecordingError.self) { try SessionTimeline(recording: recording, modules: []) }
    }
}
