import Foundation

/// An object in a ``JSONTape``, read by key. A member is found by its key's hash and bytes; a key that is there
/// with `null` is there (`contains` is true, `decodeNil` is true), as in Foundation's decoder.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    let object: Int

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { decoder.tape.keys(of: object).compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { decoder.tape.member(key.stringValue, of: object) != nil }

    @inline(__always) private func value(_ key: Key) throws -> Int {
        guard let index = decoder.tape.member(key.stringValue, of: object) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool { decoder.tape.node(try value(key)).kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(at: value(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(at: value(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.double(at: value(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.int(at: value(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw decoder.foundationDecides() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw decoder.foundationDecides() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw decoder.foundationDecides() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw decoder.foundationDecides() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw decoder.foundationDecides() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw decoder.foundationDecides() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw decoder.foundationDecides() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw decoder.foundationDecides() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw decoder.foundationDecides() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw decoder.foundationDecides() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(T.self, at: value(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = decoder.tape.member(key.stringValue, of: object), decoder.tape.node(index).kind != .null
        else { return nil }
        return try decoder.decode(T.self, at: index)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = decoder.tape.member(key.stringValue, of: object), decoder.tape.node(index).kind != .null
        else { return nil }
        return try decoder.string(at: index)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = decoder.tape.member(key.stringValue, of: object), decoder.tape.node(index).kind != .null
        else { return nil }
        return try decoder.bool(at: index)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let index = decoder.tape.member(key.stringValue, of: object), decoder.tape.node(index).kind != .null
        else { return nil }
        return try decoder.int(at: index)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try value(key)
        guard decoder.tape.node(index).kind == .object else { throw decoder.mismatch(NestedKey.self, at: index) }
        return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try value(key)
        guard decoder.tape.node(index).kind == .array else { throw decoder.mismatch([Any].self, at: index) }
        return TapeUnkeyedContainer(decoder: decoder, array: index)
    }

    func superDecoder() throws -> any Decoder { throw decoder.foundationDecides() }

    func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.foundationDecides() }
}
