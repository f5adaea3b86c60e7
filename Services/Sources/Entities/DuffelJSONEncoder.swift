import Foundation

/// The encoder ``DuffelJSON/encoder(pretty:)`` gives: Foundation's `JSONEncoder`, with a faster path in front of it.
///
/// A value is first encoded by ``NodeEncoder`` into a tree and written by ``JSONNodeWriter``, which write exactly as
/// Foundation does with `DuffelJSON`'s settings. When either cannot promise that (see their notes), or when encoding
/// throws, the value is encoded again by Foundation, so every error and every value at the edges is Foundation's
/// answer. Changing the encoder's settings (other output formatting, a date or key strategy) turns the fast path off.
final class DuffelJSONEncoder: JSONEncoder, @unchecked Sendable {
    /// Whether the date strategy was changed after ``DuffelJSON/encoder(pretty:)`` made it.
    private var customised = false

    /// An encoder writing timestamps with `strategy`, which must write them as ``DuffelJSON/formatTimestamp(_:)``
    /// does, with `DuffelJSON`'s output formatting.
    init(pretty: Bool, timestamps strategy: JSONEncoder.DateEncodingStrategy) {
        super.init()
        outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        dateEncodingStrategy = strategy
        customised = false
    }

    override var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        didSet { customised = true }
    }

    override func encode<T: Encodable>(_ value: T) throws -> Data {
        if let pretty = fastLayout, let data = Self.fastEncode(value, pretty: pretty, userInfo: userInfo) {
            return data
        }
        return try super.encode(value)
    }

    /// Writes `value` on the fast path, or `nil` when Foundation must decide.
    static func fastEncode<T: Encodable>(_ value: T, pretty: Bool, userInfo: [CodingUserInfoKey: Any]) -> Data? {
        fastBytes(value, pretty: pretty, userInfo: userInfo).map { Data($0) }
    }

    /// The bytes of ``fastEncode(_:pretty:userInfo:)``.
    static func fastBytes<T: Encodable>(_ value: T, pretty: Bool, userInfo: [CodingUserInfoKey: Any]) -> [UInt8]? {
        let encoder = NodeEncoder(userInfo: userInfo)
        guard let node = try? encoder.node(value), !encoder.needsFoundation else { return nil }
        var writer = JSONNodeWriter(pretty: pretty)
        guard (try? writer.write(node)) != nil else { return nil }
        return writer.output
    }

    /// Whether the fast path writes as this encoder is set (and pretty-printed or not), `nil` when it does not.
    private var fastLayout: Bool? {
        guard !customised, case .useDefaultKeys = keyEncodingStrategy else { return nil }
        switch outputFormatting {
        case [.sortedKeys, .withoutEscapingSlashes]: return false
        case [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]: return true
        default: return nil
        }
    }
}
