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
