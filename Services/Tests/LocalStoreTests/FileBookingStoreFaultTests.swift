import Entities
import Foundation
import LocalStore
import Services
import Testing

/// The bookings file when it cannot be used as it is: what the store says, and that it leaves the file alone.
@Suite("Bookings file faults")
struct FileBookingStoreFaultTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("flights-store-faults-\(UUID().uuidString)", isDirectory: true)

    var file: URL { directory.appendingPathComponent("bookings.json") }

    func record(_ key: String) -> BookingRecord {
        BookingRecord(
            bookingKey: key, offerID: "off_\(key)", backend: "sandbox", legs: [], passengers: ["Ada Lovelace"],
            total: Money(amount: 298, currency: "GBP"), state: .pending, createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
    }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    @Test("a newer format whose records this version cannot read is reported as newer, never as damaged")
    func newerFormatWithUnknownRecords() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let newer = #"{"version": 3, "bookings": [{"booking_key": "k", "state": "rebooked"}]}"#
        try write(newer)
        let store = FileBookingStore(directory: directory)
        #expect(throws: BookingStoreError.newerFormat(path: file.path, version: 3)) { try store.records() }
        #expect(throws: BookingStoreError.newerFormat(path: file.path, version: 3)) { try store.save(record("a")) }
        #expect(try Data(contentsOf: file) == Data(newer.utf8))
    }

    @Test("a damaged file is described in words: empty, not JSON, or the field that is wrong", arguments: [
        ("", "it is empty"),
        ("{not json", "it is not valid JSON"),
        (#"{"bookings": []}"#, "version is missing"),
        (#"{"version": 1, "bookings": [{"offer_id": "off_1", "backend": "sandbox", "legs": [], "passengers": [], "#
            + #""total": {"amount": "1.00", "currency": "GBP"}, "state": "pending", "#
            + #""created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}]}"#,
         "bookings[0].booking_key is missing"),
        (#"{"version": "one", "bookings": []}"#, "the value of version is not one this version reads"),
    ])
    func corruptReasons(_ contents: String, _ reason: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(contents)
        let error = #expect(throws: BookingStoreError.self) { try FileBookingStore(directory: directory).records() }
        #expect(error == .corrupt(path: file.path, reason: reason))
        #expect(error?.description.contains("DecodingError") == false)
    }

    @Test("the temporary file of a writer killed before its rename is removed by the next write")
    func staleTemporaryFiles() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stale = directory.appendingPathComponent(".bookings.json.999999.42.tmp")
        try Data("{\"version\": 1, \"boo".utf8).write(to: stale)
        let unrelated = directory.appendingPathComponent("notes.tmp")
        try Data("mine".utf8).write(to: unrelated)
        try FileBookingStore(directory: directory).save(record("a"))
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test("rewriting the file keeps its permissions")
    func keepsPermissions() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileBookingStore(directory: directory)
        try store.save(record("a"))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try store.save(record("b"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}
