/// The unkeyed container of ``NodeEncoder``: elements appended in order.
struct NodeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: NodeEncoder
    let array: JSONArrayNode
    var codingPath: [any CodingKey] { [] }
    var count: Int { array.elements.count }

    @inline(__always) private func put(_ node: JSONNode) { array.elements.append(node) }

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

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectNode()
        put(.object(nested))
        return KeyedEncodingContainer(NodeKeyedContainer<NestedKey>(encoder: encoder, object: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayNode()
        put(.array(nested))
        return NodeUnkeyedContainer(encoder: encoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder { encoder.unsupportedEncoder() }
}
