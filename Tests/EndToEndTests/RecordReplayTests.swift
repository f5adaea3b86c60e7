import Foundation
import Testing

/// A bug report is a file: `flights --record FILE` writes the session, `flights replay FILE` runs it again with no
/// network and names the first step that now differs.
@Suite struct RecordReplayTests {
    /// Search → offers sorted and filtered → summary → passenger details → booked, recorded on a pipe.
    static func recordBooking(_ app: FlightsApp, to file: URL) async throws -> String {
        let flights = try app.start(["--record", file.path])
        defer { flights.terminate() }
        let session = Conversation(flights)
        try await session.searchOffers(from: "LHR", to: "JFK", date: TravelData.nextMonthISO)
        try flights.send(line: "sort duration")
        try await session.expect("Sort: duration")
        try flights.send(line: "filter stops 1")
        try await session.expect("Offer number or command")
        try flights.send(line: "1")
        try await session.expect("Book this offer?")
        try flights.send(line: "y")
        try await session.enterValidPassenger()
        try await session.expect("What next?")
        try await session.answer("Choose", with: "1")
        try await session.expect("now?")
        try flights.send(line: "y")
        let booked = try await session.expect("Press Enter to see your bookings")
        let reference = try #require(Screen.bookingReference(in: booked), "no booking reference in:\n\(booked)")
        try flights.send(line: "")
        try await session.expect("Your bookings")
        flights.closeInput()
        let status = try await flights.waitForExit()
        #expect(status == 0, "\(flights.transcript)")
        return reference
    }

    @Test func aRecordedBookingReplaysItsScreensWithNoNetworkAndHoldsNoPersonalData() async throws {
        try await FlightsApp.withFreshData { app in
            let file = app.root.appendingPathComponent("session.jsonl")
            let reference = try await Self.recordBooking(app, to: file)
            let recording = try String(contentsOf: file, encoding: .utf8)
            for personal in ["Ada", "Lovelace", "ada@example.com", "+442080160508", "1985-12-10"] {
                #expect(!recording.contains(personal), "the recording holds \(personal)")
            }
            for module in ["FlightSearch", "FlightAvailability", "FlightBookings"] {
                #expect(recording.contains("\"module\":\"\(module)\""), "no step of \(module) was recorded")
            }

            // No backend at all: an API address nothing listens on, and the replay still shows the screens.
            let replay = try await app.run(["replay", file.path], environment: ["FLIGHTS_API_URL": "http://127.0.0.1:9"])
            #expect(replay.status == 0, "\(replay)")
            #expect(replay.output.contains("Search flights"), "\(replay)")
            #expect(replay.output.contains("Sort: duration"), "\(replay)")
            #expect(replay.output.contains("at most 1 stop"), "\(replay)")
            #expect(replay.output.contains("── step 1 · FlightSearch · appeared"), "\(replay)")
            // The bookings list after the booking: its reference, and the passenger's name redacted.
            #expect(replay.output.contains(reference), "the replay does not show the booking \(reference):\n\(replay)")
            #expect(replay.output.contains("Redacted"), "\(replay)")
            #expect(replay.errors.contains("replayed"), "\(replay)")
        }
    }

    @Test func aStepThatNowDoesSomethingElseIsNamed() async throws {
        try await FlightsApp.withFreshData { app in
            let file = app.root.appendingPathComponent("session.jsonl")
            _ = try await Self.recordBooking(app, to: file)
            // Change what one recorded step did (the sort's screen says price, not duration), as a changed reducer
            // would.
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            let index = try #require(lines.firstIndex { $0.contains("\"kind\":\"step\"") && $0.contains("Sort: duration") })
            let step = try #require(
                (try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any])?["step"] as? Int)
            lines[index] = lines[index].replacingOccurrences(of: "Sort: duration", with: "Sort: price")
            let tampered = app.root.appendingPathComponent("tampered.jsonl")
            try lines.joined(separator: "\n").write(to: tampered, atomically: true, encoding: .utf8)

            let replay = try await app.run(["replay", tampered.path])
            #expect(replay.status == 1, "\(replay)")
            #expect(replay.errors.contains("Step \(step) differs: FlightAvailability"), "\(replay)")
        }
    }

    @Test func theCommittedBookingSessionReplaysGreen() async throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sessions/booking.jsonl")
        try await FlightsApp.withFreshData { app in
            let replay = try await app.run(["replay", "--quiet", file.path])
            #expect(replay.status == 0, "re-record it with scripts/record-session if the change was meant:\n\(replay)")
            #expect(replay.output.contains("Sort: duration"), "\(replay)")
            #expect(replay.output.contains("Your bookings"), "\(replay)")
        }
    }

    @Test func aFileThatIsNotARecordingIsBadInput() async throws {
        try await FlightsApp.withFreshData { app in
            let file = try app.file("notes.txt", contents: "hello\n")
            let replay = try await app.run(["replay", file.path])
            #expect(replay.status == 64, "\(replay)")
            #expect(replay.errors.contains("not a recorded step"), "\(replay)")
            let missing = try await app.run(["replay", app.root.appendingPathComponent("none.jsonl").path])
            #expect(missing.status == 64, "\(missing)")
            #expect(missing.errors.contains("cannot be read"), "\(missing)")
            #expect(missing.errors.contains("it does not exist"), "\(missing)")
        }
    }

    @Test func aDeviceOrAFolderIsSaidAsWhatItIsNeverPermissionDenied() async throws {
        try await FlightsApp.withFreshData { app in
            for (path, what) in [("/dev/zero", "it is a device, not a file"), (app.root.path, "it is a folder, not a file")] {
                let replay = try await app.run(["replay", path])
                #expect(replay.status == 64, "\(replay)")
                #expect(replay.errors.contains(what), "\(replay)")
                #expect(!replay.errors.contains("permission denied"), "\(replay)")
            }
        }
    }
}
