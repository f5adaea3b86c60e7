public import Foundation

/// A day on the calendar with no time and no time zone, as Duffel writes dates: `2026-12-18`.
///
/// Departure dates and birth dates are calendar dates: the 18th of December is the same day in London and in
/// New York, so they must never be stored as an instant.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Creates a date, or `nil` when the day does not exist (30 February, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` strictly; anything else gives `nil`.
    public init?(_ description: String) {
        if let parts = CanonicalDateText.date(description) {
            self.init(year: parts.year, month: parts.month, day: parts.day)
            return
        }
        let parts = description.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The calendar date at `instant` in `timeZone` (today in London, say).
    public init(_ instant: Date, in timeZone: TimeZone) {
        let shifted = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(dayNumber: Int((shifted / 86_400).rounded(.down)))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(10)
        PaddedDigits.appendDate(year: year, month: month, day: day, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Days since 1970-01-01 (negative before), on the proleptic Gregorian calendar.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil: exact for every Gregorian date, no Calendar needed.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CalendarDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    /// Completed years from `self` (a birth date) to `date`: the age on that day.
    public func age(on date: CalendarDate) -> Int {
        var years = date.year - year
        if (date.month, date.day) < (month, day) { years -= 1 }
        return years
    }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a date as YYYY-MM-DD, found \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A day of the week, Monday first as in ISO 8601.
public enum Weekday: Int, Sendable, CaseIterable, Hashable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// `Mon`, `Tue`, …
    public var shortName: String {
        switch self {
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        case .sunday: "Sun"
        }
    }
}

/// A time of day on a wall clock, `HH:mm`, as Duffel writes departure and arrival time windows.
public struct LocalTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, LosslessStringConvertible {
    /// 0 to 23.
    public let hour: Int
    /// 0 to 59.
    public let minute: Int

    /// Creates a time, or `nil` when out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// The time `minutes` after midnight, wrapping past 24 hours.
    public init(minutesSinceMidnight minutes: Int) {
        let wrapped = ((minutes % 1440) + 1440) % 1440
        self.hour = wrapped / 60
        self.minute = wrapped % 60
    }

    /// Parses `HH:mm` (also `H:mm`).
    public init?(_ description: String) {
        let parts = description.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Minutes since midnight.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:mm`.
    public var description: String {
        var text: [UInt8] = []
        text.reserveCapacity(5)
        PaddedDigits.appendTime(hour: hour, minute: minute, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a time as HH:mm, found \"\(text)\"")
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A window of local times, inclusive at both ends: `{"from": "09:45", "to": "17:00"}`.
public struct TimeWindow: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The earliest time.
    public var from: LocalTime
    /// The latest time.
    public var to: LocalTime

    /// Creates a window; `from` must not be after `to` (checked by ``isValid``).
    public init(from: LocalTime, to: LocalTime) {
        self.from = from
        self.to = to
    }

    /// Whether `from` is not after `to`.
    public var isValid: Bool { from <= to }

    /// Whether `time` falls inside the window.
    public func contains(_ time: LocalTime) -> Bool { from <= time && time <= to }

    /// `09:45–17:00`.
    public var description: String { "\(from)–\(to)" }
}
