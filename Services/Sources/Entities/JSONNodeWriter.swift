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
        case .fragment(let bytes):
            // Compact bytes cannot be indented: a pretty document is left to Foundation.
            if pretty { throw UnsupportedEncoding() }
            output.append(contentsOf: bytes)
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
        // Each key's first eight bytes as a big-endian number order plain keys as their bytes do: most objects are
        // sorted by comparing integers, and whole keys are compared only where eight bytes tie. A profile of the
        // sandbox's answers had comparing Strings at a tenth of all the time.
        var prefixes = [UInt64]()
        prefixes.reserveCapacity(members.count)
        for member in members {
            guard let prefix = plainKeyPrefix(member.key) else { throw UnsupportedEncoding() }
            prefixes.append(prefix)
        }
        func precedes(_ left: Int, _ right: Int) -> Bool {
            prefixes[left] != prefixes[right] ? prefixes[left] < prefixes[right] : members[left].key < members[right].key
        }
        // Most objects are small: an insertion sort, without the closure and index array of `sort(by:)`, is faster
        // on them.
        if members.count > 24 {
            let order = members.indices.sorted(by: precedes)
            members = order.map { members[$0] }
            prefixes = order.map { prefixes[$0] }
        } else {
            for unsorted in members.indices.dropFirst() {
                var index = unsorted
                while index > 0 && precedes(index, index - 1) {
                    members.swapAt(index, index - 1)
                    prefixes.swapAt(index, index - 1)
                    index -= 1
                }
            }
        }
        for index in members.indices.dropFirst()
        where prefixes[index] == prefixes[index - 1] && members[index].key == members[index - 1].key {
            throw UnsupportedEncoding()
        }
    }

    /// The first eight bytes of a plain key (lower-case ASCII letters and underscores, at least one), zero-padded,
    /// as a big-endian number; `nil` for any other key.
    static func plainKeyPrefix(_ key: String) -> UInt64? {
        var prefix: UInt64 = 0
        var count = 0
        for byte in key.utf8 {
            guard byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) else { return nil }
            if count < 8 { prefix |= UInt64(byte) << (56 - 8 * count) }
            count += 1
        }
        return count == 0 ? nil : prefix
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
