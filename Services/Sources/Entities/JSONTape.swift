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
    /// A string: a hash of its bytes, to find a member by key without comparing every key.
    var hash: UInt32
}

/// A document read into nodes. It owns a copy of the bytes, so nothing it gives out depends on the caller's buffer.
final class JSONTape {
    let bytes: UnsafeMutableRawBufferPointer
    let nodes: UnsafeMutableBufferPointer<JSONTapeNode>
    let count: Int

    init(bytes: UnsafeMutableRawBufferPointer, nodes: UnsafeMutableBufferPointer<JSONTapeNode>, count: Int) {
        self.bytes = bytes
        self.nodes = nodes
        self.count = count
    }

    deinit {
        bytes.deallocate()
        nodes.deallocate()
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
            let hash = JSONTape.hash(UnsafeRawBufferPointer(key))
            let members = Int(nodes[object].start)
            var index = object + 1
            for _ in 0..<members {
                let name = nodes[index]
                if name.hash == hash, Int(name.end - name.start) == key.count,
                   key.count == 0 || memcmp(bytes.baseAddress! + Int(name.start), key.baseAddress!, key.count) == 0 {
                    return index + 1
                }
                index = next(after: index + 1)
            }
            return nil
        }
    }

    /// The keys of the object at `object`, in document order.
    func keys(of object: Int) -> [String] {
        var keys: [String] = []
        let members = Int(nodes[object].start)
        keys.reserveCapacity(members)
        var index = object + 1
        for _ in 0..<members {
            keys.append(plainString(nodes[index]))
            index = next(after: index + 1)
        }
        return keys
    }

    /// FNV-1a over the bytes.
    @inline(__always) static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
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
