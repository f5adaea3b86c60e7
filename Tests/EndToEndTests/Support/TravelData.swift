import Entities
import Foundation

/// Dates and travellers the tests use, computed from today so the suite never ages.
enum TravelData {
    /// The 15th of next month, on this machine's calendar (the app's "today" is the same).
    static var nextMonth: DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let today = calendar.dateComponents([.year, .month], from: Date())
        let year = today.year ?? 2030
        let month = today.month ?? 1
        return DateComponents(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 15)
    }

    /// `2026-12-15`.
    static var nextMonthISO: String {
        let date = nextMonth
        return String(format: "%04d-%02d-%02d", date.year ?? 0, date.month ?? 0, date.day ?? 0)
    }

    /// `15 dec`, as a person types it.
    static var nextMonthTyped: String {
        "\(nextMonth.day ?? 15) \(monthNames[(nextMonth.month ?? 1) - 1].lowercased())"
    }

    /// `15 Dec 2026`, as the app confirms it (after the weekday).
    static var nextMonthShown: String {
        "\(nextMonth.day ?? 15) \(monthNames[(nextMonth.month ?? 1) - 1]) \(nextMonth.year ?? 0)"
    }

    /// A date a month ago: in the past whatever day the tests run.
    static var lastMonthISO: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = calendar.date(byAdding: .month, value: -1, to: Date()) ?? Date(timeIntervalSince1970: 0)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// One adult's details in Duffel's field names, for `flights book --passengers`; `changes` replaces fields
    /// (a `nil` value leaves the field out).
    static func passengersFile(_ changes: [String: String?] = [:]) throws -> String {
        var passenger: [String: String] = [
            "title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
            "email": "ada@example.com", "phone_number": "+442080160508",
        ]
        for (key, value) in changes { passenger[key] = value }
        let data = try JSONSerialization.data(withJSONObject: [passenger], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

/// What `flights search --json` prints.
struct SearchOutput: Decodable {
    let offerRequestID: String
    let offers: [Offer]

    enum CodingKeys: String, CodingKey {
        case offerRequestID = "offer_request_id"
        case offers
    }
}
