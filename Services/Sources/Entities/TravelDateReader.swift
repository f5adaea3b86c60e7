import Foundation

/// Reads the dates travellers type: `2026-12-18`, `today`, `tomorrow`, `+7`, `fri` (the coming one), `next fri` (the
/// one in the week after this), `18 dec`, `dec 18`, `18 december`, with an optional year (`18 dec 2027`). One home
/// for every screen that asks for a day (the search's legs, a booking's new date); month names, day numbers and whole
/// dates are ``DateText``, shared with the passengers' form.
public struct TravelDateReader: Sendable {
    /// The traveller's today: a day without a year is the next such day on or after it.
    public let today: CalendarDate

    /// More than this many days ahead is a typing slip, not a trip (and would overflow the calendar's arithmetic).
    public static let maximumDaysAhead = 999

    /// A reader for a traveller whose today is `today`.
    public init(today: CalendarDate) {
        self.today = today
    }

    /// Why typed text is not a day, in words that say what to type instead.
    public enum Problem: Error, Hashable, Sendable {
        case unreadableDate(String)
        case noSuchDate(String, reason: String)
        case noLeapDaySoon(String, next: CalendarDate)
        case tooFarAhead(String)

        /// What to tell the traveller.
        public var message: String {
            switch self {
            case .unreadableDate(let text):
                return "“\(text)” is not a date. Type one like 2026-12-18, 18 dec, fri, tomorrow or +7."
            case .noSuchDate(let text, let reason):
                return "“\(text)” is not a date: \(reason)."
            case .noLeapDaySoon(let text, let next):
                return "There is no \(text) in the next twelve months; type \(next) if that is the day you mean."
            case .tooFarAhead(let text):
                return "“\(text)” is too far ahead; flights are sold up to about a year ahead."
            }
        }
    }

    /// The day `text` names. `base` is the day it counts from: `+7` and `fri` from it, and a day and month without a
    /// year after it (the outbound, for a return or a later leg; today otherwise).
    public func read(_ text: String, base: CalendarDate) throws(Problem) -> CalendarDate {
        let original = text.trimmingCharacters(in: .whitespaces)
        let words = original.lowercased()
            .replacingOccurrences(of: ",", with: " ")
            .split(whereSeparator: \.isWhitespace)
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
            .filter { !$0.isEmpty }
        guard !words.isEmpty else { throw .unreadableDate(original) }
        let joined = words.joined(separator: " ")

        switch joined {
        case "today": return today
        case "tomorrow", "tmrw", "tmr": return today.adding(days: 1)
        default: break
        }
        if joined.hasPrefix("+") {
            return try relative(String(joined.dropFirst()), from: base, original: original)
        }
        if words.count == 1, joined.contains("-") {
            return try iso(joined, original: original)
        }
        if words.count == 2, words[0] == "next", let weekday = Self.weekdays[words[1]] {
            // "next fri" is the Friday of next week (weeks start on Monday), as travellers mean it: on a Thursday it
            // is eight days on, not tomorrow, which "fri" already says.
            let nextMonday = base.adding(days: 8 - base.weekday.rawValue)
            return nextMonday.adding(days: weekday.rawValue - 1)
        }
        var dayWords = words
        if dayWords.count == 2, dayWords[0] == "this" { dayWords.removeFirst() }
        if dayWords.count == 1, let weekday = Self.weekdays[dayWords[0]] {
            // A weekday is the next one after the base day: "fri" on a Friday means a week later.
            let ahead = (weekday.rawValue - base.weekday.rawValue + 7) % 7
            return base.adding(days: ahead == 0 ? 7 : ahead)
        }
        return try dayAndMonth(words, original: original, after: base)
    }

    private func relative(_ rest: String, from base: CalendarDate, original: String) throws(Problem) -> CalendarDate {
        let number = rest.prefix { $0.isASCII && $0.isNumber }
        let unit = rest.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty else { throw .unreadableDate(original) }
        guard number.count <= 4, let count = Int(number) else { throw .tooFarAhead(original) }
        let days: Int
        switch unit {
        case "", "d", "day", "days": days = count
        case "w", "wk", "week", "weeks": days = count * 7
        default: throw .unreadableDate(original)
        }
        guard days <= Self.maximumDaysAhead else { throw .tooFarAhead(original) }
        return base.adding(days: days)
    }

