public import Foundation

/// Why a file or folder could not be used, in words a person can act on, rather than Foundation's
/// "NSCocoaErrorDomain error 512".
public enum FileProblem {
    /// Why the folder `url` could not be created: a file in the way, or the system's reason.
    public static func reason(_ error: any Error, creatingFolder url: URL) -> String {
        if let blocking = fileInTheWay(of: url) { return "\(blocking.path) is a file, not a folder" }
        return reason(error)
    }

    /// The system's reason under `error` (`Permission denied`, `No space left on device`), or its description.
    public static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the disk"
        case .fileReadNoSuchFile, .fileNoSuchFile: return "it does not exist"
        case .fileWriteVolumeReadOnly: return "the disk is read-only"
        default: return sentenceBody(nsError.localizedDescription)
        }
    }

    /// `text` without the full stop it may end with, to sit inside a sentence of ours ("…: Permission denied. Check…"
    /// rather than "…denied.. Check…").
    public static func sentenceBody(_ text: String) -> String {
        var text = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        while text.last == "." { text = text.dropLast() }
        return String(text)
    }

    /// Why `data`, a file of ours, did not decode: empty, not JSON, or which field is wrong, in the file's own
    /// key names; never the decoder's type names, and never the file's contents (a hand edit may hold anything).
    public static func reason(decoding error: any Error, of data: Data) -> String {
        if data.isEmpty { return "it is empty" }
        guard let decoding = error as? DecodingError else { return reason(error) }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "\(keyPath(context.codingPath + [key])) is missing"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = keyPath(context.codingPath)
            return path.isEmpty
                ? "it is not in the expected format" : "the value of \(path) is not one this version reads"
        @unknown default:
            return "it is not in the expected format"
        }
    }

    /// `bookings[2].state`.
    private static func keyPath(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            .trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// `url` or the nearest of its parents that exists, when that is a file rather than a folder.
    public static func fileInTheWay(of url: URL) -> URL? {
        var current = url.standardizedFileURL
        while current.path != "/" && !current.path.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : current
            }
            current = current.deletingLastPathComponent()
        }
        return nil
    }
}
