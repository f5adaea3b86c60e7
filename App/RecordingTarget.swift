import Entities
import Foundation
import LocalStore

/// Where a recording may be written. `--record FILE` truncates FILE, so a slip of the path (the bookings file, a
/// document) would lose what was there: Flights records into a new file, an empty one or an earlier recording, and
/// never into its own data directory, whatever the file.
enum RecordingTarget {
    /// Why `path` must not be recorded over, in words, or nil when it may be.
    static func problem(with path: String, dataDirectory: URL) -> String? {
        let target = resolved(URL(fileURLWithPath: path))
        let data = resolved(dataDirectory)
        if target.path == data.path || target.path.hasPrefix(data.path.hasSuffix("/") ? data.path : data.path + "/") {
            return "\(String(reflecting: path)) is in Flights' data directory (\(data.path)), where the bookings are "
                + "kept; a recording would overwrite them. Record to a file elsewhere."
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { return "\(String(reflecting: path)) is a folder, not a file. Give a file's path." }
        guard !isRecordingOrEmpty(target) else { return nil }
        return "\(String(reflecting: path)) exists and is not a recording; recording would replace what it holds. "
            + "Give a new file's path (or an earlier recording's)."
    }

    /// The path with its folder's links resolved, so `./x/../bookings.json` and a link to the data directory are
    /// seen for what they are. The file itself may not exist yet; a link in its place is followed too.
    private static func resolved(_ url: URL) -> URL {
        let standard = url.standardizedFileURL
        if FileManager.default.fileExists(atPath: standard.path) { return standard.resolvingSymlinksInPath() }
        let folder = standard.deletingLastPathComponent().resolvingSymlinksInPath()
        return folder.appendingPathComponent(standard.lastPathComponent)
    }

    /// Whether the file is empty or opens as a recording does (`{"kind":"session",…}` on its first line). Only the
    /// first line is read, however large the file.
    private static func isRecordingOrEmpty(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096), !head.isEmpty else { return true }
        let firstLine = head.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first
            ?? head[...]
        guard let object = try? JSONSerialization.jsonObject(with: Data(firstLine)) as? [String: Any] else { return false }
        return object["kind"] as? String == "session"
    }
}
