import Entities
import Foundation

/// HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`) for `ratelimit-reset`.
enum HTTPDateFormat {
    private static let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func string(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
        let day = CalendarDate(dayNumber: dayNumber)
        let secondOfDay = seconds - dayNumber * 86_400
        let weekday = days[((dayNumber % 7) + 7) % 7]
        let clock = "\(twoDigits(secondOfDay / 3_600)):\(twoDigits((secondOfDay % 3_600) / 60)):\(twoDigits(secondOfDay % 60))"
        return "\(weekday), \(twoDigits(day.day)) \(months[day.month - 1]) \(day.year) \(clock) GMT"
    }

    /// `%02d` without `String(format:)`, which is slow on every answer.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
