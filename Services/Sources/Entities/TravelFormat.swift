public import Foundation

/// How dates and times read to a traveller, the same on every screen: `Fri 18 Dec 2026`, `Fri 18 Dec 08:25 GMT-5`.
/// English and independent of the machine's locale, so screens and their tests read the same everywhere.
public enum TravelFormat {
    /// `January` … `December`.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// `Fri 18 Dec 2026`, or `Fri 18 Dec` without the year.
    public static func day(_ date: CalendarDate, withYear: Bool = true) -> String {
        let text = "\(date.weekday.shortName) \(date.day) \(monthNames[date.month - 1].prefix(3))"
        return withYear ? "\(text) \(date.year)" : text
    }

    /// `Fri 18 Dec 08:25`: a wall-clock time, as printed on a boarding pass.
    public static func dayAndTime(_ time: LocalDateTime) -> String {
        "\(day(time.date, withYear: false)) \(time.time)"
    }

    /// `Fri 18 Dec 08:25 GMT-5`: a wall-clock time at an airport, with the offset its clocks show then.
    public static func local(_ time: LocalDateTime, at airport: Airport) -> String {
        "\(dayAndTime(time)) \(offset(of: airport.zone, at: time.instant(in: airport.zone)))"
    }

    /// `Sun 22 Nov 2026 10:45 GMT`: an instant (an expiry, a payment deadline) on the traveller's clock.
    public static func instant(_ date: Date, in zone: TimeZone) -> String {
        let local = LocalDateTime(date, in: zone)
        return "\(day(local.date)) \(local.time) \(offset(of: zone, at: date))"
    }

    /// `GMT`, `GMT-5`, `GMT+5:30`: written from the offset rather than taken from the system's abbreviations,
    /// which differ between platforms (`EST` on one, `GMT-5` on another).
    public static func offset(of zone: TimeZone, at date: Date) -> String {
        let seconds = zone.secondsFromGMT(for: date)
        guard seconds != 0 else { return "GMT" }
        let minutes = abs(seconds) / 60
        let sign = seconds < 0 ? "-" : "+"
        return minutes % 60 == 0
            ? "GMT\(sign)\(minutes / 60)" : "GMT\(sign)\(minutes / 60):" + String(format: "%02d", minutes % 60)
    }

    /// `in 25 min`, `in 2h 05m`, `already passed`.
    public static func remaining(until date: Date, from now: Date) -> String {
        let minutes = Int(date.timeIntervalSince(now) / 60)
        if minutes <= 0 { return "already passed" }
        if minutes < 60 { return "in \(minutes) min" }
        return "in \(ISODuration(minutes: minutes).formatted)"
    }
}
