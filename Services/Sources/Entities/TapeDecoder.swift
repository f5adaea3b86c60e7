import Foundation

/// A `Decoder` over a ``JSONTape``, reading as Foundation's `JSONDecoder` reads with `DuffelJSON`'s settings.
///
/// One instance serves a whole document: decoding a nested value points ``current`` at it for the time of its
/// `init(from:)`, as Foundation's decoder does, instead of making a decoder per value. Where it cannot promise to
/// read exactly as Foundation would (a number outside what it reads, a type Foundation treats specially that is
/// not a `Date`), it sets ``needsFoundation`` and throws: an error caught by a tolerant `try?` must not turn into a
/// different value, so the caller then reads the whole document with Foundation instead.
final class TapeDecoder: Decoder {
    let tape: JSONTape
    let userInfo: [CodingUserInfoKey: Any]
    /// The node being decoded.
    var current: Int
    /// Set when the result might differ from Foundation's; the caller must then decode with Foundation.
    var needsFoundation = false

    init(tape: JSONTape, userInfo: [CodingUserInfoKey: Any]) {
        self.tape = tape
        self.userInfo = userInfo
        current = 0
    }

    /// Paths are not tracked: an error that leaves the document sends it to Foundation, which says where.
    var codingPath: [any CodingKey] { [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.node(current).kind == .object else { throw mismatch(Key.self, at: current) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: current))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.node(current).kind == .array else { throw mismatch([Any].self, at: current) }
        return TapeUnkeyedContainer(decoder: self, array: current)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(decoder: self, node: current)
    }

    /// Decodes the node at `index` as `T`.
    @inline(__always) func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        if T.self == String.self { return try string(at: index) as! T }
        if T.self == Date.self { return try date(at: index) as! T }
        if T.self == Int.self { return try int(at: index) as! T }
        if T.self == Bool.self { return try bool(at: index) as! T }
        if T.self == Double.self { return try double(at: index) as! T }
        if Self.isSpecialCase(T.self) { throw foundationDecides() }
        let saved = current
        current = index
        defer { current = saved }
        return try T(from: self)
    }

    func string(at index: Int) throws -> String {
        let node = tape.node(index)
        guard node.kind == .string else { throw mismatch(String.self, at: index) }
        return tape.string(node)
    }

    func bool(at index: Int) throws -> Bool {
        switch tape.node(index).kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: index)
        }
    }

    func int(at index: Int) throws -> Int {
        let node = tape.node(index)
        guard node.kind == .number else { throw mismatch(Int.self, at: index) }
        guard let value = tape.integer(node) else { throw foundationDecides() }
        return value
    }

    func double(at index: Int) throws -> Double {
        let node = tape.node(index)
        guard node.kind == .number else { throw mismatch(Double.self, at: index) }
        let text = tape.numberBytes(node)
        if let value = Self.exactDouble(text) { return value }
        // Foundation refuses what overflows or underflows; those, and texts too long to be sure, go to it.
        guard text.count <= 40, let value = Double(String(decoding: text, as: UTF8.self)),
              value.isNormal || (value == 0 && !text.prefix(while: { $0 | 0x20 != UInt8(ascii: "e") })
                .contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }))
        else { throw foundationDecides() }
        return value
    }

    /// A decimal without exponent and with at most 15 digits, as the quotient of two doubles that hold their values
    /// exactly: IEEE division rounds it correctly, so it is the double `strtod` (and Foundation) reads.
    static func exactDouble(_ text: UnsafeRawBufferPointer) -> Double? {
        var index = text.first == UInt8(ascii: "-") ? 1 : 0
        var mantissa = 0
        var digits = 0
        var fraction = -1
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard fraction < 0 else { return nil }
                fraction = 0
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                mantissa = mantissa * 10 + Int(digit)
                digits += 1
                if fraction >= 0 { fraction += 1 }
                guard digits <= 15 else { return nil }
            }
            index += 1
        }
        let value = Double(mantissa) / powersOfTen[max(fraction, 0)]
        return text.first == UInt8(ascii: "-") ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    func date(at index: Int) throws -> Date {
        let text = try string(at: index)
        guard let date = DuffelJSON.parseTimestamp(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "Expected an ISO 8601 timestamp, found \"\(text)\""))
        }
        return date
    }

    /// A type this decoder does not read as Foundation would: the document goes to Foundation.
    func foundationDecides() -> any Error {
        needsFoundation = true
        return JSONTapeReader.Unsupported()
    }

    func mismatch(_ type: Any.Type, at index: Int) -> DecodingError {
        let node = tape.node(index)
        if node.kind == .null {
            return .valueNotFound(type, .init(codingPath: [], debugDescription: "Expected \(type) value but found null instead."))
        }
        return .typeMismatch(type, .init(codingPath: [], debugDescription: "Expected to decode \(type) but found \(node.kind) instead."))
    }
}

extension TapeDecoder {
    /// Types Foundation's `JSONDecoder` reads its own way, or that this decoder does not read: left to Foundation.
    @inline(__always) static func isSpecialCase<T>(_ type: T.Type) -> Bool {
        T.self == Decimal.self || T.self == URL.self || T.self == Data.self || T.self == Float.self
            || T.self == Int8.self || T.self == Int16.self || T.self == Int32.self || T.self == Int64.self
            || T.self == UInt.self || T.self == UInt8.self || T.self == UInt16.self || T.self == UInt32.self
            || T.self == UInt64.self
    }
}
