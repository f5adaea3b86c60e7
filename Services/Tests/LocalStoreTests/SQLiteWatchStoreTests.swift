import Entities
import Foundation
import GRDB
import LocalStore
import Services
import Testing

/// The price watches' SQLite store: numbers, history in order, a check written whole, two stores at once, and files
/// it must leave alone (not a database, a later version's).
@Suite("Watches store")
struct SQLiteWatchStoreTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("flights-watches-\(UUID().uuidString)", isDirectory: true)

    var file: URL { directory.appendingPathComponent("watches.sqlite") }

    static func watch(_ from: String = "LHR", _ to: String = "JFK", below: Decimal? = nil) -> PriceWatch {
        let day = CalendarDate(year: 2031, month: 3, day: 20)!
        return PriceWatch(
            id: 0,
            search: SearchRequest(
                slices: [SearchSlice(origin: from, destination: to, departureDate: day)], passengers: [.adult]),
            latestDeparture: day.adding(days: 3), below: below, airlines: ["BA"], createdAt: Date(timeIntervalSince1970: 1_900_000_000),
            backend: "sandbox")
    }

    static func check(_ amount: Decimal?, at seconds: TimeInterval) -> PriceCheck {
        PriceCheck(
            checkedAt: Date(timeIntervalSince1970: seconds), lowest: amount.map { Money(amount: $0, currency: "GBP") },
            offer: amount.map { _ in
                WatchedOffer(
                    offerID: "off_1", airlineCode: "BA", airline: "British Airways",
                    legs: [BookingRecord.Leg(origin: "LHR", destination: "JFK", departingAt: nil, arrivingAt: nil, flightNumbers: ["BA117"])],
                    fareBrand: "Basic", refundable: false, changeable: true)
            })
    }

    @Test("watches get numbers, keep their search and terms, and their checks come back oldest first, exactly")
    func roundTrip() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SQLiteWatchStore(directory: directory)
        #expect(try store.watches().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path), "reading nothing creates nothing")
        let first = try store.add(Self.watch(below: Decimal(string: "399.50")))
        let second = try store.add(Self.watch("CDG", "NRT"))
        #expect(first.id == 1 && second.id == 2)
        try store.record([(first.id, Self.check(Decimal(string: "412.37"), at: 200)), (second.id, Self.check(nil, at: 200))])
        // Each watch's history as it was just before, read in the writing transaction.
        #expect(try store.record([(first.id, Self.check(401, at: 100))]) == [first.id: [Self.check(Decimal(string: "412.37"), at: 200)]])
        // A watch and its first check are kept together.
        let third = try store.add(Self.watch("LHR", "LIS"), firstCheck: Self.check(99, at: 300))
        #expect(try store.history(of: third.id) == [Self.check(99, at: 300)])
        #expect(try store.remove(third.id))

        let again = SQLiteWatchStore(directory: directory)
        #expect(try again.watches() == [first, second])
        #expect(first.backend == "sandbox")
        #expect(try again.history(of: first.id) == [Self.check(401, at: 100), Self.check(Decimal(string: "412.37"), at: 200)])
        #expect(try again.history(of: second.id) == [Self.check(nil, at: 200)])
    }

    @Test("removing a watch removes its history; a check of a removed watch is dropped, the others written")
    func removal() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SQLiteWatchStore(directory: directory)
        let kept = try store.add(Self.watch())
        let gone = try store.add(Self.watch("CDG", "NRT"))
        try store.record([(gone.id, Self.check(500, at: 1))])
        #expect(try store.remove(gone.id))
        #expect(try !store.remove(gone.id))
        try store.record([(kept.id, Self.check(300, at: 2)), (gone.id, Self.check(299, at: 2))])
        #expect(try store.watches().map(\.id) == [kept.id])
        #expect(try store.history(of: gone.id).isEmpty)
        #expect(try store.history(of: kept.id).count == 1)
        // Numbers are never given twice, so a removed watch's number never names another.
        #expect(try store.add(Self.watch()).id == 3)
    }

    @Test("two stores writing at once, as two processes would, both land whole")
    func concurrentWriters() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = try SQLiteWatchStore(directory: directory).add(Self.watch())
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let store = SQLiteWatchStore(directory: directory)
                    for index in 0..<25 {
                        _ = try? store.record([(watch.id, Self.check(Decimal(writer * 100 + index), at: Double(writer * 100 + index)))])
                    }
                }
            }
        }
        let history = try SQLiteWatchStore(directory: directory).history(of: watch.id)
        #expect(history.count == 100)
        #expect(Set(history.compactMap(\.lowest?.amount)).count == 100)
    }

    @Test("a file that is not a watches database is named, with what to do, and left as it was")
    func notADatabase() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x7B, count: 5_000)
        try junk.write(to: file)
        let store = SQLiteWatchStore(directory: directory)
        #expect(throws: WatchStoreError.corrupt(path: file.path, reason: "it is not a watches database")) { try store.watches() }
        #expect(throws: WatchStoreError.self) { try store.add(Self.watch()) }
        #expect(try Data(contentsOf: file) == junk)
        #expect(WatchStoreError.corrupt(path: file.path, reason: "x").description.contains("Move it aside"))
    }

    @Test("a file a later version migrated is refused for reading and writing, and not touched")
    func newerVersion() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = SQLiteWatchStore(directory: directory)
        _ = try store.add(Self.watch())
        // What a later flights leaves: a migration this one does not know.
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9')") }
        try queue.close()
        let before = try Data(contentsOf: file)
        let later = SQLiteWatchStore(directory: directory)
        #expect(throws: WatchStoreError.newerFormat(path: file.path)) { try later.watches() }
        #expect(throws: WatchStoreError.newerFormat(path: file.path)) { try later.add(Self.watch()) }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("a folder where the file should be is said, not overwritten")
    func folderInTheWay() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let store = SQLiteWatchStore(directory: directory)
        #expect(throws: WatchStoreError.io(path: file.path, reason: "a folder is where the watches file should be; move it aside")) {
            try store.add(Self.watch())
        }
    }
}
