import Entities
import Foundation

/// The coders Entities were read and written with before `DuffelJSON` had a reader of its own: Foundation's
/// `JSONDecoder` and `JSONEncoder`, with timestamps read through Foundation's `ISO8601FormatStyle` as
/// `DuffelJSON.parseTimestamp` first did. Kept here, for tests only, as the yardstick the fast path must match.
enum ReferenceCoders {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseTimestamp(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 timestamp, found \"\(text)\"")
            }
            return date
        }
        return decoder
    }

    static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DuffelJSON.formatTimestamp(date))
        }
        return encoder
    }

    /// `DuffelJSON.parseTimestamp` as it was: Foundation's ISO 8601 parser, with the Gregorian-calendar fix.
    static func parseTimestamp(_ text: String) -> Date? {
        guard var date = foundationTimestamp(text) else { return nil }
        if date.timeIntervalSince1970 < gregorianReform + 10 * 86_400,
           let named = CalendarDate(String(text.prefix(10))), named.dayNumber * 86_400 < Int(gregorianReform),
           let midnight = foundationTimestamp("\(named)T00:00:00Z") {
            date.addTimeInterval(Double(named.dayNumber * 86_400) - midnight.timeIntervalSince1970)
        }
        guard (firstWritable..<pastLastWritable).contains(date.timeIntervalSince1970) else { return nil }
        return date
    }

    private static func foundationTimestamp(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            return date
        }
        return try? Date(text, strategy: Date.ISO8601FormatStyle())
    }

    private static let gregorianReform: TimeInterval = -12_219_292_800
    private static let firstWritable: TimeInterval = -62_135_596_800
    private static let pastLastWritable: TimeInterval = 253_402_300_800
}
