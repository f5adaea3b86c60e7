import Foundation

/// Writes a tree of `[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool` and `NSNull` byte for byte as
/// `JSONSerialization.data(withJSONObject:options: [.sortedKeys, .withoutEscapingSlashes])` does, without its
/// per-character strings and locale-aware key comparisons.
///
/// A value of any other type, or a key Foundation might order differently (one with digits or capitals, which
/// it compares numerically and ignoring case), answers `nil`, and the caller falls back on `JSONSerialization`.
enum JSONTreeWriter {
    static func data(_ value: Any, capacity: Int = 4_096) -> Data? {
        var output: [UInt8] = []
        output.reserveCapacity(capacity)
        guard write(value, to: &output) else { return nil }
        return Data(output)
    }

    private static func write(_ value: Any, to output: inout [UInt8]) -> Bool {
        // A cast that fails is slow (it looks for bridging conformances), so first ask the value's exact type.
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == stringType, let text = value as? String {
            writeString(text, to: &output)
            return true
        }
        if type == nullType {
            output.append(contentsOf: "null".utf8)
            return true
        }
        if type == objectType, let object = value as? [String: Any] { return write(object, to: &output) }
        if type == objectListType, let objects = value as? [[String: Any]] {
            output.append(UInt8(ascii: "["))
            for (index, object) in objects.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard write(object, to: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
            return true
        }
        switch value {
        case let text as String:
            writeString(text, to: &output)
        case let object as [String: Any]:
            return write(object, to: &output)
        case let array as [Any]:
            output.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                guard write(element, to: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
        case is NSNull:
            output.append(contentsOf: "null".utf8)
        case let flag as Bool:
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case let number as Int:
            output.append(contentsOf: number.description.utf8)
        case let number as Double:
            guard number.isFinite else { return false }
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            output.append(contentsOf: text.utf8)
        default:
            return false
        }
        return true
    }

    private static let stringType = ObjectIdentifier(String.self)
    private static let nullType = ObjectIdentifier(NSNull.self)
    private static let objectType = ObjectIdentifier([String: Any].self)
    private static let objectListType = ObjectIdentifier([[String: Any]].self)

    private static func write(_ object: [String: Any], to output: inout [UInt8]) -> Bool {
        for key in object.keys where !isPlainKey(key) { return false }
        // For these keys, String's order is their bytes' order, which is Foundation's.
        let members = object.sorted { $0.key < $1.key }
        output.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writeString(member.key, to: &output)
            output.append(UInt8(ascii: ":"))
            guard write(member.value, to: &output) else { return false }
        }
        output.append(UInt8(ascii: "}"))
        return true
    }

    /// Lower-case letters and underscores: keys whose order is the same by bytes as by Foundation's comparison.
    private static func isPlainKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            bytes.allSatisfy { $0 == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            // Most strings need no escape at all: copy them whole.
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                output.append(contentsOf: bytes)
            } else {
                for byte in bytes { writeEscaping(byte, to: &output) }
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    private static func writeEscaping(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x00..<0x20:
            // Foundation writes these as \u000b, \u001f: lower-case hex.
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        default: output.append(byte)
        }
    }
}
