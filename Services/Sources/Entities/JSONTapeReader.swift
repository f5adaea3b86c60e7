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
    private var nodes: UnsafeMutableBufferPointer<JSONTapeNode>
    private var count = 0

    /// Reads `data`, or throws ``Unsupported``.
    static func read(_ data: Data) throws(Unsupported) -> JSONTape {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        _ = data.copyBytes(to: copy)
        var reader = JSONTapeReader(base: UnsafeRawPointer(copy.baseAddress!), size: data.count)
        do {
            reader.skipSpace()
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.position == reader.size else { throw Unsupported() }
        } catch {
            reader.nodes.deallocate()
            copy.deallocate()
            throw Unsupported()
        }
        return JSONTape(bytes: copy, nodes: reader.nodes, count: reader.count)
    }

    private init(base: UnsafeRawPointer, size: Int) {
        self.base = base
        self.size = size
        nodes = .allocate(capacity: max(size / 8, 64))
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

    @inline(__always) private mutating func append(_ node: JSONTapeNode) -> Int {
        if count == nodes.count {
            let larger = UnsafeMutableBufferPointer<JSONTapeNode>.allocate(capacity: nodes.count * 2)
            _ = larger.initialize(fromContentsOf: nodes)
            nodes.deallocate()
            nodes = larger
        }
        nodes[count] = node
        count += 1
        return count - 1
    }

    private mutating func value(depth: Int) throws(Unsupported) {
        guard position < size else { throw Unsupported() }
        switch byte(position) {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): try string(key: false)
        case UInt8(ascii: "t"): try literal("true", .true)
        case UInt8(ascii: "f"): try literal("false", .false)
        case UInt8(ascii: "n"): try literal("null", .null)
        default: try number()
        }
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTapeNode.Kind) throws(Unsupported) {
        let length = word.utf8CodeUnitCount
        guard size - position >= length, memcmp(base + position, word.utf8Start, length) == 0 else { throw Unsupported() }
        position += length
        _ = append(JSONTapeNode(kind: kind, flags: 0, start: 0, end: 0, hash: 0))
    }

    private mutating func object(depth: Int) throws(Unsupported) {
        guard depth <= Self.maximumDepth else { throw Unsupported() }
        let at = append(JSONTapeNode(kind: .object, flags: 0, start: 0, end: 0, hash: 0))
        position += 1
        skipSpace()
        var members: UInt32 = 0
        if position < size, byte(position) == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < size, byte(position) == UInt8(ascii: "\"") else { throw Unsupported() }
                let key = try string(key: true)
                try refuseDuplicate(key, in: at)
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
        nodes[at].start = members
        nodes[at].end = UInt32(count)
    }

    /// Foundation refuses an object with a key twice; such a document is left to it.
    private func refuseDuplicate(_ key: Int, in object: Int) throws(Unsupported) {
        let name = nodes[key]
        var index = object + 1
        while index < key {
            let other = nodes[index]
            if other.hash == name.hash, other.end - other.start == name.end - name.start,
               memcmp(base + Int(other.start), base + Int(name.start), Int(name.end - name.start)) == 0 {
                throw Unsupported()
            }
            let value = nodes[index + 1]
            index = value.kind == .array || value.kind == .object ? Int(value.end) : index + 2
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
        nodes[at].end = UInt32(count)
    }

    /// A string from its opening quote; a key must be plain ASCII.
    @discardableResult
    private mutating func string(key: Bool) throws(Unsupported) -> Int {
        position += 1
        let start = position
        var flags: UInt8 = 0
        var hash: UInt32 = 2_166_136_261
        if !key { skipPlainBytes() }
        while true {
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
            hash = (hash ^ UInt32(current)) &* 16_777_619
            position += 1
        }
        let end = position
        position += 1
        if flags & JSONTapeNode.nonASCII != 0 {
            guard String(validating: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self) != nil
            else { throw Unsupported() }
        }
        return append(JSONTapeNode(kind: .string, flags: flags, start: UInt32(start), end: UInt32(end), hash: hash))
    }

    /// Moves over the bytes of a string that need no look: ASCII other than quotes, backslashes and controls,
    /// eight at a time.
    @inline(__always) private mutating func skipPlainBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= size {
            let word = UInt64(littleEndian: (base + position).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is zero in `quote` or `backslash` at a quote or backslash; below 0x20 or from 0x80 otherwise.
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20)) | word
            guard special & highs == 0 else { return }
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
