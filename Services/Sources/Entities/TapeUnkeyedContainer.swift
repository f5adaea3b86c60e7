import Foundation

/// An array in a ``JSONTape``, read in order. As in Foundation's decoder, an element that fails to decode is not
/// passed over: the index moves on only after a success (or after `decodeNil` finds `null`).
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var node: Int

    init(decoder: TapeDecoder, array: Int) {
        self.decoder = decoder
        count = Int(decoder.tape.node(array).start)
        node = array + 1
    }

    var codingPath: [any CodingKey] { [] }

    var isAtEnd: Bool { currentIndex >= count! }

    @inline(__always) private func element<T>(_ type: T.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "Unkeyed container is at end."))
        }
        return node
    }

    @inline(__always) private mutating func advance() {
        node = decoder.tape.next(after: node)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.tape.node(try element(Never.self)).kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try decoder.bool(at: element(type))
        advance()
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try decoder.string(at: element(type))
        advance()
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try decoder.double(at: element(type))
        advance()
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        let value = try decoder.int(at: element(type))
        advance()
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float { throw decoder.foundationDecides() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { throw decoder.foundationDecides() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { throw decoder.foundationDecides() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { throw decoder.foundationDecides() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { throw decoder.foundationDecides() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { throw decoder.foundationDecides() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { throw decoder.foundationDecides() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { throw decoder.foundationDecides() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { throw decoder.foundationDecides() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { throw decoder.foundationDecides() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.decode(T.self, at: element(type))
        advance()
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { throw decoder.foundationDecides() }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try element(type)
        guard decoder.tape.node(index).kind == .object else { throw decoder.mismatch(NestedKey.self, at: index) }
        advance()
        return KeyedDecodingContainer(TapeKeyedContainer<NestedKey>(decoder: decoder, object: index))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try element([Any].self)
        guard decoder.tape.node(index).kind == .array else { throw decoder.mismatch([Any].self, at: index) }
        advance()
        return TapeUnkeyedContainer(decoder: decoder, array: index)
    }

    mutating func superDecoder() throws -> any Decoder { throw decoder.foundationDecides() }
}
