import Foundation

/// The decoder ``DuffelJSON/decoder()`` gives: Foundation's `JSONDecoder`, with a faster path in front of it.
///
/// A document is first read by ``JSONTapeReader`` and decoded by ``TapeDecoder``, which read exactly as Foundation
/// does with `DuffelJSON`'s settings. When either cannot promise that (see their notes), or when decoding fails, the
/// document is decoded again by Foundation, so every error, and every document at the edges of JSON, is Foundation's
/// answer. Changing the decoder's settings (a date or key strategy, JSON5...) turns the fast path off.
final class DuffelJSONDecoder: JSONDecoder, @unchecked Sendable {
    /// Whether settings were changed after ``DuffelJSON/decoder()`` made it.
    private var customised = false

    /// A decoder reading timestamps with `strategy`, which must read them as ``DuffelJSON/parseTimestamp(_:)`` does.
    init(timestamps strategy: JSONDecoder.DateDecodingStrategy) {
        super.init()
        dateDecodingStrategy = strategy
        customised = false
    }

    override var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        didSet { customised = true }
    }

    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if usesDuffelSettings, let value = Self.fastDecode(T.self, from: data, userInfo: userInfo) {
            return value
        }
        return try super.decode(T.self, from: data)
    }

    /// Reads `data` as `T` on the fast path, or `nil` when Foundation must decide.
    static func fastDecode<T: Decodable>(_ type: T.Type, from data: Data, userInfo: [CodingUserInfoKey: Any]) -> T? {
        guard let tape = try? JSONTapeReader.read(data) else { return nil }
        let decoder = TapeDecoder(tape: tape, userInfo: userInfo)
        guard let value = try? decoder.decode(T.self, at: 0), !decoder.needsFoundation else { return nil }
        return value
    }

    private var usesDuffelSettings: Bool {
        guard !customised, !allowsJSON5, !assumesTopLevelDictionary else { return false }
        guard case .useDefaultKeys = keyDecodingStrategy, case .base64 = dataDecodingStrategy,
              case .throw = nonConformingFloatDecodingStrategy else { return false }
        return true
    }
}
