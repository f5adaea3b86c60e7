import Foundation

// The compact tree `DuffelJSON`'s reader decodes from: one flat run of fixed-size nodes in document order, each
// pointing into the bytes it was read from. A string or number is turned into a Swift value only when an entity asks
// for it, and a subtree nobody asks for (Duffel sends far more than the app reads) costs no more than its scan.

/// One JSON value in a ``JSONTape``.
struct JSONTapeNode {
    enum Kind: UInt8 { case null, `false`, `true`, number, string, array, object }

    /// For a string: ``escaped`` or ``nonASCII``; for a number: ``integer`` (no fraction, no exponent).
    static let escaped: UInt8 = 1
    static let nonASCII: UInt8 = 2
    static let integer: UInt8 = 4

    var kind: Kind
    var flags: UInt8
    /// A string or number: its first byte (inside the quotes). An array or object: how many elements or members.
    var start: UInt32
    /// A string or number: one past its last byte. An array or object: the index of the node after its subtree.
    var end: UInt32
    /// A key: a hash of its bytes (``JSONTape/hash(_:_:)``). An object: where its members start in
    /// ``JSONTape/members``.
    var hash: UInt32
}

/// A document read into nodes. It owns a copy of the bytes, so nothing it gives out depends on the caller's buffer.
final class JSONTape {
    let bytes: UnsafeMutableRawBufferPointer
    let nodes: TapeBuffer<JSONTapeNode>
    /// Every object's members, each object's together: first which of 128 buckets its keys' hashes fall in (two
    /// words, bit `hash & 127`), so that most keys it does not have are known absent at once; then one word per
    /// member, the key's hash in the high half and its node in the low half.
    let members: TapeBuffer<UInt64>
    /// For each of 256 key hash buckets, the member slot where such a key was last found: objects of one kind list
    /// their keys in one order, so the next object of that kind has it in the same slot.
    private let predicted: UnsafeMutablePointer<UInt8>

    init(bytes: UnsafeMutableRawBufferPointer, nodes: TapeBuffer<JSONTapeNode>, members: TapeBuffer<UInt64>) {
        self.bytes = bytes
        self.nodes = nodes
        self.members = members
        predicted = .allocate(capacity: 256)
        predicted.initialize(repeating: 0, count: 256)
    }

    deinit {
        bytes.deallocate()
        nodes.free()
        members.free()
        predicted.deallocate()
    }

    @inline(__always) func node(_ index: Int) -> JSONTapeNode { nodes[index] }

    /// The index of the node after the subtree at `index`.
    @inline(__always) func next(after index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .array || node.kind == .object ? Int(node.end) : index + 1
    }

    /// The value of the member `key` of the object at `object`, or `nil` when it has none.
    func member(_ key: String, of object: Int) -> Int? {
        var key = key
        return key.withUTF8 { key in
            let count = key.count
            let hash = count == 0 ? JSONTape.emptyHash : JSONTape.hash(UnsafeRawPointer(key.baseAddress!), count)
            let objectNode = nodes[object]
            let total = Int(objectNode.start)
            let bloom = members.base + Int(objectNode.hash)
            let word = hash & 64 == 0 ? bloom[0] : bloom[1]
            guard word & (1 << UInt64(hash & 63)) != 0 else { return nil }
            let table = bloom + 2
            let bucket = Int(hash & 255)
            let guess = Int(predicted[bucket])
            if guess < total, let value = matches(table[guess], hash, key) { return value }
            for slot in 0..<total {
                if let value = matches(table[slot], hash, key) {
                    predicted[bucket] = UInt8(truncatingIfNeeded: slot)
                    return value
                }
            }
            return nil
        }
    }

    /// The value node of `entry` when its key is `key`.
    @inline(__always)
    private func matches(_ entry: UInt64, _ hash: UInt32, _ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard UInt32(truncatingIfNeeded: entry >> 32) == hash else { return nil }
        let name = nodes[Int(UInt32(truncatingIfNeeded: entry))]
        guard Int(name.end - name.start) == key.count,
              JSONTape.equal(UnsafeRawPointer(bytes.baseAddress! + Int(name.start)), key) else { return nil }
        return Int(UInt32(truncatingIfNeeded: entry)) + 1
    }

    /// Whether the `key.count` bytes at `start` are `key`'s: eight at a time, since keys are short.
    @inline(__always) private static func equal(_ start: UnsafeRawPointer, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = key.count
        guard count >= 8 else { return count == 0 || memcmp(start, key.baseAddress!, count) == 0 }
        let other = UnsafeRawPointer(key.baseAddress!)
        var offset = 0
        while offset + 8 < count {
            guard start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset += 8
        }
        return start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    static let emptyHash: UInt32 = 0x9E37_79B9

    /// A hash of a key from its length and its first and last eight bytes (`count` > 0): keys are short, and a
    /// match is confirmed byte by byte.
    @inline(__always) static func hash(_ start: UnsafeRawPointer, _ count: Int) -> UInt32 {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = start.loadUnaligned(as: UInt64.self)
            tail = start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for offset in 0..<count { head = head << 8 | UInt64(start.load(fromByteOffset: offset, as: UInt8.self)) }
        }
        var mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &+ UInt64(count)) &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= mixed >> 31
        mixed = mixed &* 0xBF58_476D_1CE4_E5B9
        return UInt32(truncatingIfNeeded: mixed >> 32)
    }

    /// The keys of the object at `object`, in document order.
    func keys(of object: Int) -> [String] {
        let objectNode = nodes[object]
        let table = members.base + Int(objectNode.hash) + 2
        return (0..<Int(objectNode.start)).map { plainString(nodes[Int(UInt32(truncatingIfNeeded: table[$0]))]) }
    }

    /// The text of a string node with no escapes (the reader has checked its UTF-8).
    @inline(__always) func plainString(_ node: JSONTapeNode) -> String {
        let start = bytes.baseAddress! + Int(node.start)
        return String(decoding: UnsafeRawBufferPointer(start: start, count: Int(node.end - node.start)), as: UTF8.self)
    }

    /// The text of a string node.
    func string(_ node: JSONTapeNode) -> String {
        guard node.flags & JSONTapeNode.escaped != 0 else { return plainString(node) }
        let raw = UnsafeRawBufferPointer(start: bytes.baseAddress! + Int(node.start), count: Int(node.end - node.start))
        return JSONEscapes.unescaped(raw)
    }

    /// The bytes of a number node.
    @inline(__always) func numberBytes(_ node: JSONTapeNode) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes.baseAddress! + Int(node.start), count: Int(node.end - node.start))
    }

    /// A number node's value as an `Int`, when its text is a plain integer that fits.
    func integer(_ node: JSONTapeNode) -> Int? {
        guard node.flags & JSONTapeNode.integer != 0 else { return nil }
        let text = numberBytes(node)
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var value = 0
        while index < text.count {
            let digit = Int(text[index] &- UInt8(ascii: "0"))
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return value
    }
}
