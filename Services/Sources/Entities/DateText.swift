/// The dates people type, read in one place for the search and the passengers' form: month names (`dec`,
/// `December`, `sept`), day numbers (`18`, `18th`), and whole dates with their year (`1980-03-12`, `12 mar 1980`,
/// `March 12, 1980`).
public enum DateText {
    /// Why a date with its year could not be read.
    public enum Problem: Error, Sendable, Hashable {
        /// Not a date in any form read here.
        case unreadable
        /// Its parts are clear, but there is no such day: the reason says why (`February 1980 has 29 days`).
        case noSuchDay(String)
    }

    /// The month a word names, 1 to 12: `december`, `dec`, `sept`, in any case.
    public static func month(_ word: String) -> Int? {
        let word = word.lowercased()
        if let index = TravelFormat.monthNames.firstIndex(where: { $0.lowercased() == word }) { return index + 1 }
        if word == "sept" { return 9 }
        guard word.count == 3 else { return nil }
        return TravelFormat.monthNames.firstIndex { $0.lowercased().hasPrefix(word) }.map { $0 + 1 }
    }

    /// A day of a month, 1 to 31: `18`, `18th`, `1st`.
    public static func dayNumber(_ word: String) -> Int? {
        var digits = word.lowercased()
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = String(digits.dropLast(suffix.count))
        }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let day = Int(digits), (1...31).contains(day) else { return nil }
        return day
    }

    /// A whole date with its year: `YYYY-MM-DD` (a one-digit month or day allowed), or a day, a month's name and a
    /// four-digit year, day or month first (`12 mar 1980`, `March 12, 1980`).
    public static func fullDate(_ text: String) throws(Problem) -> CalendarDate {
        let words = text.lowercased()
            .replacingOccurrences(of: ",", with: " ")
            .split(whereSeparator: \.isWhitespace)
            .map { String($0).trimmingCharacters(in: .init(charactersIn: ".")) }
            .filter { !$0.isEmpty }
        if words.count == 1 { return try iso(words[0]) }
        guard words.count == 3, words[2].count == 4, words[2].allSatisfy({ $0.isASCII && $0.isNumber }),
              let year = Int(words[2]) else { throw .unreadable }
        if let month = month(words[0]), let day = dayNumber(words[1]) { return try exact(year: year, month: month, day: day) }
        if let day = dayNumber(words[0]), let month = month(words[1]) { return try exact(year: year, month: month, day: day) }
        throw .unreadable
    }

    /// `YYYY-MM-DD`, a one-digit month or day allowed.
    public static func iso(_ text: String) throws(Problem) -> CalendarDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { throw .unreadable }
        return try exact(year: year, month: month, day: day)
    }

    /// The day `day` of `month` in `year`, or why there is none (`February 2027 has 28 days`).
    public static func exact(year: Int, month: Int, day: Int) throws(Problem) -> CalendarDate {
        guard (1...12).contains(month) else { throw .noSuchDay("months go from 1 to 12") }
        guard day >= 1 else { throw .noSuchDay("days start at 1") }
        guard let date = CalendarDate(year: year, month: month, day: day) else {
            throw .noSuchDay("\(TravelFormat.monthNames[month - 1]) \(year) has \(CalendarDate.daysIn(month: month, year: max(1, year))) days")
        }
        return date
    }
}
