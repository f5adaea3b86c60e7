public import Foundation

/// Parsers for the timestamps servers put in `Retry-After` and `ratelimit-reset`.
///
/// Hand-written rather than formatter-based: the formats are fixed, in English and in GMT whatever the
/// machine's locale, and the parsers are pure functions that are easy to test.
public enum HTTPDate {
    /// Parses an HTTP-date (RFC 9110, section 5.6.7) in any of its three forms:
    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        switch parts.count {
        case 6:  // IMF-fixdate
            guard parts[0].hasSuffix(","), parts[5] == "GMT",
                let day = Int(parts[1]), let month = month(parts[2]), let year = Int(parts[3]), parts[3].count == 4,
                let time = clock(parts[4])
            else { return nil }
            return date(year: year, month: month, day: day, time: time, offsetSeconds: 0)
        case 4:  // obsolete RFC 850 form, two-digit year
            guard parts[0].hasSuffix(","), parts[3] == "GMT" else { return nil }
            let dayMonthYear = parts[1].split(separator: "-", omittingEmptySubsequences: false)
            guard dayMonthYear.count == 3, let day = Int(dayMonthYear[0]), let month = month(dayMonthYear[1]),
                dayMonthYear[2].count == 2, let shortYear = Int(dayMonthYear[2]), let time = clock(parts[2])
            else { return nil }
            // RFC 9110 reads a two-digit year as the most recent one that is not more than 50 years ahead.
            let year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
            return date(year: year, month: month, day: day, time: time, offsetSeconds: 0)
        case 5:  // obsolete asctime form
            guard let month = month(parts[1]), let day = Int(parts[2]), let time = clock(parts[3]),
                let year = Int(parts[4]), parts[4].count == 4
            else { return nil }
            return date(year: year, month: month, day: day, time: time, offsetSeconds: 0)
        default:
            return nil
        }
    }

    /// Parses an ISO 8601 / RFC 3339 timestamp with a zone: `2026-11-22T04:01:31Z`,
    /// `2026-11-22T05:01:31.250+01:00` or `2026-11-22T05:01:31+0100`.
    public static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == UInt8(ascii: "-"), let month = number(5..<7),
            bytes[7] == UInt8(ascii: "-"), let day = number(8..<10),
            [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
            let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"), let minute = number(14..<16),
            bytes[16] == UInt8(ascii: ":"), let second = number(17..<19)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
        }
        let offsetSeconds: Int
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
            offsetSeconds = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            let rest = bytes.count - index - 1
            guard let hours = rest >= 2 ? number(index + 1..<index + 3) : nil else { return nil }
            let minutes: Int?
            switch rest {
            case 2: minutes = 0
            case 4: minutes = number(index + 3..<index + 5)
            case 5: minutes = bytes[index + 3] == UInt8(ascii: ":") ? number(index + 4..<index + 6) : nil
            default: minutes = nil
            }
            guard let minutes, hours < 24, minutes < 60 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        guard let base = date(year: year, month: month, day: day, time: (hour, minute, second), offsetSeconds: offsetSeconds)
        else { return nil }
        return base.addingTimeInterval(fraction)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ name: Substring) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }

    private static func clock(_ text: Substring) -> (Int, Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2])
        else { return nil }
        return (hour, minute, second)
    }

    private static func date(
        year: Int, month: Int, day: Int, time: (Int, Int, Int), offsetSeconds: Int
    ) -> Date? {
        let (hour, minute, second) = time
        // Second 60 is a leap second, which HTTP and RFC 3339 allow.
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysFromEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
    private static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
