public import Foundation

/// The JSON coders for Duffel's wire format. Entities' `Codable` conformances are that format (snake_case keys
/// spelled out in each type), with one convention the coder carries: timestamps such as `created_at` and
/// `expires_at` are ISO 8601 instants, with or without fractional seconds.
///
/// Everything that reads or writes Duffel JSON (the HTTP services, the fixture services, the sandbox) goes through
/// these two functions, so a fixture decodes exactly as a live response does.
public enum DuffelJSON {
    /// A decoder for Duffel responses and request bodies.
    ///
    /// It reads a document with a purpose-built reader first and leaves to Foundation's `JSONDecoder` every document
    /// that reader cannot promise to read exactly as Foundation would, and every error: the values and the errors are
    /// Foundation's, several times faster.
    public static func decoder() -> JSONDecoder {
        DuffelJSONDecoder(timestamps: .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = parseTimestamp(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 timestamp, found \"\(text)\"")
            }
            return date
        })
    }

    /// An encoder that writes what Duffel writes (sorted keys, so output is stable and diffable).
    ///
    /// It writes a value with a purpose-built writer first and leaves to Foundation's `JSONEncoder` every value that
    /// writer cannot promise to write exactly as Foundation would, and every error: the bytes are Foundation's,
    /// several times faster.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        DuffelJSONEncoder(pretty: pretty, timestamps: .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatTimestamp(date))
        })
    }

    /// Parses `2026-12-18T09:45:00Z`, `2026-12-18T09:45:00.123456Z` or with an offset such as `+01:00`.
    ///
    /// Days are counted on the Gregorian calendar all the way back, as ISO 8601, ``CalendarDate`` and
    /// ``formatTimestamp(_:)`` count them. Foundation reads a day before 15 October 1582 on the Julian calendar: such a
    /// time, written back, moved by days each time it was read (found by `scripts/fuzz`). An instant outside the
    /// years 1 to 9999, which four year digits cannot write, is refused.
    public static func parseTimestamp(_ text: String) -> Date? {
        if let date = CanonicalDateText.timestamp(text) {
            return (firstWritable..<pastLastWritable).contains(date.timeIntervalSince1970) ? date : nil
        }
        guard var date = foundationTimestamp(text) else { return nil }
        // Foundation's reading of a day up to ten days before the reform can be after it (the ten days it skipped).
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

    /// 1582-10-15T00:00:00Z, the first day of the Gregorian calendar, in seconds since 1970.
    private static let gregorianReform: TimeInterval = -12_219_292_800
    /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z.
    private static let firstWritable: TimeInterval = -62_135_596_800
    private static let pastLastWritable: TimeInterval = 253_402_300_800

    /// Writes an instant as Duffel does: UTC with milliseconds, `2026-12-18T09:45:00.000Z`, rounded to the nearest
    /// millisecond so that what was read is written back unchanged.
    public static func formatTimestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = Int(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient - (milliseconds % 1000 < 0 ? 1 : 0))
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        let day = CalendarDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let secondOfDay = seconds - day.dayNumber * 86_400
        var text: [UInt8] = []
        text.reserveCapacity(24)
        PaddedDigits.appendDate(year: day.year, month: day.month, day: day.day, to: &text)
        text.append(UInt8(ascii: "T"))
        PaddedDigits.append(secondOfDay / 3600, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        PaddedDigits.append((secondOfDay % 3600) / 60, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        PaddedDigits.append(secondOfDay % 60, width: 2, to: &text)
        text.append(UInt8(ascii: "."))
        PaddedDigits.append(fraction, width: 3, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }
}

/// A string-valued token from Duffel that may grow new values over time (an error type, a cabin class).
/// Unknown values decode instead of failing, so a new value on the server never breaks a search.
public protocol WireToken: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension WireToken {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }
}

/// Duffel's list envelope: `{"data": [...], "meta": {"limit": 50, "after": "…", "before": null}}`.
public struct Page<Element: Sendable>: Sendable {
    /// The items of this page.
    public var items: [Element]
    /// The cursor for the next page, `nil` on the last page.
    public var after: String?
    /// The cursor for the previous page.
    public var before: String?
    /// The page size the server applied.
    public var limit: Int?

    /// A page of `items`.
    public init(items: [Element], after: String? = nil, before: String? = nil, limit: Int? = nil) {
        self.items = items
        self.after = after
        self.before = before
        self.limit = limit
    }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Hashable where Element: Hashable {}

extension Page: Codable where Element: Codable {
    private enum CodingKeys: String, CodingKey { case data, meta }
    private struct Meta: Codable {
        var limit: Int?
        var after: String?
        var before: String?

        init(limit: Int?, after: String?, before: String?) {
            self.limit = limit
            self.after = after
            self.before = before
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            limit = container.lenient(Int.self, forKey: .limit)
            after = container.lenient(String.self, forKey: .after).flatMap { $0.isEmpty ? nil : $0 }
            before = container.lenient(String.self, forKey: .before).flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    public init(from decoder: any Decoder) throws {
        // An element that cannot be read is left out of the page; odd `meta` reads as "no more pages".
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.requiredLossyList(Element.self, forKey: .data)
        let meta = container.lenient(Meta.self, forKey: .meta)
        after = meta?.after
        before = meta?.before
        limit = meta?.limit
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .data)
        try container.encode(Meta(limit: limit, after: after, before: before), forKey: .meta)
    }
}

/// Duffel's single-object envelope: `{"data": {...}}`, for responses and request bodies alike.
public struct DataEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    /// The wrapped object.
    public var data: Payload

    /// Wraps `data`.
    public init(_ data: Payload) { self.data = data }
}
