import Foundation

/// Reads JSON bytes into a ``JSONTape``, strictly: it takes only what RFC 8259 allows and what it can read exactly
/// as Foundation's `JSONDecoder` would. Anything else (a byte-order mark, a trailing comma, a key with escapes or
/// beyond ASCII, a key twice in one object, a lone surrogate, text that is not UTF-8, nesting deeper than
/// ``maximumDepth``) is not an error here but a reason to leave the document to Foundation, which decides.
struct JSONTapeReader {
    /// Deeper documents go to Foundation; Duffel's answers nest about ten deep.
    static let maximumDepth = 256

    /// The document could not be read here: Foundation's decoder reads it, or says what is wrong with it.
    struct Unsupported: Error {}

    private let base: UnsafeRawPointer
    private let size: Int
    private var position = 0
    private var nodes: TapeBuffer<JSONTapeNode>
    private var members: TapeBuffer<UInt64>
    /// The members of the objects being read, innermost last; each object moves its own to ``members`` when it ends.
    private var open: TapeBuffer<UInt64>

    /// Reads `data`, or throws ``Unsupported``.
    static func read(_ data: Data) throws(Unsupported) -> JSONTape {
        // Nodes keep offsets and counts in 32 bits.
        guard data.count < Int(UInt32.max) else { throw Unsupported() }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        _ = data.copyBytes(to: copy)
        var reader = JSONTapeReader(base: UnsafeRawPointer(copy.baseAddress!), size: data.count)
        defer { reader.open.free() }
        do {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.position == reader.size else { throw Unsupported() }
        } catch {
            reader.nodes.free()
            reader.members.free()
            copy.deallocate()
            throw Unsupported()
        }
        return JSONTape(bytes: copy, nodes: reader.nodes, members: reader.members)
    }

    private init(base: UnsafeRawPointer, size: Int) {
        self.base = base
        self.size = size
        nodes = TapeBuffer(capacity: size / 8)
        members = TapeBuffer(capacity: size / 24)
        open = TapeBuffer(capacity: 256)
    }

    @inline(__always) private func byte(_ at: Int) -> UInt8 { base.load(fromByteOffset: at, as: UInt8.self) }

    @inline(__always) private mutating func skipSpace() {
        while position < size {
            switch byte(position) {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    @inline(__always) private mutating func append(_ node: JSONTapeNode) -> Int { nodes.append(node) }

    private mutating func value(depth: Int) throws(Unsupported) {
        guard position < size else { throw Unsupported() }
        switch byte(position) {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): try string(key: false)
        case UInt8(ascii: "t"): try literal("true", .true)
        case UInt8(ascii: "f"): try literal("alse", .false, after: 1)
        case UInt8(ascii: "n"): try literal("null", .null)
        default: try number()
        }
    }

    /// `true`, `null`, or `false` (its first letter already seen, its last four compared): four bytes at once.
    @inline(__always)
    private mutating func literal(_ word: StaticString, _ kind: JSONTapeNode.Kind, after: Int = 0) throws(Unsupported) {
        let start = position + after
        guard size - start >= 4,
              (base + start).loadUnaligned(as: UInt32.self) == UnsafeRawPointer(word.utf8Start).loadUnaligned(as: UInt32.self)
        else { throw Unsupported() }
        position = start + 4
        _ = append(JSONTapeNode(kind: kind, flags: 0, start: 0, end: 0, hash: 0))
    }

    private mutating func object(depth: Int) throws(Unsupported) {
        guard depth <= Self.maximumDepth else { throw Unsupported() }
        let at = append(JSONTapeNode(kind: .object, flags: 0, start: 0, end: 0, hash: 0))
        position += 1
        skipSpace()
        var members: UInt32 = 0
        // Which key hashes this object has seen, 128 buckets: only a key whose bucket is taken is compared.
        var seen: (UInt64, UInt64) = (0, 0)
        if position < size, byte(position) == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < size, byte(position) == UInt8(ascii: "\"") else { throw Unsupported() }
                let key = try string(key: true)
                open.append(UInt64(nodes[key].hash) << 32 | UInt64(key))
                let bucket = nodes[key].hash & 127
                let bit: UInt64 = 1 << (bucket & 63)
                if bucket < 64 {
                    if seen.0 & bit != 0 { try refuseDuplicate(Int(members)) }
                    seen.0 |= bit
                } else {
                    if seen.1 & bit != 0 { try refuseDuplicate(Int(members)) }
                    seen.1 |= bit
                }
                skipSpace()
                guard position < size, byte(position) == UInt8(ascii: ":") else { throw Unsupported() }
                position += 1
                skipSpace()
                try value(depth: depth)
                members += 1
                skipSpace()
                guard position < size else { throw Unsupported() }
                let separator = byte(position)
                position += 1
                if separator == UInt8(ascii: "}") { break }
                guard separator == UInt8(ascii: ",") else { throw Unsupported() }
                skipSpace()
            }
        }
        let first = open.count - Int(members)
        nodes[at].hash = UInt32(self.members.count)
        self.members.append(seen.0)
        self.members.append(seen.1)
        for slot in first..<open.count { self.members.append(open[slot]) }
        open.removeLast(Int(members))
        nodes[at].start = members
        nodes[at].end = UInt32(nodes.count)
    }

