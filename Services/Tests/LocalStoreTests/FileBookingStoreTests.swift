import Entities
import Foundation
import LocalStore
import Services
import Testing

@Suite("Bookings kept on disk")
struct FileBookingStoreTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("flights-store-\(UUID().uuidString)", isDirectory: true)

    func record(_ key: String, reference: String? = nil, state: BookingRecord.State = .pending, created: TimeInterval = 0) -> BookingRecord {
        BookingRecord(
            bookingKey: key, offerID: "off_\(key)", bookingReference: reference, backend: "sandbox",
            legs: [BookingRecord.Leg(origin: "LHR", destination: "JFK", departingAt: LocalDateTime("2026-12-18T09:45:00"),
                                     arrivingAt: LocalDateTime("2026-12-18T12:50:00"), flightNumbers: ["BA117"])],
            passengers: ["Ada Lovelace"], total: Money(amount: 298, currency: "GBP"), state: state,
            createdAt: Date(timeIntervalSince1970: 1_795_000_000 + created),
            updatedAt: Date(timeIntervalSince1970: 1_795_000_000 + created))
    }

    @Test("a saved record is read back by another store on the same folder, newest first")
    func persists() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileBookingStore(directory: directory)
        #expect(try store.records().isEmpty)
        try store.save(record("a", created: 0))
        try store.save(record("b", reference: "RZPVYB", state: .confirmed, created: 10))
        let other = FileBookingStore(directory: directory)
        #expect(try other.records().map(\.bookingKey) == ["b", "a"])
        #expect(try other.record(reference: "rzpvyb")?.bookingKey == "b")
    }

    @Test("saving the same key replaces the record: pending becomes confirmed")
    func upserts() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileBookingStore(directory: directory)
        try store.save(record("a"))
        try store.save(record("a", reference: "ABCDEF", state: .confirmed))
        let all = try store.records()
        #expect(all.count == 1)
        #expect(all.first?.state == .confirmed && all.first?.bookingReference == "ABCDEF")
    }

    @Test("many writers at once lose nothing and leave a readable file")
    func concurrentWriters() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Separate store objects open separate lock descriptors, as separate processes do.
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let store = FileBookingStore(directory: directory)
                    try? store.save(record("k\(index)", created: Double(index)))
                }
            }
        }
        let keys = Set(try FileBookingStore(directory: directory).records().map(\.bookingKey))
        #expect(keys == Set((0..<40).map { "k\($0)" }))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("a damaged file is reported and left as it is")
    func corrupt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("bookings.json")
        try Data("{not json".utf8).write(to: file)
        let store = FileBookingStore(directory: directory)
        #expect(throws: BookingStoreError.self) { try store.records() }
        #expect(throws: BookingStoreError.self) { try store.save(record("a")) }
        #expect(try Data(contentsOf: file) == Data("{not json".utf8))
    }

    @Test("a file of a newer format is read but never written over, so none of its fields are lost")
    func newerFormat() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("bookings.json")
        let newer = Data(#"{"version": 2, "bookings": [], "seats": {"kept": true}}"#.utf8)
        try newer.write(to: file)
        let store = FileBookingStore(directory: directory)
        #expect(try store.records().isEmpty)
        #expect(throws: BookingStoreError.newerFormat(path: file.path, version: 2)) { try store.save(record("a")) }
        #expect(try Data(contentsOf: file) == newer)
        #expect(BookingStoreError.newerFormat(path: file.path, version: 2).description.contains("written by a newer flights"))
    }

    @Test("a folder where the file should be, or a file where the folder should be, is named in words")
    func thingsInTheWay() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("bookings.json", isDirectory: true), withIntermediateDirectories: true)
        let error = #expect(throws: BookingStoreError.self) { try FileBookingStore(directory: directory).records() }
        #expect(error?.description.contains("a folder is where the bookings file should be") == true, "\(String(describing: error))")

        let file = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: file)
        let underFile = #expect(throws: BookingStoreError.self) {
            try FileBookingStore(directory: file.appendingPathComponent("flights")).save(record("a"))
        }
        #expect(underFile?.description.contains("\(file.path) is a file, not a folder") == true, "\(String(describing: underFile))")
        #expect(underFile?.description.contains("NSCocoaErrorDomain") == false)
    }

    @Test("an unwritable folder is an error in words, not a crash")
    func unwritable() throws {
        let store = FileBookingStore(directory: URL(fileURLWithPath: "/proc/flights-cannot-be-here"))
        do {
            try store.save(record("a"))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/proc/flights-cannot-be-here"))
        }
    }

    @Test("the data directory follows FLIGHTS_DATA_DIR, then XDG_DATA_HOME, then HOME")
    func dataDirectory() {
        #expect(DataDirectory.flights(environment: ["FLIGHTS_DATA_DIR": "/tmp/x", "HOME": "/home/a"]).path == "/tmp/x")
        #if !os(macOS)
        #expect(DataDirectory.flights(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]).path == "/data/flights")
        #expect(DataDirectory.flights(environment: ["HOME": "/home/a"]).path == "/home/a/.local/share/flights")
        #endif
    }

    @Test("routes read as a traveller reads them")
    func routes() {
        var round = record("r")
        round.legs.append(BookingRecord.Leg(origin: "JFK", destination: "LHR", departingAt: nil, arrivingAt: nil, flightNumbers: []))
        #expect(round.route == "LHR → JFK → LHR")
        var openJaw = record("o")
        openJaw.legs.append(BookingRecord.Leg(origin: "BOS", destination: "LHR", departingAt: nil, arrivingAt: nil, flightNumbers: []))
        #expect(openJaw.route == "LHR → JFK, BOS → LHR")
    }
}
