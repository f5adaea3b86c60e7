import Entities
import Foundation
import Testing

@Suite("Calendar dates, local times and durations")
struct TimeValueTests {
    @Test("YYYY-MM-DD parses strictly and round-trips", arguments: ["2026-12-18", "2024-02-29", "1999-01-01"])
    func parsesDates(_ text: String) throws {
        let date = try #require(CalendarDate(text))
        #expect(date.description == text)
    }

    @Test("impossible or sloppy dates are refused", arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "18-12-2026", "2026-12-18T10:00", ""])
    func refusesBadDates(_ text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test("day numbers agree with Foundation's calendar across centuries")
    func dayNumbersMatchFoundation() throws {
        // Foundation's Gregorian calendar turns Julian before October 1582; ours stays proleptic, so start after.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for dayNumber in stride(from: -140_000, through: 800_000, by: 997) {
            let instant = Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let date = CalendarDate(dayNumber: dayNumber)
            #expect(date.year == parts.year && date.month == parts.month && date.day == parts.day)
            #expect(date.dayNumber == dayNumber)
        }
    }

    @Test("adding days crosses months, years and leap days")
    func addsDays() throws {
        let date = try #require(CalendarDate("2028-02-28"))
        #expect(date.adding(days: 1).description == "2028-02-29")
        #expect(date.adding(days: 2).description == "2028-03-01")
        #expect(try #require(CalendarDate("2026-12-31")).adding(days: 1).description == "2027-01-01")
        #expect(date.days(until: date.adding(days: -400)) == -400)
    }

    @Test("weekdays")
    func weekdays() throws {
        #expect(try #require(CalendarDate("2026-11-22")).weekday == .sunday)
        #expect(try #require(CalendarDate("2026-12-18")).weekday == .friday)
        #expect(try #require(CalendarDate("2000-01-01")).weekday == .saturday)
    }

    @Test("age counts completed years")
    func ages() throws {
        let born = try #require(CalendarDate("2018-12-19"))
        #expect(born.age(on: try #require(CalendarDate("2026-12-18"))) == 7)
        #expect(born.age(on: try #require(CalendarDate("2026-12-19"))) == 8)
    }

    @Test("today in a time zone is that zone's calendar day")
    func todayInZone() throws {
        // 2026-11-22 23:30 UTC is already the 23rd in Tokyo and still the 22nd in New York.
        let instant = Date(timeIntervalSince1970: 1_795_390_200)
        #expect(CalendarDate(instant, in: try #require(TimeZone(identifier: "UTC"))).description == "2026-11-22")
        #expect(CalendarDate(instant, in: try #require(TimeZone(identifier: "Asia/Tokyo"))).description == "2026-11-23")
        #expect(CalendarDate(instant, in: try #require(TimeZone(identifier: "America/New_York"))).description == "2026-11-22")
    }

    @Test("local date-times convert through the airport's time zone")
    func localDateTimes() throws {
        let departure = try #require(LocalDateTime("2026-12-18T09:45:00"))
        let arrival = try #require(LocalDateTime("2026-12-18T12:50:00"))
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let flight = arrival.instant(in: newYork).timeIntervalSince(departure.instant(in: london))
        #expect(flight == 8 * 3600 + 5 * 60)
        #expect(LocalDateTime(departure.instant(in: london), in: london) == departure)
        #expect(departure.dayOffset(to: try #require(LocalDateTime("2026-12-19T06:10:00"))) == 1)
    }

    @Test("summer time is honoured")
    func summerTime() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let winter = try #require(LocalDateTime("2026-01-10T12:00:00")).instant(in: london)
        let summer = try #require(LocalDateTime("2026-07-10T12:00:00")).instant(in: london)
        #expect(london.secondsFromGMT(for: winter) == 0)
        #expect(london.secondsFromGMT(for: summer) == 3600)
        #expect(LocalDateTime(summer, in: london).description == "2026-07-10T12:00:00")
    }

    @Test("clocks going back: an hour that happens twice is its first occurrence", arguments: [
        ("Europe/London", "2026-10-25T01:30:00", "2026-10-25T00:30:00Z"),
        ("Europe/Berlin", "2026-10-25T02:30:00", "2026-10-25T00:30:00Z"),
        ("America/New_York", "2026-11-01T01:30:00", "2026-11-01T05:30:00Z"),
    ])
    func overlap(_ zone: String, _ wall: String, _ expected: String) throws {
        let instant = try #require(LocalDateTime(wall)).instant(in: try #require(TimeZone(identifier: zone)))
        #expect(instant == DuffelJSON.parseTimestamp(expected))
    }

    @Test("clocks going forward: a time that never shows is read with the offset before the change", arguments: [
        ("Europe/London", "2026-03-29T01:30:00", "2026-03-29T01:30:00Z"),
        ("Europe/Berlin", "2026-03-29T02:30:00", "2026-03-29T01:30:00Z"),
        ("America/New_York", "2026-03-08T02:30:00", "2026-03-08T07:30:00Z"),
    ])
    func gap(_ zone: String, _ wall: String, _ expected: String) throws {
        let instant = try #require(LocalDateTime(wall)).instant(in: try #require(TimeZone(identifier: zone)))
        #expect(instant == DuffelJSON.parseTimestamp(expected))
    }

    @Test("a layover across the night clocks go back is its real length")
    func layoverAcrossClockChange() throws {
        let london = try #require(TimeZone(identifier: "Europe/London"))
        let landed = try #require(LocalDateTime("2026-10-25T00:50:00")).instant(in: london)
        let leaves = try #require(LocalDateTime("2026-10-25T01:30:00")).instant(in: london)
        #expect(leaves.timeIntervalSince(landed) == 40 * 60)
    }

    @Test("absurdly long durations are refused, not overflowed", arguments: ["P99999999999999999D", "PT9999999999999H"])
    func overflowingDurations(_ text: String) {
        #expect(ISODuration(text) == nil)
    }

    @Test("local date-times refuse offsets, since they are wall-clock times", arguments: ["2026-12-18T09:45:00Z", "2026-12-18 09:45", "2026-12-18T25:00:00"])
    func refusesOffsets(_ text: String) {
        #expect(LocalDateTime(text) == nil)
    }

    @Test("ISO 8601 durations", arguments: [
        ("PT7H5M", 25_500), ("PT02H26M", 8_760), ("P1DT2H", 93_600), ("PT45M", 2_700), ("PT0S", 0), ("P1W", 604_800),
    ])
    func durations(_ text: String, seconds: Int) throws {
        let duration = try #require(ISODuration(text))
        #expect(duration.seconds == seconds)
        #expect(ISODuration(duration.description)?.seconds == seconds)
    }

    @Test("durations with years, months or junk are refused", arguments: ["P1Y", "P2M", "PT", "7H", "PT7X", "P"])
    func refusesDurations(_ text: String) {
        #expect(ISODuration(text) == nil)
    }

    @Test("durations read as a traveller reads them")
    func formattedDurations() {
        #expect(ISODuration(seconds: 25_500).formatted == "7h 05m")
        #expect(ISODuration(seconds: 2_700).formatted == "45m")
        #expect(ISODuration(seconds: 95_400).formatted == "1d 2h 30m")
    }

    @Test("time windows")
    func timeWindows() throws {
        let window = TimeWindow(from: try #require(LocalTime("09:45")), to: try #require(LocalTime("17:00")))
        #expect(window.isValid)
        #expect(window.contains(try #require(LocalTime("12:00"))))
        #expect(!window.contains(try #require(LocalTime("17:01"))))
        #expect(!TimeWindow(from: window.to, to: window.from).isValid)
        #expect(LocalTime("24:00") == nil)
    }
}

