public import Entities
public import Foundation
public import Services
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The traveller's data directory for Flights: `$FLIGHTS_DATA_DIR`, else `$XDG_DATA_HOME/flights`, else
/// `~/.local/share/flights` (on macOS `~/Library/Application Support/Flights`).
public enum DataDirectory {
    /// The directory for `environment`.
    public static func flights(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit = environment["FLIGHTS_DATA_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit, isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        #if os(macOS)
        return home.appendingPathComponent("Library/Application Support/Flights", isDirectory: true)
        #else
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("flights", isDirectory: true)
        }
        return home.appendingPathComponent(".local/share/flights", isDirectory: true)
        #endif
    }
}

/// Bookings in one JSON file. Every write takes an exclusive lock on a companion lock file, reads the current file,
/// changes it, writes a temporary file, flushes it to disk and renames it over the old one: a reader sees the old
/// file or the new one, never half of one, and two `flights` processes writing at once both land.
public final class FileBookingStore: BookingStore {
    /// The bookings file.
    public let fileURL: URL
    private let lockURL: URL

    /// A store in `directory` (created when missing), file `bookings.json`.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("bookings.json")
        lockURL = directory.appendingPathComponent("bookings.json.lock")
    }

    /// The store in the traveller's data directory.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> FileBookingStore {
        FileBookingStore(directory: DataDirectory.flights(environment: environment))
    }

    public var location: String { fileURL.path }

    public func records() throws(BookingStoreError) -> [BookingRecord] {
        try withLock(LOCK_SH) { () throws(BookingStoreError) in try read() }
            .sorted { $0.createdAt > $1.createdAt }
    }

    public func save(_ record: BookingRecord) throws(BookingStoreError) {
        try withLock(LOCK_EX) { () throws(BookingStoreError) in
            let file = try readFile()
            // Written over by this version, a later format would lose what this one does not know.
            guard file.version <= Self.format else { throw .newerFormat(path: fileURL.path, version: file.version) }
            var all = file.bookings
            if let index = all.firstIndex(where: { $0.bookingKey == record.bookingKey }) {
                all[index] = record
            } else {
                all.append(record)
            }
            try write(all)
        }
    }

    private struct File: Codable {
        var version: Int
        var bookings: [BookingRecord]
    }

    /// The format this version writes; a file of a later one is read, never written over.
    static let format = 1

    private func read() throws(BookingStoreError) -> [BookingRecord] {
        try readFile().bookings
    }

    private func readFile() throws(BookingStoreError) -> File {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isFolder) else {
            return File(version: Self.format, bookings: [])
        }
        if isFolder.boolValue {
            throw .io(path: fileURL.path, reason: "a folder is where the bookings file should be; move it aside")
        }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .io(path: fileURL.path, reason: FileProblem.reason(error))
        }
        do {
            return try DuffelJSON.decoder().decode(File.self, from: data)
        } catch {
            throw .corrupt(path: fileURL.path, reason: "\(error)")
        }
    }

    private func write(_ records: [BookingRecord]) throws(BookingStoreError) {
        let data: Data
        do {
            data = try DuffelJSON.encoder(pretty: true).encode(File(version: 1, bookings: records))
        } catch {
            throw .io(path: fileURL.path, reason: "the bookings could not be encoded: \(error)")
        }
        let temporary = fileURL.deletingLastPathComponent()
            .appendingPathComponent(".bookings.json.\(getpid()).\(UInt32.random(in: .min ... .max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw .io(path: temporary.path, reason: String(cString: strerror(errno))) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary.path, fileURL.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw .io(path: fileURL.path, reason: failure)
        }
        // The rename is durable only once the directory entry is on disk too.
        let directory = open(fileURL.deletingLastPathComponent().path, O_RDONLY)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    private func withLock<T>(_ operation: Int32, _ body: () throws(BookingStoreError) -> T) throws(BookingStoreError) -> T {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .io(path: directory.path, reason: FileProblem.reason(error, creatingFolder: directory))
        }
        let descriptor = open(lockURL.path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw .io(path: lockURL.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else { throw .io(path: lockURL.path, reason: String(cString: strerror(errno))) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

#if canImport(Glibc)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Glibc.write(descriptor, buffer, count)
}
#else
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    Darwin.write(descriptor, buffer, count)
}
#endif
