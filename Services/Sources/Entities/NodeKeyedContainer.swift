/// The keyed container of ``NodeEncoder``: members appended in order, sorted when written.
struct NodeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: NodeEncoder
    let object: JSONObjectNode
    var codingPath: [any CodingKey] { [] }

    @inline(__always) private func put(_ node: JSONNode, _ key: Key) {
        object.members.append((key.stringValue, node))
    }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try encoder.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw encoder.unsupported() }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(NodeEncoder.number(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(try encoder.node(value), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectNode()
        put(.object(nested), key)
        return KeyedEncodingContainer(NodeKeyedContainer<NestedKey>(encoder: encoder, object: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayNode()
        put(.array(nested), key)
        return NodeUnkeyedContainer(encoder: encoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder { encoder.unsupportedEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.unsupportedEncoder() }
}
