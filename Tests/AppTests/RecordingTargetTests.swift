import Foundation
import Testing
import TerminalUI
@testable import FlightsApp

/// `--record FILE` truncates FILE: what may be recorded over, and what never is.
@MainActor
@Suite("Where a session may be recorded")
struct RecordingTargetTests {
    let root: URL
    let data: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("recording-target-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(#"{"bookings": []}"#.utf8).write(to: data.appendingPathComponent("bookings.json"))
    }

    func recorder(_ path: String) throws {
        _ = try SessionRecording.recorder(
            flag: path, environment: ["FLIGHTS_DATA_DIR": data.path], terminal: VirtualTerminal())
    }

    @Test("the bookings file, or any file of the data directory, is never recorded over, however the path is written")
    func storeFilesRefused() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let bookings = data.appendingPathComponent("bookings.json")
        let link = root.appendingPathComponent("link-to-data")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: data)
        for path in [bookings.path, data.path + "/../data/bookings.json", link.path + "/bookings.json",
                     data.appendingPathComponent("new.jsonl").path] {
            #expect(throws: (any Error).self, "\(path)") { try recorder(path) }
        }
        #expect(try Data(contentsOf: bookings) == Data(#"{"bookings": []}"#.utf8))
    }

    @Test("a file that is not a recording is refused and kept; a new file, an empty one or a recording is taken")
    func otherFiles() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let document = root.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: document)
        let error = #expect(throws: (any Error).self) { try recorder(document.path) }
        #expect(error.map { "\($0)".contains("is not a recording") } == true)
        #expect(try String(contentsOf: document, encoding: .utf8) == "my notes\n")
        #expect(throws: (any Error).self) { try recorder(root.path) }

        let earlier = root.appendingPathComponent("earlier.jsonl")
        try Data(#"{"kind":"session","format":1}"#.utf8 + Data("\n".utf8)).write(to: earlier)
        let empty = root.appendingPathComponent("empty.jsonl")
        try Data().write(to: empty)
        for path in [root.appendingPathComponent("new.jsonl").path, earlier.path, empty.path] {
            #expect(throws: Never.self, "\(path)") { try recorder(path) }
        }
    }

    @Test("replaying a folder says it is a folder, in words")
    func replayFolder() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let terminal = VirtualTerminal()
        #expect(SessionRecording.replay(path: root.path, terminal: terminal, showSteps: false) == 64)
        #expect(terminal.diagnostics.contains("it is a folder, not a file"))
        #expect(!terminal.diagnostics.contains("NSCocoaErrorDomain"))
    }
}
