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
        return try Self.decode(data, path: fileURL.path)
    }

    private struct Header: Decodable {
        var version: Int
    }

    /// The version is read first: a later format's records may not read here, and such a file must be reported as
    /// newer (update flights), never as damaged (move it aside), which would set its bookings aside.
    private static func decode(_ data: Data, path: String) throws(BookingStoreError) -> File {
        let header: Header
        do {
            header = try DuffelJSON.decoder().decode(Header.self, from: data)
        } catch {
            throw .corrupt(path: path, reason: FileProblem.reason(decoding: error, of: data))
        }
        do {
            return try DuffelJSON.decoder().decode(File.self, from: data)
        } catch {
            if header.version > format { throw .newerFormat(path: path, version: header.version) }
            throw .corrupt(path: path, reason: FileProblem.reason(decoding: error, of: data))
        }
    }

    private func write(_ records: [BookingRecord]) throws(BookingStoreError) {
        let data: Data
        do {
            data = try DuffelJSON.encoder(pretty: true).encode(File(version: 1, bookings: records))
        } catch {
            throw .io(path: fileURL.path, reason: "the bookings could not be encoded: \(error)")
        }
        let folder = fileURL.deletingLastPathComponent()
        // Renaming over a file needs only the folder's permission: a file made read-only would be replaced anyway.
        var existing = stat()
        let exists = stat(fileURL.path, &existing) == 0
        if exists, access(fileURL.path, W_OK) != 0 {
            throw .io(path: fileURL.path, reason: "the file is read-only (\(String(cString: strerror(errno))))")
        }
        removeStaleTemporaryFiles(in: folder)
        let temporary = folder.appendingPathComponent(
            "\(Self.temporaryPrefix)\(getpid()).\(UInt32.random(in: .min ... .max))\(Self.temporarySuffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .io(path: fileURL.path, reason: "no new file can be made in its folder \(folder.path) (\(reason))")
        }
        // The new file keeps the old one's permissions (0600 for a first one).
        if exists { fchmod(descriptor, existing.st_mode & 0o777) }
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

    private static let temporaryPrefix = ".bookings.json."
    private static let temporarySuffix = ".tmp"

    /// Removes the temporary files of writers killed before their rename. Called under the exclusive lock, while
    /// no other writer can have one open.
    private func removeStaleTemporaryFiles(in folder: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) && name.hasSuffix(Self.temporarySuffix) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    private func withLock<T>(_ operation: Int32, _ body: () throws(BookingStoreError) -> T) throws(BookingStoreError) -> T {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let reason = FileProblem.reason(error, creatingFolder: directory)
            throw .io(path: fileURL.path, reason: "its folder \(directory.path) cannot be made: \(reason)")
        }
        var descriptor = open(lockURL.path, O_RDWR | O_CREAT, 0o600)
        if descriptor < 0, operation == LOCK_SH {
            // A folder that cannot be written (read-only media, a backup) can still be read: an existing lock file
            // is opened for reading, and without one the read goes unlocked, which is safe because every write
            // is a rename, so a reader sees the old file or the new one.
            descriptor = open(lockURL.path, O_RDONLY)
            if descriptor < 0, [EACCES, EROFS, EPERM, ENOENT].contains(errno) { return try body() }
        }
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw .io(path: fileURL.path, reason: "its lock file \(lockURL.path) cannot be opened (\(reason))")
        }
        defer { close(descriptor) }
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                throw .io(path: fileURL.path, reason: "its lock file \(lockURL.path) cannot be locked (\(reason))")
            }
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
