import Foundation

/// An `Encoder` building a ``JSONNode`` tree as Foundation's `JSONEncoder` builds its own with `DuffelJSON`'s
/// settings: dates through ``DuffelJSON/formatTimestamp(_:)`` (what `DuffelJSON`'s date strategy writes), doubles
/// and decimals as Foundation spells them.
///
/// One instance serves a whole value: encoding a nested value gives it an empty ``slot`` for the time of its
/// `encode(to:)`, instead of making an encoder per value. What it cannot promise to write as Foundation would
/// (a `URL`, `Data` or `Float`, a non-finite double or a NaN decimal, a super encoder, a value that encodes nothing, a
/// container asked for over a different one) throws ``UnsupportedEncoding`` or sets ``needsFoundation``, and the
/// caller then encodes with Foundation.
final class NodeEncoder: Encoder {
    let userInfo: [CodingUserInfoKey: Any]
    /// What the value being encoded wrote, `nil` until it writes.
    var slot: JSONNode?
    /// Set when the result might differ from Foundation's.
    var needsFoundation = false

    init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
    }

    /// Paths are not tracked; Entities do not read them while encoding.
    var codingPath: [any CodingKey] { [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        switch slot {
        case .object(let object)?:
            return KeyedEncodingContainer(NodeKeyedContainer<Key>(encoder: self, object: object))
        case nil:
            let object = JSONObjectNode()
            slot = .object(object)
            return KeyedEncodingContainer(NodeKeyedContainer<Key>(encoder: self, object: object))
        default:
            needsFoundation = true
            return KeyedEncodingContainer(NodeKeyedContainer<Key>(encoder: self, object: JSONObjectNode()))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        switch slot {
        case .array(let array)?:
            return NodeUnkeyedContainer(encoder: self, array: array)
        case nil:
            let array = JSONArrayNode()
            slot = .array(array)
            return NodeUnkeyedContainer(encoder: self, array: array)
        default:
            needsFoundation = true
            return NodeUnkeyedContainer(encoder: self, array: JSONArrayNode())
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        NodeSingleValueContainer(encoder: self)
    }

    /// An encoder whose output is thrown away, for what the fast path does not do (super encoders).
    func unsupportedEncoder() -> any Encoder {
        needsFoundation = true
        return NodeEncoder(userInfo: userInfo)
    }

    /// The error that sends the value to Foundation. The flag is set too: a `try?` in an `encode(to:)` that
    /// swallowed the error must not turn it into different bytes.
    func unsupported() -> UnsupportedEncoding {
        needsFoundation = true
        return UnsupportedEncoding()
    }

    /// The node `value` encodes as.
    @inline(__always) func node<T: Encodable>(_ value: T) throws -> JSONNode {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .int(value as! Int) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Date.self { return .string(DuffelJSON.formatTimestamp(value as! Date)) }
        if T.self == Double.self { return try number(value as! Double) }
        if T.self == Decimal.self { return try number(value as! Decimal) }
        if T.self == DuffelJSON.Fragment.self, let bytes = (value as! DuffelJSON.Fragment).bytes {
            return .fragment(bytes)
        }
        if Self.isSpecialCase(T.self) { throw unsupported() }
        let saved = slot
        slot = nil
        defer { slot = saved }
        try value.encode(to: self)
        // Foundation writes a value that asked for no container its own way: leave it to Foundation.
        guard let written = slot else { throw unsupported() }
        return written
    }

    /// A double as Foundation writes it: its description without a trailing `.0`. Foundation refuses NaN and the
    /// infinities by default; the fast path leaves them to it, whatever the strategy.
    func number(_ value: Double) throws(UnsupportedEncoding) -> JSONNode {
        guard value.isFinite else { throw unsupported() }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    /// A decimal as Foundation writes it: its description. A NaN is left to Foundation.
    func number(_ value: Decimal) throws(UnsupportedEncoding) -> JSONNode {
        guard !value.isNaN else { throw unsupported() }
        return .number(value.description)
    }

    /// Integers of every width, as Foundation writes them.
    static func number<Integer: FixedWidthInteger>(_ value: Integer) -> JSONNode {
        .number(value.description)
    }

    /// Types Foundation's `JSONEncoder` writes its own way rather than through their `encode(to:)`.
    @inline(__always) static func isSpecialCase<T>(_ type: T.Type) -> Bool {
        T.self == URL.self || T.self == Data.self || T.self == Float.self
    }
}

/// The single-value container of ``NodeEncoder``: one value into the encoder's slot.
struct NodeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { [] }

    private func put(_ node: JSONNode) {
        // Foundation stops on a second value; the fast path leaves that to it.
        if encoder.slot != nil { encoder.needsFoundation = true }
        encoder.slot = node
    }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try encoder.number(value)) }
    mutating func encode(_ value: Float) throws { throw encoder.unsupported() }
    mutating func encode(_ value: Int) throws { put(.int(value)) }
    mutating func encode(_ value: Int8) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: Int16) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: Int32) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: Int64) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: UInt) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: UInt8) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: UInt16) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: UInt32) throws { put(NodeEncoder.number(value)) }
    mutating func encode(_ value: UInt64) throws { put(NodeEncoder.number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { put(try encoder.node(value)) }
}
