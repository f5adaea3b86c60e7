public import Entities
public import Foundation
import GRDB
public import Services
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Price watches and their history in SQLite (`watches.sqlite`, WAL), in the data directory beside the bookings.
/// The schema grows by migrations from the first version on; a check is one transaction, so a check killed half-way
/// leaves the history as it was, and two processes checking at once both land (SQLite's locking, with a wait).
/// A file that is not a watches database, or that a later version migrated, is reported and never written.
public final class SQLiteWatchStore: WatchStore {
    /// The database file.
    public let fileURL: URL
    private let lockPath: String
    /// The database once opened: opened and migrated once per store, on first use.
    private let opened = Mutex<DatabasePool?>(nil)

    /// A store in `directory` (created when the first watch is added), file `watches.sqlite`.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("watches.sqlite")
        lockPath = fileURL.path + ".lock"
    }

    /// The store in the traveller's data directory.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> SQLiteWatchStore {
        SQLiteWatchStore(directory: DataDirectory.flights(environment: environment))
    }

    public var location: String { fileURL.path }

    public func add(_ watch: PriceWatch, firstCheck: PriceCheck?) throws(WatchStoreError) -> PriceWatch {
        let body = try encode(watch)
        let check = try firstCheck.map { check throws(WatchStoreError) in try row(check) }
        let id = try write { db in
            try db.execute(
                sql: "INSERT INTO watch (created_at, body) VALUES (?, ?)",
                arguments: [watch.createdAt.timeIntervalSince1970, body])
            let id = Int(db.lastInsertedRowID)
            if let check { try Self.insert(check, watch: id, in: db) }
            return id
        }
        var added = watch
        added.id = id
        return added
    }

    public func watches() throws(WatchStoreError) -> [PriceWatch] {
        guard exists else { return [] }
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT id, body FROM watch ORDER BY id").map { (id: $0["id"] as Int, body: $0["body"] as String) }
        }
        var all: [PriceWatch] = []
        for row in rows {
            var watch: PriceWatch = try decode(row.body)
            watch.id = row.id
            all.append(watch)
        }
        return all
    }

    public func history(of id: Int) throws(WatchStoreError) -> [PriceCheck] {
        guard exists else { return [] }
        return try checks(try read { db in try Self.rows(of: id, in: db) })
    }

    @discardableResult
    public func record(_ checks: [(watch: Int, check: PriceCheck)]) throws(WatchStoreError) -> [Int: [PriceCheck]] {
        guard !checks.isEmpty else { return [:] }
        var rows: [(watch: Int, row: CheckRow)] = []
        for (watch, check) in checks { rows.append((watch, try row(check))) }
        let before = try write { db in
            var before: [Int: [StoredRow]] = [:]
            for watch in Set(rows.map(\.watch)) { before[watch] = try Self.rows(of: watch, in: db) }
            // A watch removed while it was being checked keeps no history.
            for (watch, row) in rows { try Self.insert(row, watch: watch, in: db) }
            return before
        }
        var histories: [Int: [PriceCheck]] = [:]
        for (watch, stored) in before { histories[watch] = try self.checks(stored) }
        return histories
    }

    /// A check as its row's columns: the total exactly as written, the offer as JSON.
    private struct CheckRow {
        var at: Double
        var amount: String?
        var currency: String?
        var offer: String?
    }

    /// A row as read.
    private typealias StoredRow = (at: Double, amount: String?, currency: String?, offer: String?)

    private func row(_ check: PriceCheck) throws(WatchStoreError) -> CheckRow {
        CheckRow(
            at: check.checkedAt.timeIntervalSince1970, amount: check.lowest?.wireAmount, currency: check.lowest?.currency,
            offer: try check.offer.map { offer throws(WatchStoreError) in try encode(offer) })
    }

    private static func insert(_ row: CheckRow, watch: Int, in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO price_check (watch_id, checked_at, amount, currency, offer)
            SELECT id, ?, ?, ?, ? FROM watch WHERE id = ?
            """, arguments: [row.at, row.amount, row.currency, row.offer, watch])
    }

    private static func rows(of id: Int, in db: Database) throws -> [StoredRow] {
        try Row.fetchAll(db, sql: """
            SELECT checked_at, amount, currency, offer FROM price_check WHERE watch_id = ? ORDER BY checked_at, id
            """, arguments: [id]).map { row in
            (at: row["checked_at"] as Double, amount: row["amount"] as String?, currency: row["currency"] as String?,
             offer: row["offer"] as String?)
        }
    }

    private func checks(_ rows: [StoredRow]) throws(WatchStoreError) -> [PriceCheck] {
        var checks: [PriceCheck] = []
        for row in rows {
            let lowest = row.amount.flatMap { amount in row.currency.flatMap { Money(amount, currency: $0) } }
            let offer: WatchedOffer? = try row.offer.map { text throws(WatchStoreError) in try decode(text) }
            checks.append(PriceCheck(checkedAt: Date(timeIntervalSince1970: row.at), lowest: lowest, offer: offer))
        }
        return checks
    }

    public func remove(_ id: Int) throws(WatchStoreError) -> Bool {
        guard exists else { return false }
        return try write { db in
            try db.execute(sql: "DELETE FROM price_check WHERE watch_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM watch WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    // MARK: - The database

    private var exists: Bool { FileManager.default.fileExists(atPath: fileURL.path) }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE watch (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    created_at REAL NOT NULL,
                    body TEXT NOT NULL
                );
                CREATE TABLE price_check (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    watch_id INTEGER NOT NULL REFERENCES watch(id) ON DELETE CASCADE,
                    checked_at REAL NOT NULL,
                    amount TEXT,
                    currency TEXT,
                    offer TEXT
                );
                CREATE INDEX price_check_by_watch ON price_check(watch_id, checked_at);
                """)
        }
        return migrator
    }

    /// The database, opened and migrated under an exclusive lock on a companion file (two processes opening a new
    /// file at once would race to switch it to WAL and create the tables); a later version's file is refused.
    private func database() throws(WatchStoreError) -> DatabasePool {
        try opened.withLock { (pool: inout DatabasePool?) throws(WatchStoreError) -> DatabasePool in
            if let pool { return pool }
            let made = try openDatabase()
            pool = made
            return made
        }
    }

    private func openDatabase() throws(WatchStoreError) -> DatabasePool {
        let folder = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .io(path: folder.path, reason: FileProblem.reason(error, creatingFolder: folder))
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .io(path: fileURL.path, reason: "a folder is where the watches file should be; move it aside")
        }
        let lock = try lockFile()
        defer {
            flock(lock, LOCK_UN)
            close(lock)
        }
        var configuration = Configuration()
        // Another process may be writing its check; wait for it rather than fail.
        configuration.busyMode = .timeout(15)
        configuration.label = "flights-watches"
        do {
            let pool = try DatabasePool(path: fileURL.path, configuration: configuration)
            let superseded = try pool.read { db in try Self.migrator.hasBeenSuperseded(db) }
            if superseded { throw WatchStoreError.newerFormat(path: fileURL.path) }
            try Self.migrator.migrate(pool)
            return pool
        } catch let error as WatchStoreError {
            throw error
        } catch {
            throw problem(error)
        }
    }

    private func lockFile() throws(WatchStoreError) -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path: lockPath, reason: String(cString: strerror(errno))) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .io(path: lockPath, reason: reason)
            }
        }
        return descriptor
    }

    private func read<T>(_ body: (Database) throws -> T) throws(WatchStoreError) -> T {
        let pool = try database()
        do {
            return try pool.read(body)
        } catch {
            throw problem(error)
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(WatchStoreError) -> T {
        let pool = try database()
        do {
            return try pool.write(body)
        } catch {
            throw problem(error)
        }
    }

    /// SQLite's failure in the traveller's words: a file that is not a database is left alone (corrupt); a full disk,
    /// a permission or a read fault is said as such (io).
    private func problem(_ error: any Error) -> WatchStoreError {
        guard let database = error as? DatabaseError else {
            if let store = error as? WatchStoreError { return store }
            return .io(path: fileURL.path, reason: FileProblem.reason(error))
        }
        switch database.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: fileURL.path, reason: "it is not a watches database")
        case .SQLITE_FULL:
            return .io(path: fileURL.path, reason: "the disk is full")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
            return .io(path: fileURL.path, reason: "it cannot be opened for writing")
        default:
            return .io(path: fileURL.path, reason: database.message ?? "SQLite error \(database.resultCode.rawValue)")
        }
    }

    private func encode(_ value: some Encodable) throws(WatchStoreError) -> String {
        do {
            return String(decoding: try DuffelJSON.encoder().encode(value), as: UTF8.self)
        } catch {
            throw .io(path: fileURL.path, reason: "a watch could not be written as JSON (\(error))")
        }
    }

    private func decode<T: Decodable>(_ text: String) throws(WatchStoreError) -> T {
        let data = Data(text.utf8)
        do {
            return try DuffelJSON.decoder().decode(T.self, from: data)
        } catch {
            throw .corrupt(path: fileURL.path, reason: "a row reads wrong: \(FileProblem.reason(decoding: error, of: data))")
        }
    }
}