    private func iso(_ text: String, original: String) throws(Problem) -> CalendarDate {
        do {
            return try DateText.iso(text)
        } catch {
            throw Self.inputError(error, original: original)
        }
    }

    private func exact(year: Int, month: Int, day: Int, original: String) throws(Problem) -> CalendarDate {
        do {
            return try DateText.exact(year: year, month: month, day: day)
        } catch {
            throw Self.inputError(error, original: original)
        }
    }

    private static func inputError(_ problem: DateText.Problem, original: String) -> Problem {
        switch problem {
        case .unreadable: .unreadableDate(original)
        case .noSuchDay(let reason): .noSuchDate(original, reason: reason)
        }
    }

    /// `18 dec`, `dec 18`, `18 december 2026`. Without a year, the next such day on or after today; for a return
    /// (or a later leg) after an outbound in a later year, that year's: `5 jul` typed as the return of a flight on
    /// 25 June next year is that July's. A day before the outbound in the same year stays as typed, so the
    /// traveller hears it is before the outbound rather than finding it moved a year on.
    private func dayAndMonth(
        _ words: [String], original: String, after base: CalendarDate
    ) throws(Problem) -> CalendarDate {
        guard (2...3).contains(words.count) else { throw .unreadableDate(original) }
        var year: Int?
        var rest = words
        if words.count == 3 {
            // Digits only: `Int` would also take a sign, reading `3 dec +199` as the year 199.
            guard words[2].count == 4, words[2].allSatisfy({ $0.isASCII && $0.isNumber }), let typedYear = Int(words[2])
            else { throw .unreadableDate(original) }
            year = typedYear
            rest.removeLast()
        }
        let month: Int
        let day: Int
        if let first = DateText.month(rest[0]), let second = DateText.dayNumber(rest[1]) {
            (month, day) = (first, second)
        } else if let first = DateText.dayNumber(rest[0]), let second = DateText.month(rest[1]) {
            (month, day) = (second, first)
        } else {
            throw .unreadableDate(original)
        }
        if let year { return try exact(year: year, month: month, day: day, original: original) }
        guard day <= Self.longestMonth(month) else {
            // The month as it next comes: "31 feb" typed in 2026 is told February 2027 has 28 days.
            let year = month >= today.month ? today.year : today.year + 1
            return try exact(year: year, month: month, day: day, original: original)
        }
        // The next such day on or after today: "18 jan" typed in December is next year's.
        for candidateYear in [today.year, today.year + 1] {
            guard let date = CalendarDate(year: candidateYear, month: month, day: day), date >= today else { continue }
            if date < base, let inBaseYear = CalendarDate(year: base.year, month: month, day: day), inBaseYear >= base {
                return inBaseYear
            }
            return date
        }
        var leapYear = today.year + 2
        while CalendarDate(year: leapYear, month: month, day: day) == nil { leapYear += 1 }
        let next = CalendarDate(year: leapYear, month: month, day: day) ?? today
        throw .noLeapDaySoon("\(day) \(Self.monthNames[month - 1])", next: next)
    }

    private static func longestMonth(_ month: Int) -> Int {
        CalendarDate.daysIn(month: month, year: 2000)
    }

    private static let monthNames = TravelFormat.monthNames

    private static let weekdays: [String: Weekday] = [
        "mon": .monday, "monday": .monday,
        "tue": .tuesday, "tues": .tuesday, "tuesday": .tuesday,
        "wed": .wednesday, "weds": .wednesday, "wednesday": .wednesday,
        "thu": .thursday, "thur": .thursday, "thurs": .thursday, "thursday": .thursday,
        "fri": .friday, "friday": .friday,
        "sat": .saturday, "saturday": .saturday,
        "sun": .sunday, "sunday": .sunday,
    ]

}
