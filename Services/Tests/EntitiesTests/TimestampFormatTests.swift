import Entities
import Foundation
import Testing

/// `DuffelJSON.formatTimestamp` and `CalendarDate.description` write their digits themselves; they must write what
/// `String(format:)` wrote, for every instant they can be given.
@Suite("Timestamps and dates are written as String(format:) wrote them")
struct TimestampFormatTests {
    /// `DuffelJSON.formatTimestamp` as it was, through `String(format:)`.
    static func reference(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = Int(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient - (milliseconds % 1000 < 0 ? 1 : 0))
        let fraction = Int(milliseconds - Int64(seconds) * 1000)
        let day = CalendarDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
        let secondOfDay = seconds - day.dayNumber * 86_400
        return String(
            format: "%@T%02d:%02d:%02d.%03dZ", referenceDay(day), secondOfDay / 3600, (secondOfDay % 3600) / 60,
            secondOfDay % 60, fraction)
    }

    static func referenceDay(_ day: CalendarDate) -> String {
        String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
    }

    @Test("random instants from year -2000 to 12000, with and without milliseconds")
    func random() {
        var random = TimestampEquivalenceTests.Sequence(state: 1_126)
        var differences: [String] = []
        for index in 0..<20_000 {
            var seconds = Double.random(in: -125_000_000_000...320_000_000_000, using: &random)
            if index % 3 == 0 { seconds = seconds.rounded(.down) }
            if index % 5 == 0 { seconds = (seconds * 1000).rounded() / 1000 }
            let date = Date(timeIntervalSince1970: seconds)
            if DuffelJSON.formatTimestamp(date) != Self.reference(date) { differences.append("\(seconds)") }
        }
        #expect(differences.isEmpty, "written differently: \(differences.prefix(5))")
    }

    @Test("edges of days, years, centuries and the epoch", arguments: [
        0, -0.0, -0.0004, -0.0005, -0.0006, 0.0004, 0.0005, 0.9995, -0.9995, -1, -86_400, -86_400.001, 86_399.9995,
        946_684_799.999, 946_684_800, 951_782_400, 1_798_761_599.9999, 1_798_761_600, -12_219_292_800,
        -62_135_596_800, -62_135_596_800.001, -62_167_219_200, -62_198_755_200, 253_402_300_799.999, 253_402_300_800,
        253_402_300_800.5, -2_208_988_800, 4_102_444_800, 1_766_051_100.123,
    ] as [Double])
    func edges(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(DuffelJSON.formatTimestamp(date) == Self.reference(date))
    }

    @Test("calendar dates from year -10000 to 20000")
    func days() {
        var differences: [Int] = []
        for dayNumber in stride(from: -4_400_000, through: 6_600_000, by: 97) {
            let day = CalendarDate(dayNumber: dayNumber)
            if day.description != Self.referenceDay(day) { differences.append(dayNumber) }
        }
        for dayNumber in -800_000 ... -700_000 where CalendarDate(dayNumber: dayNumber).description
            != Self.referenceDay(CalendarDate(dayNumber: dayNumber)) {
            differences.append(dayNumber)
        }
        #expect(differences.isEmpty, "written differently: \(differences.prefix(5))")
    }

    @Test("every time of day, and local date-times across the calendar")
    func localTimes() {
        var differences: [String] = []
        for hour in 0...23 {
            for minute in 0...59 {
                let time = LocalTime(hour: hour, minute: minute)!
                if time.description != String(format: "%02d:%02d", hour, minute) { differences.append("\(hour):\(minute)") }
            }
        }
        var random = TimestampEquivalenceTests.Sequence(state: 7)
        for _ in 0..<20_000 {
            let seconds = Double.random(in: -70_000_000_000...260_000_000_000, using: &random)
            let local = LocalDateTime(Date(timeIntervalSince1970: seconds), in: TimeZone(identifier: "UTC")!)
            let expected = "\(Self.referenceDay(local.date))T"
                + String(format: "%02d:%02d:%02d", local.time.hour, local.time.minute, local.second)
            if local.description != expected { differences.append(expected) }
        }
        #expect(differences.isEmpty, "written differently: \(differences.prefix(5))")
    }
}
