import Foundation

// The shapes Duffel writes dates and times in, read straight from their bytes. The general parsers of
// ``CalendarDate`` and ``LocalDateTime`` split text into parts, which costs far more than decoding the rest of a
// segment; text in exactly these shapes is read here instead, with the same checks, and anything else still goes
// through the general parsers, so what is accepted, and what it reads as, does not change.
enum CanonicalDateText {
    /// `YYYY-MM-DD` → (year, month, day), or `nil` when the text is not exactly that shape.
    static func date(_ text: String) -> (year: Int, month: Int, day: Int)? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 10 else { return nil }
            return date(bytes)
        }
    }

    /// `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` → its parts, or `nil` when the text is not exactly that shape.
    static func dateTime(_ text: String) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count == 16 || bytes.count == 19, let day = date(bytes), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2)
            else { return nil }
            var second = 0
            if bytes.count == 19 {
                guard bytes[16] == UInt8(ascii: ":"), let parsed = digits(bytes, 17, 2) else { return nil }
                second = parsed
            }
            return (day.year, day.month, day.day, hour, minute, second)
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.f…]Z`, one to six fraction digits, from 1600 on (well past the Gregorian reform that
    /// ``DuffelJSON/parseTimestamp(_:)`` corrects Foundation for) → its instant, computed as Foundation's
    /// `ISO8601FormatStyle` computes it (seconds since 2001 plus the fraction; the equivalence test and the
    /// `duffel-decoders` fuzz target compare the two). `nil` for anything else, which goes to Foundation.
    static func timestamp(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20, bytes.count != 21, bytes.count <= 27, bytes[bytes.count - 1] == UInt8(ascii: "Z"),
                  let day = date(bytes), bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
                  bytes[16] == UInt8(ascii: ":"), let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2),
                  let second = digits(bytes, 17, 2), day.year >= 1600, hour < 24, minute < 60, second < 60,
                  let calendarDay = CalendarDate(year: day.year, month: day.month, day: day.day) else { return nil }
            var fraction = 0.0
            if bytes.count > 20 {
                let count = bytes.count - 21
                guard bytes[19] == UInt8(ascii: "."), let value = digits(bytes, 20, count) else { return nil }
                fraction = Double(value) / powersOfTen[count]
            }
            let seconds = calendarDay.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
            return Date(timeIntervalSinceReferenceDate: Double(seconds - 978_307_200) + fraction)
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

    private static func date(_ bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), let year = digits(bytes, 0, 4),
              let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2) else { return nil }
        return (year, month, day)
    }

    /// The number written by the `count` ASCII digits at `start`, or `nil` when one is not a digit.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