@Suite("How times read to a traveller")
struct TravelFormatTests {
    @Test("days, wall-clock times and instants, whatever the machine's locale")
    func formats() throws {
        let date = try #require(CalendarDate("2026-12-18"))
        #expect(TravelFormat.day(date) == "Fri 18 Dec 2026")
        #expect(TravelFormat.day(date, withYear: false) == "Fri 18 Dec")
        let kennedy = Airport(iataCode: "JFK", name: "John F Kennedy International", iataCountryCode: "US", timeZone: "America/New_York")
        #expect(TravelFormat.local(try #require(LocalDateTime("2026-12-18T08:25:00")), at: kennedy) == "Fri 18 Dec 08:25 GMT-5")
        let instant = try #require(DuffelJSON.parseTimestamp("2026-11-22T10:45:00Z"))
        #expect(TravelFormat.instant(instant, in: try #require(TimeZone(identifier: "Asia/Kolkata"))) == "Sun 22 Nov 2026 16:15 GMT+5:30")
        #expect(TravelFormat.instant(instant, in: try #require(TimeZone(identifier: "Europe/London"))) == "Sun 22 Nov 2026 10:45 GMT")
    }

    @Test("time left before a deadline")
    func remaining() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(TravelFormat.remaining(until: now.addingTimeInterval(25 * 60 + 30), from: now) == "in 25 min")
        #expect(TravelFormat.remaining(until: now.addingTimeInterval(125 * 60), from: now) == "in 2h 05m")
        #expect(TravelFormat.remaining(until: now.addingTimeInterval(-1), from: now) == "already passed")
    }
}
