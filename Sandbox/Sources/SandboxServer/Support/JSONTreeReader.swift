import Foundation

/// Reads JSON into the same tree `JSONSerialization.jsonObject(with:)` gives (`[String: Any]`, `[Any]`, `String`,
/// `Int`, `Double`, `Bool`, `NSNull`), in native Swift values and several times faster: the wire shapes parse
/// every answer the sandbox sends, and Foundation's reader was most of a search's cost.
///
/// Numbers follow Foundation's reading: an integer literal that fits is an `Int`, anything else a `Double`.
/// Whatever this reader does not expect (a number too large for `Int`, broken JSON) answers `nil`, and the
/// caller falls back on `JSONSerialization`.
enum JSONTreeReader {
    static func parse(_ data: Data) -> Any? {
        data.withUnsafeBytes { raw -> Any? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.position == reader.bytes.count ? value : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) -> Any? {
            skipSpace()
            guard position < bytes.count, depth < 512 else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return object(depth: depth + 1)
            case UInt8(ascii: "["): return array(depth: depth + 1)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true", true)
            case UInt8(ascii: "f"): return literal("false", false)
            case UInt8(ascii: "n"): return literal("null", WireShapes.null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ result: Any) -> Any? {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return nil }
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
            for offset in 0..<count where bytes[position + offset] != expected[offset] { return nil }
            position += count
            return result
        }

        mutating func object(depth: Int) -> [String: Any]? {
            position += 1
            var result: [String: Any] = [:]
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return result
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let member = value(depth: depth) else { return nil }
                result[key] = member
                skipSpace()
                guard position < bytes.count else { return nil }
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: "}") { return result }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
        }

        mutating func array(depth: Int) -> [Any]? {
            position += 1
            var result: [Any] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return result
            }
            while true {
                guard let element = value(depth: depth) else { return nil }
                result.append(element)
                skipSpace()
                guard position < bytes.count else { return nil }
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: "]") { return result }
                guard separator == UInt8(ascii: ",") else { return nil }
            }
        }

        /// A string whose opening quote is at `position`.
        mutating func string() -> String? {
            position += 1
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    defer { position += 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") {
                    position = start
                    return escapedString()
                }
                if byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }

        /// The slow path, for a string with escapes, from just after its opening quote.
        mutating func escapedString() -> String? {
            var scalars = String.UnicodeScalarView()
            var plainStart = position
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart..<end]), as: UTF8.self).unicodeScalars)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    flush(position)
                    position += 1
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    if byte < 0x20 { return nil }
                    position += 1
                    continue
                }
                flush(position)
                guard position + 1 < bytes.count else { return nil }
                let escape = bytes[position + 1]
                position += 2
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard let unit = hexUnit() else { return nil }
                    if UTF16.isLeadSurrogate(unit) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                              bytes[position + 1] == UInt8(ascii: "u") else { return nil }
                        position += 2
                        guard let trail = hexUnit(), UTF16.isTrailSurrogate(trail) else { return nil }
                        scalars.append(UTF16.decode(UTF16.EncodedScalar([unit, trail])))
                    } else {
                        guard let scalar = Unicode.Scalar(unit) else { return nil }
                        scalars.append(scalar)
                    }
                default: return nil
                }
                plainStart = position
            }
            return nil
        }

        mutating func hexUnit() -> UInt16? {
            guard position + 4 <= bytes.count else { return nil }
            var unit: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                unit = unit << 4 | UInt16(digit)
                position += 1
            }
            return unit
        }

        mutating func number() -> Any? {
            let start = position
            var isInteger = true
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): position += 1
                case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"):
                    isInteger = false
                    position += 1
                default:
                    return number(from: start, isInteger: isInteger)
                }
            }
            return number(from: start, isInteger: isInteger)
        }

        func number(from start: Int, isInteger: Bool) -> Any? {
            guard position > start else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            // Foundation's rules on leading zeros and lone minus signs are left to Foundation.
            guard text.first != "+", !text.hasPrefix("-0") || text == "-0" || text.hasPrefix("-0."),
                  !(text.hasPrefix("0") && text.count > 1 && !text.hasPrefix("0.") && !text.hasPrefix("0e")
                    && !text.hasPrefix("0E")) else { return nil }
            if isInteger { return Int(text) }
            // More digits than a Double holds: Foundation reads those as Decimal; leave them to it.
            guard text.utf8.count(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) <= 17 else { return nil }
            return Double(text)
        }
    }
}
