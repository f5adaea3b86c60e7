/// Reads JSON text into a ``JSONValue`` in one pass. A whole state is read at every step of a timeline, so this does
/// not go through `JSONDecoder`, which can only find out what a value is by trying each kind in turn.
struct JSONValueParser {
    /// How deep arrays and objects may nest; deeper text is not read (no state is near it, and the stack is kept).
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The one value the text holds, with nothing after it but spaces; `nil` when it is not JSON.
    mutating func document() -> JSONValue? {
        guard let result = value() else { return nil }
        skipSpaces()
        return index == bytes.count ? result : nil
    }

    private mutating func value() -> JSONValue? {
        skipSpaces()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            return bytes[index] == UInt8(ascii: "{") ? object() : array()
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object() -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpaces()
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpaces()
            guard take(UInt8(ascii: ":")), let member = value() else { return nil }
            members[key] = member
            skipSpaces()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array() -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpaces()
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value() else { return nil }
            elements.append(element)
            skipSpaces()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(elements) : nil
    }

    private mutating func string() -> String? {
        index += 1
        var text = ""
        var run = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                text += String(decoding: bytes[run..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                text += String(decoding: bytes[run..<index], as: UTF8.self)
                index += 1
                guard let escaped = escape() else { return nil }
                text.unicodeScalars.append(escaped)
                run = index
            default:
                index += 1
            }
        }
        return nil
    }

    /// The character after a backslash (`n`, `u00e9`, a surrogate pair); the index moves past it.
    private mutating func escape() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                // The low half of the pair follows; anything else is read on its own after a stand-in.
                let after = index
                if take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                }
                index = after
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { return nil }
        index += 4
        return value
    }

    private mutating func number() -> JSONValue? {
        let start = index
        var integral = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                integral = false
            } else if !(byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)) {
                break
            }
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let whole = Int(text) { return .integer(whole) }
        return Double(text).map(JSONValue.number)
    }

    private mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
        let letters = Array(word.utf8)
        guard index + letters.count <= bytes.count, Array(bytes[index..<index + letters.count]) == letters else { return nil }
        index += letters.count
        return value
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpaces() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
