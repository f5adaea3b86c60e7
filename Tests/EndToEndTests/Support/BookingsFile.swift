import Entities
import Foundation

/// The bookings file of a test's data directory, written and read back the way the app's store does (Duffel's
/// JSON conventions, `{"version": 1, "bookings": [...]}`), so a test can lay down any state and check what is left.
enum BookingsFile {
    /// The file's shape on disk.
    struct Contents: Codable {
        var version: Int
        var bookings: [BookingRecord]
    }

    /// `$FLIGHTS_DATA_DIR/bookings.json`.
    static func url(_ app: FlightsApp) -> URL {
        app.dataDirectory.appendingPathComponent("bookings.json")
    }

    /// The file's bytes, or `nil` when there is none.
    static func bytes(_ app: FlightsApp) -> Data? {
        try? Data(contentsOf: url(app))
    }

    /// The file read back; fails (with the reason) when it is not a whole bookings file.
    static func decode(_ data: Data) throws -> Contents {
        try DuffelJSON.decoder().decode(Contents.self, from: data)
    }

    /// `records` as the store writes them.
    static func encode(_ records: [BookingRecord], version: Int = 1) throws -> Data {
        try DuffelJSON.encoder(pretty: true).encode(Contents(version: version, bookings: records))
    }

    /// Writes `records` as the app's bookings file.
    static func write(_ records: [BookingRecord], version: Int = 1, to app: FlightsApp) throws {
        try encode(records, version: version).write(to: url(app))
    }

    /// `count` confirmed bookings made long ago, each with its own key and reference, as a busy traveller's file.
    static func pastRecords(_ count: Int) -> [BookingRecord] {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        return (0..<count).map { index in
            let created = start.addingTimeInterval(Double(index) * 3_600)
            let day = String(format: "%02d", 1 + index % 28)
            return BookingRecord(
                bookingKey: "bk_past_\(index)", offerID: "off_past_\(index)", orderID: "ord_past_\(index)",
                bookingReference: reference(index), backend: "sandbox",
                legs: [BookingRecord.Leg(
                    origin: "LHR", destination: "JFK", departingAt: LocalDateTime("2024-01-\(day)T09:05:00"),
                    arrivingAt: LocalDateTime("2024-01-\(day)T12:10:00"), flightNumbers: ["BA\(100 + index % 900)"])],
                passengers: ["Ada Lovelace", "Charles Babbage"],
                total: Money(amount: Decimal(400 + index % 500), currency: "GBP"),
                state: .confirmed, createdAt: created, updatedAt: created)
        }
    }

    /// A six-character booking reference for `index` (`PST000`, `PST001`, …).
    static func reference(_ index: Int) -> String {
        let digits = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
        var value = index
        var tail = ""
        for _ in 0..<3 {
            let offset = digits.index(digits.startIndex, offsetBy: value % digits.count)
            tail = String(digits[offset]) + tail
            value /= digits.count
        }
        return "PST" + tail
    }
}
