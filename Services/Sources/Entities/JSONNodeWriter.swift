/// Writes a ``JSONNode`` tree byte for byte as Foundation's `JSONEncoder` writes with `.sortedKeys` and
/// `.withoutEscapingSlashes`, compact or with `.prettyPrinted`.
///
/// Foundation sorts keys with a numeric, case-insensitive comparison; for keys made only of lower-case ASCII
/// letters and underscores, that is the order of their bytes. Any other key (a digit, a capital, anything outside
/// ASCII), or the same key twice in one object, throws ``UnsupportedEncoding`` and leaves the value to Foundation.
struct JSONNodeWriter {
    private(set) var output: [UInt8] = []
    let pretty: Bool

    init(pretty: Bool, capacity: Int = 4_096) {
        self.pretty = pretty
        output.reserveCapacity(capacity)
    }

    mutating func write(_ node: JSONNode, depth: Int = 0) throws(UnsupportedEncoding) {
        switch node {
        case .string(let text): writeString(text)
        case .int(let value): output.append(contentsOf: value.description.utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case .array(let array): try write(array, depth: depth)
        case .object(let object): try write(object, depth: depth)
        }
    }

    private mutating func write(_ array: JSONArrayNode, depth: Int) throws(UnsupportedEncoding) {
        output.append(UInt8(ascii: "["))
        if array.elements.isEmpty {
            // Foundation prints an empty array on three lines: `[`, an empty line, `]`.
            if pretty { closePretty(depth: depth, empty: true) }
            output.append(UInt8(ascii: "]"))
            return
        }
        for (index, element) in array.elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(depth: depth + 1) }
            try write(element, depth: depth + 1)
        }
        if pretty { closePretty(depth: depth, empty: false) }
        output.append(UInt8(ascii: "]"))
    }

    private mutating func write(_ object: JSONObjectNode, depth: Int) throws(UnsupportedEncoding) {
        output.append(UInt8(ascii: "{"))
        if object.members.isEmpty {
            if pretty { closePretty(depth: depth, empty: true) }
            output.append(UInt8(ascii: "}"))
            return
        }
        // The tree is written once: its members are sorted where they are.
        try Self.sort(&object.members)
        for (position, member) in object.members.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(depth: depth + 1) }
            // Plain keys need no escape.
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: member.key.utf8)
            output.append(UInt8(ascii: "\""))
            if pretty {
                output.append(contentsOf: " : ".utf8)
            } else {
                output.append(UInt8(ascii: ":"))
            }
            try write(member.value, depth: depth + 1)
        }
        if pretty { closePretty(depth: depth, empty: false) }
        output.append(UInt8(ascii: "}"))
    }

    /// Puts `members` in Foundation's order.
    static func sort(_ members: inout [(key: String, value: JSONNode)]) throws(UnsupportedEncoding) {
        for member in members where !isPlainKey(member.key) { throw UnsupportedEncoding() }
        // For plain keys, String's order is their bytes' order, which is Foundation's. Most objects are small:
        // an insertion sort, without the closure and index array of `sort(by:)`, is faster on them.
        if members.count > 24 {
            members.sort { $0.key < $1.key }
        } else {
            for unsorted in members.indices.dropFirst() {
                var index = unsorted
                while index > 0 && members[index].key < members[index - 1].key {
                    members.swapAt(index, index - 1)
                    index -= 1
                }
            }
        }
        for index in members.indices.dropFirst() where members[index].key == members[index - 1].key {
            throw UnsupportedEncoding()
        }
    }

    /// Lower-case ASCII letters and underscores, at least one.
    static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) }
    }

    private mutating func newline(depth: Int) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { output.append(contentsOf: "  ".utf8) }
    }

    private mutating func closePretty(depth: Int, empty: Bool) {
        if empty { output.append(UInt8(ascii: "\n")) }
        newline(depth: depth)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            // Most strings need no escape at all: copy them whole.
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                output.append(contentsOf: bytes)
            } else {
                for byte in bytes { writeEscaping(byte) }
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    private mutating func writeEscaping(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x00..<0x20:
            // Foundation writes the other control characters as \u000b, \u001f: lower-case hex.
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            output.append(Self.hexDigits[Int(byte >> 4)])
            output.append(Self.hexDigits[Int(byte & 0x0F)])
        default: output.append(byte)
        }
    }
}
