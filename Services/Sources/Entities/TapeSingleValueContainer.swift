import Foundation

/// One value in a ``JSONTape``.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: TapeDecoder
    let node: Int

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { decoder.tape.node(node).kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: node) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(at: node) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: node) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.int(at: node) }
    func decode(_ type: Float.Type) throws -> Float { throw decoder.foundationDecides() }
    func decode(_ type: Int8.Type) throws -> Int8 { throw decoder.foundationDecides() }
    func decode(_ type: Int16.Type) throws -> Int16 { throw decoder.foundationDecides() }
    func decode(_ type: Int32.Type) throws -> Int32 { throw decoder.foundationDecides() }
    func decode(_ type: Int64.Type) throws -> Int64 { throw decoder.foundationDecides() }
    func decode(_ type: UInt.Type) throws -> UInt { throw decoder.foundationDecides() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { throw decoder.foundationDecides() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { throw decoder.foundationDecides() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { throw decoder.foundationDecides() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { throw decoder.foundationDecides() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self, at: node) }
}
