import Entities
import Foundation
import Testing

/// `--record FILE` empties FILE, so it refuses a path in Flights' data directory, however it is spelt (directly,
/// through `..`, through a link), and any existing file that is not a recording: the file is left byte for byte as
/// it was, and the command stops as bad input before anything else (issue 21, item 5).
@Suite struct RecordOverStoreTests {
    /// A data directory holding a bookings file, and its bytes.
    static func withBookings(_ body: (FlightsApp, Data) async throws -> Void) async throws {
        try await FlightsApp.withFreshData { app in
            try BookingsFile.write(BookingsFile.pastRecords(2), to: app)
            let list = try await app.run(["bookings"])
            #expect(list.status == 0 && list.output.contains(BookingsFile.reference(1)), "\(list)")
            let before = try #require(BookingsFile.bytes(app))
            try await body(app, before)
        }
    }

    /// `flights bookings --record path` is refused as a path in the data directory, and the bookings file is unchanged.
    static func expectRefusedInDataDirectory(
        _ app: FlightsApp, _ path: String, bookings before: Data, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let run = try await app.run(["bookings", "--record", path])
        #expect(run.status == 64, "\(run)", sourceLocation: sourceLocation)
        #expect(run.said.contains("\(String(reflecting: path)) is in Flights' data directory"), "\(run)",
                sourceLocation: sourceLocation)
        #expect(run.said.contains("a recording would overwrite them. Record to a file elsewhere."), "\(run)",
                sourceLocation: sourceLocation)
        // Refused before the list is shown: nothing ran.
        #expect(!run.output.contains(BookingsFile.reference(1)), "\(run)", sourceLocation: sourceLocation)
        #expect(BookingsFile.bytes(app) == before, "the bookings file changed", sourceLocation: sourceLocation)
    }

    @Test func theBookingsFileItselfIsRefused() async throws {
        try await Self.withBookings { app, before in
            try await Self.expectRefusedInDataDirectory(app, BookingsFile.url(app).path, bookings: before)
        }
    }

    @Test func theBookingsFileThroughDotDotIsRefused() async throws {
        try await Self.withBookings { app, before in
            // Out of the data directory and back in.
            let path = app.dataDirectory.path + "/../" + app.dataDirectory.lastPathComponent + "/bookings.json"
            try await Self.expectRefusedInDataDirectory(app, path, bookings: before)
        }
    }

    @Test func aLinkToTheBookingsFileIsRefused() async throws {
        try await Self.withBookings { app, before in
            let link = app.root.appendingPathComponent("notes.jsonl")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: BookingsFile.url(app))
            try await Self.expectRefusedInDataDirectory(app, link.path, bookings: before)
        }
    }

    @Test func aPathThroughALinkedFolderIntoTheDataDirectoryIsRefused() async throws {
        try await Self.withBookings { app, before in
            let folder = app.root.appendingPathComponent("elsewhere")
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: app.dataDirectory)
            try await Self.expectRefusedInDataDirectory(app, folder.path + "/bookings.json", bookings: before)
        }
    }

    @Test func aNewFileInTheDataDirectoryIsRefusedAndNotCreated() async throws {
        try await Self.withBookings { app, before in
            let path = app.dataDirectory.appendingPathComponent("session.jsonl").path
            try await Self.expectRefusedInDataDirectory(app, path, bookings: before)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func anExistingFileElsewhereThatIsNotARecordingIsRefusedAndUnchanged() async throws {
        try await FlightsApp.withFreshData { app in
            let notes = try app.file("notes.txt", contents: "Passport renewal: March\n")
            let run = try await app.run(["bookings", "--record", notes.path])
            #expect(run.status == 64, "\(run)")
            #expect(
                run.said.contains("\(String(reflecting: notes.path)) exists and is not a recording; recording would replace what it holds."),
                "\(run)")
            #expect(try String(contentsOf: notes, encoding: .utf8) == "Passport renewal: March\n")
        }
    }

    /// The control: a new file elsewhere is recorded to, so the refusals above are about the path, not `--record`.
    @Test func aNewFileElsewhereIsRecordedTo() async throws {
        try await Self.withBookings { app, before in
            let file = app.root.appendingPathComponent("session.jsonl")
            let run = try await app.run(["bookings", "--record", file.path])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains(BookingsFile.reference(1)), "\(run)")
            let recorded = try String(contentsOf: file, encoding: .utf8)
            #expect(recorded.hasPrefix("{\"format\":3,\"kind\":\"session\"}"), "\(recorded)")
            #expect(BookingsFile.bytes(app) == before)
        }
    }
}
