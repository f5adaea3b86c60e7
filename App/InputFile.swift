import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small file named on the command line (`--passengers people.json`), read whole but never more than a limit.
///
/// Read with `open` and `read` rather than `Data(contentsOf:)`, which refuses pipes and FIFOs with a false
/// "permission denied" (`--passengers <(…)`, `--passengers /dev/stdin`) and reads a file of any size whole before
/// anyone can say it is too big. Pipes, FIFOs, sockets and character devices are read as they come, up to the limit
/// and one byte more, so `/dev/zero` ends at once; a regular file over the limit is refused on its size alone.
enum InputFile {
    /// Why a file could not be used, as a whole sentence naming it.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The largest passengers file read: 1 MiB. A traveller is about 300 bytes of JSON, and with a passport or two
    /// about 600, so the most passengers an offer can have fit in a few kilobytes; a megabyte is hundreds of times
    /// that, yet small enough to read and decode at once.
    static let passengersLimit = 1 << 20

    /// The largest recording replayed: 1 GiB. A session's recording is a few megabytes (each step's screen and the
    /// service answers it holds); a limit still ends an endless stream rather than filling memory.
    static let recordingLimit = 1 << 30

    /// The bytes of the file at `path`, at most `limit` of them; `typical` says what such a file usually weighs
    /// ("a passengers file is a few kilobytes") when it is larger. A character device (`/dev/zero`, a terminal) is
    /// read as it comes only when `devices` allows it; otherwise it is refused as what it is.
    static func read(_ path: String, limit: Int, typical: String, devices: Bool = true) throws(Problem) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Problem(description: "\(path) cannot be read: \(reason(errno))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Problem(description: "\(path) cannot be read: \(reason(errno))") }
        let tooLarge = Problem(description: "\(path) is larger than \(size(limit)); \(typical)")
        switch status.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG):
            if status.st_size > Int64(limit) { throw tooLarge }
        case mode_t(S_IFCHR) where !devices:
            throw Problem(description: "\(path) cannot be read: it is a device, not a file")
        case mode_t(S_IFIFO), mode_t(S_IFSOCK), mode_t(S_IFCHR):
            break
        case mode_t(S_IFDIR):
            throw Problem(description: "\(path) cannot be read: it is a folder, not a file")
        case mode_t(S_IFBLK):
            throw Problem(description: "\(path) cannot be read: it is a disk (a block device), not a regular file")
        default:
            throw Problem(description: "\(path) cannot be read: it is not a regular file")
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            // One byte past the limit is enough to know the file is too large.
            let wanted = min(chunk.count, limit + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, wanted) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(description: "\(path) cannot be read: \(reason(errno))")
            }
            data.append(contentsOf: chunk[..<count])
        }
        throw tooLarge
    }

    /// The system's reason for `code`, in the words of the app's other messages.
    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "it does not exist"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "it is a folder, not a file"
        case ENOTDIR: "a part of its path is a file, not a folder"
        default: String(cString: strerror(code))
        }
    }

    /// `1 MiB`, `64 KiB`, `100 bytes`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// `read(2)`, under a name the enum's own `read` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}