    /// Foundation refuses an object with a key twice; such a document is left to it. `earlier` members of the
    /// object being read come before the key just added to ``open``.
    private func refuseDuplicate(_ earlier: Int) throws(Unsupported) {
        let last = open[open.count - 1]
        let name = nodes[Int(UInt32(truncatingIfNeeded: last))]
        for slot in (open.count - 1 - earlier)..<(open.count - 1) where open[slot] >> 32 == last >> 32 {
            let other = nodes[Int(UInt32(truncatingIfNeeded: open[slot]))]
            if other.end - other.start == name.end - name.start,
               memcmp(base + Int(other.start), base + Int(name.start), Int(name.end - name.start)) == 0 {
                throw Unsupported()
            }
        }
    }

    private mutating func array(depth: Int) throws(Unsupported) {
        guard depth <= Self.maximumDepth else { throw Unsupported() }
        let at = append(JSONTapeNode(kind: .array, flags: 0, start: 0, end: 0, hash: 0))
        position += 1
        skipSpace()
        var elements: UInt32 = 0
        if position < size, byte(position) == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                try value(depth: depth)
                elements += 1
                skipSpace()
                guard position < size else { throw Unsupported() }
                let separator = byte(position)
                position += 1
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else { throw Unsupported() }
                skipSpace()
            }
        }
        nodes[at].start = elements
        nodes[at].end = UInt32(nodes.count)
    }

    /// A string from its opening quote; a key must be plain ASCII. Inlined, so that each caller's `key` is a
    /// constant.
    @inline(__always) @discardableResult
    private mutating func string(key: Bool) throws(Unsupported) -> Int {
        position += 1
        let start = position
        var flags: UInt8 = 0
        while true {
            skipPlainBytes()
            guard position < size else { throw Unsupported() }
            let current = byte(position)
            if current == UInt8(ascii: "\"") { break }
            if current < 0x20 { throw Unsupported() }
            if current == UInt8(ascii: "\\") {
                guard !key else { throw Unsupported() }
                flags |= JSONTapeNode.escaped
                position = try JSONEscapes.check(base, at: position, size: size)
                continue
            }
            if current >= 0x80 {
                guard !key else { throw Unsupported() }
                flags |= JSONTapeNode.nonASCII
            }
            position += 1
        }
        let end = position
        position += 1
        if flags & JSONTapeNode.nonASCII != 0 {
            guard String(validating: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self) != nil
            else { throw Unsupported() }
        }
        let hash = !key ? 0 : end == start ? JSONTape.emptyHash : JSONTape.hash(base + start, end - start)
        return append(JSONTapeNode(kind: .string, flags: flags, start: UInt32(start), end: UInt32(end), hash: hash))
    }

    /// Moves to the next byte of a string that needs a look (a quote, a backslash, a control character or a byte
    /// beyond ASCII), eight bytes at a time; in the last seven bytes of the document, it leaves the work to the
    /// caller's loop.
    @inline(__always) private mutating func skipPlainBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= size {
            let word = UInt64(littleEndian: (base + position).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // The lowest byte flagged is always one that needs a look (higher ones may be false alarms, which
            // the caller's loop passes over).
            let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20))
                | word) & highs
            if special != 0 {
                position += special.trailingZeroBitCount / 8
                return
            }
            position += 8
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func number() throws(Unsupported) {
        let start = position
        var integer = true
        if position < size, byte(position) == UInt8(ascii: "-") { position += 1 }
        guard position < size else { throw Unsupported() }
        if byte(position) == UInt8(ascii: "0") {
            position += 1
        } else {
            guard digits() > 0 else { throw Unsupported() }
        }
        if position < size, byte(position) == UInt8(ascii: ".") {
            position += 1
            integer = false
            guard digits() > 0 else { throw Unsupported() }
        }
        if position < size, byte(position) | 0x20 == UInt8(ascii: "e") {
            position += 1
            integer = false
            if position < size, byte(position) == UInt8(ascii: "+") || byte(position) == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw Unsupported() }
        }
        let flags = integer ? JSONTapeNode.integer : 0
        _ = append(JSONTapeNode(kind: .number, flags: flags, start: UInt32(start), end: UInt32(position), hash: 0))
    }

    @inline(__always) private mutating func digits() -> Int {
        let start = position
        while position < size, byte(position) &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }
}
