import Entities
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the store could not do what was asked.
enum StoreError: Error, Sendable, CustomStringConvertible {
    /// The offer already has an order (a second booking, perhaps from another process).
    case offerAlreadyBooked(orderID: String)
    /// The cancellation was confirmed before.
    case cancellationAlreadyConfirmed
    /// The order was cancelled before.
    case orderAlreadyCancelled
    /// No such row.
    case notFound
    /// SQLite or the JSON in a row failed.
    case database(String)

    var description: String {
        switch self {
        case .offerAlreadyBooked(let orderID): "The offer was already booked (order \(orderID))."
        case .cancellationAlreadyConfirmed: "The cancellation was already confirmed."
        case .orderAlreadyCancelled: "The order is already cancelled."
        case .notFound: "Not found."
        case .database(let reason): "The sandbox's store failed: \(reason)"
        }
    }
}

/// Orders, cancellations and per-offer read counts in SQLite (WAL), in the data directory. SQLite's locking
/// lets several sandbox processes share one directory: each sees every booking, and two writers never
/// corrupt the file or book one offer twice.
final class SandboxStore: Sendable {
    static let fileName = "sandbox.sqlite"

    private let pool: DatabasePool
    let path: String

    init(directory: URL) throws(SandboxError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDataDirectory(path: directory.path, reason: FileProblem.reason(error, creatingFolder: directory))
        }
        path = directory.appendingPathComponent(SandboxStore.fileName).path
        var configuration = Configuration()
        // Another process may hold the write lock for a moment; wait rather than fail.
        configuration.busyMode = .timeout(15)
        configuration.label = "flights-sandbox"
        // Opening a new database (switching it to WAL) and migrating it are not safe to race: two processes
        // starting on a fresh directory could each fail with "database is locked" or create the tables twice.
        // An exclusive lock on a companion file lets one open and migrate while the others wait.
        let lock = try SandboxStore.lockFile(path + ".lock")
        defer { SandboxStore.unlock(lock) }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try SandboxStore.migrator.migrate(pool)
        } catch {
            throw .cannotOpenStore(path: path, reason: "\(error)")
        }
    }

    private static func lockFile(_ lockPath: String) throws(SandboxError) -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpenStore(path: lockPath, reason: String(cString: strerror(errno)))
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .cannotOpenStore(path: lockPath, reason: reason)
            }
        }
        return descriptor
    }

    private static func unlock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE orders (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    booking_reference TEXT NOT NULL UNIQUE,
                    offer_id TEXT NOT NULL UNIQUE,
                    created_at REAL NOT NULL,
                    body TEXT NOT NULL
                );
                CREATE TABLE order_cancellations (
                    id TEXT PRIMARY KEY NOT NULL,
                    order_id TEXT NOT NULL REFERENCES orders(id),
                    body TEXT NOT NULL
                );
                CREATE TABLE offer_reads (
                    offer_id TEXT PRIMARY KEY NOT NULL,
                    reads INTEGER NOT NULL
                );
                """)
        }
        registerOrderChangeTables(in: &migrator)
        return migrator
    }

    // MARK: - Offers

    /// How many times an offer has been read.
    func reads(ofOffer offerID: String) async throws(StoreError) -> Int {
        try await run { db in
            try Int.fetchOne(db, sql: "SELECT reads FROM offer_reads WHERE offer_id = ?", arguments: [offerID]) ?? 0
        } write: { false }
    }

    /// Counts one more read of an offer and answers the new count.
    func recordRead(ofOffer offerID: String) async throws(StoreError) -> Int {
        try await run { db in
            try Int.fetchOne(db, sql: """
                INSERT INTO offer_reads (offer_id, reads) VALUES (?, 1)
                ON CONFLICT(offer_id) DO UPDATE SET reads = reads + 1
                RETURNING reads
                """, arguments: [offerID]) ?? 1
        } write: { true }
    }

    /// The order of an offer, if it was booked.
    func order(forOffer offerID: String) async throws(StoreError) -> Order? {
        let body = try await run { db in
            try String.fetchOne(db, sql: "SELECT body FROM orders WHERE offer_id = ?", arguments: [offerID])
        } write: { false }
        return try body.map(SandboxStore.decode)
    }

    // MARK: - Orders

    /// The offer an order booked.
    func offerID(ofOrder orderID: String) async throws(StoreError) -> String? {
        try await run { db in
            try String.fetchOne(db, sql: "SELECT offer_id FROM orders WHERE id = ?", arguments: [orderID])
        } write: { false }
    }

    /// Stores a new order for `offerID`, giving it a booking reference no other order has. Fails with
    /// `offerAlreadyBooked` when the offer already has one, whichever process booked it.
    func insertOrder(_ order: Order, offerID: String) async throws(StoreError) -> Order {
        for _ in 0..<8 {
            var draft = order
            draft.bookingReference = SandboxStore.newBookingReference()
            let candidate = draft
            let body = try SandboxStore.encode(candidate)
            let reference = candidate.bookingReference
            let outcome: InsertOutcome = try await run { db in
                if let existing = try String.fetchOne(db, sql: "SELECT id FROM orders WHERE offer_id = ?", arguments: [offerID]) {
                    return .duplicateOffer(existing)
                }
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM orders WHERE booking_reference = ?", arguments: [reference]) == true {
                    return .referenceTaken
                }
                try db.execute(
                    sql: "INSERT INTO orders (id, booking_reference, offer_id, created_at, body) VALUES (?, ?, ?, ?, ?)",
                    arguments: [candidate.id, reference, offerID, (candidate.createdAt ?? Date()).timeIntervalSince1970, body])
                return .inserted
            } write: { true }
            switch outcome {
            case .inserted: return candidate
            case .duplicateOffer(let existing): throw .offerAlreadyBooked(orderID: existing)
            case .referenceTaken: continue
            }
        }
        throw .database("no free booking reference was found after 8 tries")
    }

    func order(id: String) async throws(StoreError) -> Order? {
        let body = try await run { db in
            try String.fetchOne(db, sql: "SELECT body FROM orders WHERE id = ?", arguments: [id])
        } write: { false }
        return try body.map(SandboxStore.decode)
    }

    /// Orders newest first, after the order with sequence number `before` (exclusive), at most `limit`; also
    /// answers the sequence number of the last one when more follow.
    func orders(
        bookingReference: String?, limit: Int, before: Int?
    ) async throws(StoreError) -> (orders: [Order], nextBefore: Int?) {
        let rows: [(Int, String)] = try await run { db in
            var sql = "SELECT seq, body FROM orders WHERE seq < ?"
            var arguments: StatementArguments = [before ?? Int.max]
            if let bookingReference {
                sql += " AND booking_reference = ?"
                arguments += [bookingReference.uppercased()]
            }
            sql += " ORDER BY seq DESC LIMIT ?"
            arguments += [limit + 1]
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                (try row.decode(Int.self, forColumn: "seq"), try row.decode(String.self, forColumn: "body"))
            }
        } write: { false }
        let page = rows.prefix(limit)
        var orders: [Order] = []
        for row in page { orders.append(try SandboxStore.decode(row.1)) }
        return (orders, rows.count > limit ? page.last?.0 : nil)
    }

    /// Replaces order `id` with what `update` makes of it, in one transaction; `nil` when there is no such order or
    /// `update` declines (answers `nil`).
    func updateOrder(id: String, update: @escaping @Sendable (Order) -> Order?) async throws(StoreError) -> Order? {
        try await run { db in
            guard let body = try String.fetchOne(db, sql: "SELECT body FROM orders WHERE id = ?", arguments: [id]) else {
                return nil
            }
            guard let updated = update(try SandboxStore.decodeForDatabase(body)) else { return nil }
            try db.execute(
                sql: "UPDATE orders SET body = ? WHERE id = ?",
                arguments: [try SandboxStore.encodeForDatabase(updated), id])
            return updated
        } write: { true }
    }

    // MARK: - Cancellations

    func insertCancellation(_ cancellation: OrderCancellation) async throws(StoreError) {
        let body = try SandboxStore.encode(cancellation)
        try await run { db in
            try db.execute(
                sql: "INSERT INTO order_cancellations (id, order_id, body) VALUES (?, ?, ?)",
                arguments: [cancellation.id, cancellation.orderId, body])
        } write: { true }
    }

    func cancellation(id: String) async throws(StoreError) -> OrderCancellation? {
        let body = try await run { db in
            try String.fetchOne(db, sql: "SELECT body FROM order_cancellations WHERE id = ?", arguments: [id])
        } write: { false }
        return try body.map(SandboxStore.decode)
    }

    /// Confirms a cancellation and cancels its order in one transaction, so two confirmations racing from two
    /// processes cannot both succeed.
    func confirmCancellation(
        id: String, at date: Date, update: @escaping @Sendable (Order) -> Order
    ) async throws(StoreError) -> (OrderCancellation, Order) {
        let outcome: ConfirmOutcome = try await run { db in
            guard let cancellationBody = try String.fetchOne(
                db, sql: "SELECT body FROM order_cancellations WHERE id = ?", arguments: [id]) else { return .missing }
            var cancellation: OrderCancellation = try SandboxStore.decodeForDatabase(cancellationBody)
            if cancellation.confirmedAt != nil { return .alreadyConfirmed }
            guard let orderBody = try String.fetchOne(
                db, sql: "SELECT body FROM orders WHERE id = ?", arguments: [cancellation.orderId]) else { return .missing }
            let order: Order = try SandboxStore.decodeForDatabase(orderBody)
            if order.cancelledAt != nil { return .orderCancelled }
            cancellation.confirmedAt = date
            let cancelled = update(order)
            try db.execute(
                sql: "UPDATE order_cancellations SET body = ? WHERE id = ?",
                arguments: [try SandboxStore.encodeForDatabase(cancellation), id])
            try db.execute(
                sql: "UPDATE orders SET body = ? WHERE id = ?",
                arguments: [try SandboxStore.encodeForDatabase(cancelled), order.id])
            return .confirmed(cancellation, cancelled)
        } write: { true }
        switch outcome {
        case .confirmed(let cancellation, let order): return (cancellation, order)
        case .missing: throw .notFound
        case .alreadyConfirmed: throw .cancellationAlreadyConfirmed
        case .orderCancelled: throw .orderAlreadyCancelled
        }
    }

    // MARK: - Plumbing

    private enum InsertOutcome: Sendable { case inserted, duplicateOffer(String), referenceTaken }
    private enum ConfirmOutcome: Sendable {
        case confirmed(OrderCancellation, Order), missing, alreadyConfirmed, orderCancelled
    }

    /// Runs `body` in a read or a write transaction, turning every failure into ``StoreError``.
    func run<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T, write: () -> Bool
    ) async throws(StoreError) -> T {
        do {
            if write() {
                return try await pool.write(body)
            }
            return try await pool.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    /// Six characters, as airlines' booking references are, from letters and digits that cannot be misread.
    static func newBookingReference() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    static func encode(_ value: some Encodable) throws(StoreError) -> String {
        do { return try encodeForDatabase(value) } catch { throw .database("a record could not be encoded: \(error)") }
    }

    static func decode<T: Decodable>(_ text: String) throws(StoreError) -> T {
        do { return try decodeForDatabase(text) } catch { throw .database("a stored record could not be read: \(error)") }
    }

    static func encodeForDatabase(_ value: some Encodable) throws -> String {
        String(decoding: try DuffelJSON.encoder().encode(value), as: UTF8.self)
    }

    static func decodeForDatabase<T: Decodable>(_ text: String) throws -> T {
        try DuffelJSON.decoder().decode(T.self, from: Data(text.utf8))
    }
}
