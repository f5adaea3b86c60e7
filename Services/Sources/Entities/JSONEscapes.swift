import Foundation

/// JSON's backslash escapes: checked while reading, undone only when a string with them is asked for.
enum JSONEscapes {
    /// Checks the escape at `at` (a backslash) and gives the position after it. A `\u` escape of a surrogate must
    /// be a high one followed by a low one; anything else is refused, to leave the document to Foundation.
    static func check(_ base: UnsafeRawPointer, at: Int, size: Int) throws(JSONTapeReader.Unsupported) -> Int {
        guard at + 1 < size else { throw JSONTapeReader.Unsupported() }
        switch base.load(fromByteOffset: at + 1, as: UInt8.self) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return at + 2
        case UInt8(ascii: "u"):
            guard let unit = hex(base, at: at + 2, size: size) else { throw JSONTapeReader.Unsupported() }
            if unit >= 0xDC00 && unit <= 0xDFFF { throw JSONTapeReader.Unsupported() }
            guard unit >= 0xD800 && unit <= 0xDBFF else { return at + 6 }
            guard at + 7 < size, base.load(fromByteOffset: at + 6, as: UInt8.self) == UInt8(ascii: "\\"),
                  base.load(fromByteOffset: at + 7, as: UInt8.self) == UInt8(ascii: "u"),
                  let low = hex(base, at: at + 8, size: size), low >= 0xDC00 && low <= 0xDFFF
            else { throw JSONTapeReader.Unsupported() }
            return at + 12
        default:
            throw JSONTapeReader.Unsupported()
        }
    }

    /// The text of the checked string body `raw`, escapes undone.
    static func unescaped(_ raw: UnsafeRawBufferPointer) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let current = raw[index]
            guard current == UInt8(ascii: "\\") else {
                out.append(current)
                index += 1
                continue
            }
            let kind = raw[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let base = raw.baseAddress!
                var scalar = UInt32(hex(base, at: index, size: raw.count) ?? 0xFFFD)
                index += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = UInt32(hex(base, at: index + 2, size: raw.count) ?? 0xDC00)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
            default: out.append(kind)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The four hex digits at `at`, or `nil`.
    private static func hex(_ base: UnsafeRawPointer, at: Int, size: Int) -> UInt16? {
        guard at + 4 <= size else { return nil }
        var value: UInt16 = 0
        for offset in 0..<4 {
            let digit = base.load(fromByteOffset: at + offset, as: UInt8.self)
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(nibble)
        }
        return value
    }
}
