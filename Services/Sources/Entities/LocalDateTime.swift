public import Foundation

/// A wall-clock date and time at an airport, with no offset, as Duffel writes segment times:
/// `2026-12-18T09:45:00`. The airport's `time_zone` says where the wall clock hangs.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The calendar day.
    public let date: CalendarDate
    /// The time of day.
    public let time: LocalTime
    /// Seconds, 0 to 59 (Duffel sends `:00`).
    public let second: Int

    /// Creates a date-time from its parts.
    public init(date: CalendarDate, time: LocalTime, second: Int = 0) {
        self.date = date
        self.time = time
        self.second = min(max(second, 0), 59)
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]`; a trailing offset or `Z` is refused, since these times are local.
    public init?(_ description: String) {
        if let parts = CanonicalDateText.dateTime(description),
           let date = CalendarDate(year: parts.year, month: parts.month, day: parts.day),
           let time = LocalTime(hour: parts.hour, minute: parts.minute), parts.second < 60 {
            self.init(date: date, time: time, second: parts.second)
            return
        }
        let halves = description.split(separator: "T", omittingEmptySubsequences: false)
        guard halves.count == 2, let date = CalendarDate(String(halves[0])) else { return nil }
        let clock = halves[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
              let time = LocalTime("\(clock[0]):\(clock[1])") else { return nil }
        var second = 0
        if clock.count == 3 {
            guard clock[2].count == 2, clock[2].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let parsed = Int(clock[2]), parsed < 60 else { return nil }
            second = parsed
        }
        self.init(date: date, time: time, second: second)
    }

    /// The wall-clock reading of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: instant)
        let local = Int((instant.timeIntervalSince1970).rounded(.down)) + offset
        let days = Int((Double(local) / 86_400).rounded(.down))
        let secondsOfDay = local - days * 86_400
        self.date = CalendarDate(dayNumber: days)
        self.time = LocalTime(minutesSinceMidnight: secondsOfDay / 60)
        self.second = secondsOfDay % 60
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(19)
        PaddedDigits.appendDate(year: date.year, month: date.month, day: date.day, to: &text)
        text.append(UInt8(ascii: "T"))
        PaddedDigits.appendTime(hour: time.hour, minute: time.minute, to: &text)
        text.append(UInt8(ascii: ":"))
        PaddedDigits.append(second, width: 2, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Seconds since 1970-01-01T00:00:00 on this wall clock, ignoring any time zone.
    var wallSeconds: Int {
        date.dayNumber * 86_400 + time.minutesSinceMidnight * 60 + second
    }

    /// The instant this wall-clock time names in `timeZone`. In an overlap (clocks going back) it is the first
    /// occurrence; in a gap (clocks going forward, a time that never shows) it is read with the offset in force
    /// before the change, as airlines print such times.
    public func instant(in timeZone: TimeZone) -> Date {
        let wall = Double(wallSeconds)
        // Offset changes are months apart: the offsets a day either side are the only two that can apply.
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        let readBefore = Date(timeIntervalSince1970: wall - Double(before))
        let readAfter = Date(timeIntervalSince1970: wall - Double(after))
        let beforeHolds = timeZone.secondsFromGMT(for: readBefore) == before
        let afterHolds = timeZone.secondsFromGMT(for: readAfter) == after
        switch (beforeHolds, afterHolds) {
        case (true, true): return min(readBefore, readAfter)
        case (false, true): return readAfter
        default: return readBefore
        }
    }

    /// Whole calendar days from `self` to `other` on the wall clock (`+1` for an arrival the next day).
    public func dayOffset(to other: LocalDateTime) -> Int {
        date.days(until: other.date)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.wallSeconds < rhs.wallSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = LocalDateTime(text) ?? LocalDateTime(wallClockOf: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a local date-time as YYYY-MM-DDTHH:MM:SS, found \"\(text)\"")
        }
        self = value
    }

    /// The wall-clock part of a time written with more than Duffel's format: fractional seconds, or a trailing `Z`
    /// or offset (the wall clock is what a segment time means, so an offset is dropped, not applied).
    public init?(wallClockOf text: String) {
        guard text.count >= 16 else { return nil }
        var end = text.index(text.startIndex, offsetBy: 16)
        var body = String(text[..<end])
        if text[end...].hasPrefix(":"), text.count >= 19 {
            end = text.index(text.startIndex, offsetBy: 19)
            body = String(text[..<end])
        }
        var rest = text[end...]
        if rest.first == "." { rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber } }
        let offset = rest.count == 6 && (rest.first == "+" || rest.first == "-") && rest.dropFirst(3).first == ":"
        guard rest.isEmpty || rest == "Z" || offset else { return nil }
        self.init(body)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A length of time as ISO 8601 writes it (`PT7H5M`, `P1DT2H`), kept in whole seconds.
public struct ISODuration: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The length in seconds.
    public let seconds: Int

    /// A duration of `seconds`.
    public init(seconds: Int) { self.seconds = max(seconds, 0) }

    /// A duration of `minutes`.
    public init(minutes: Int) { self.init(seconds: minutes * 60) }

    /// Parses `P[nD][T[nH][nM][nS]]` (weeks too); years and months are refused, their length is not fixed.
    public init?(_ description: String) {
        if let seconds = ISODuration.asciiSeconds(description) {
            guard let seconds = seconds else { return nil }
            self.init(seconds: seconds)
            return
        }
        var rest = Substring(description.uppercased())
        guard rest.first == "P", rest.count > 1 else { return nil }
        rest = rest.dropFirst()
        var total = 0
        var inTime = false
        var number = ""
        var sawComponent = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                continue
            }
            // Longer numbers than any real duration are refused before they can overflow.
            guard number.count <= 9, let value = Int(number) else { return nil }
            number = ""
            switch (character, inTime) {
            case ("W", false): total += value * 7 * 86_400
            case ("D", false): total += value * 86_400
            case ("H", true): total += value * 3600
            case ("M", true): total += value * 60
            case ("S", true): total += value
            default: return nil
            }
            sawComponent = true
        }
        guard number.isEmpty, sawComponent else { return nil }
        self.init(seconds: total)
    }

    /// The general parser below read from the bytes of an ASCII text (where upper-casing is the ASCII one and a
    /// character is a byte): `nil` for text that is not ASCII, `.some(nil)` for ASCII text it refuses.
    private static func asciiSeconds(_ description: String) -> Int?? {
        var text = description
        return text.withUTF8 { bytes -> Int?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count > 1, bytes[0] | 0x20 == UInt8(ascii: "p") else { return .some(nil) }
            var total = 0
            var inTime = false
            var number = 0
            var digits = 0
            var sawComponent = false
            for byte in bytes.dropFirst() {
                let digit = byte &- UInt8(ascii: "0")
                if digit < 10 {
                    if digits < 9 { number = number * 10 + Int(digit) }
                    digits += 1
                    continue
                }
                let letter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
                if letter == UInt8(ascii: "T") {
                    guard !inTime, digits == 0 else { return .some(nil) }
                    inTime = true
                    continue
                }
                guard (1...9).contains(digits) else { return .some(nil) }
                switch (letter, inTime) {
                case (UInt8(ascii: "W"), false): total += number * 7 * 86_400
                case (UInt8(ascii: "D"), false): total += number * 86_400
                case (UInt8(ascii: "H"), true): total += number * 3600
                case (UInt8(ascii: "M"), true): total += number * 60
                case (UInt8(ascii: "S"), true): total += number
                default: return .some(nil)
                }
                number = 0
                digits = 0
                sawComponent = true
            }
            guard digits == 0, sawComponent else { return .some(nil) }
            return .some(total)
        }
    }

    /// Canonical ISO 8601: `PT7H5M`, `P1DT2H30M`, `PT0S`.
    public var description: String {
        let days = seconds / 86_400
        let hours = (seconds % 86_400) / 3600
        let minutes = (seconds % 3600) / 60
        let secs = seconds % 60
        var text = "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || minutes > 0 || secs > 0 || days == 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if secs > 0 || (hours == 0 && minutes == 0) { text += "\(secs)S" }
        }
        return text
    }

    /// How a traveller reads it: `7h 05m`, `45m`, `1d 2h 30m`.
    public var formatted: String {
        let days = seconds / 86_400
        let hours = (seconds % 86_400) / 3600
        let minutes = (seconds % 3600) / 60
        if days > 0 { return "\(days)d \(hours)h \(String(format: "%02d", minutes))m" }
        if hours > 0 { return "\(hours)h \(String(format: "%02d", minutes))m" }
        return "\(minutes)m"
    }

    public static func < (lhs: ISODuration, rhs: ISODuration) -> Bool { lhs.seconds < rhs.seconds }

    public static func + (lhs: ISODuration, rhs: ISODuration) -> ISODuration {
        ISODuration(seconds: lhs.seconds + rhs.seconds)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = ISODuration(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an ISO 8601 duration such as PT7H5M, found \"\(text)\"")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
