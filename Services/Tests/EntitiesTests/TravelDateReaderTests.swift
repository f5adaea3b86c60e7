import Entities
import Testing

/// Weekdays as travellers mean them: `fri` and `this fri` the coming Friday, `next fri` the one in next week.
@Suite("Typed dates: weekdays")
struct TravelDateReaderTests {
    @Test("on a Thursday, next fri is the Friday of next week; fri and this fri tomorrow")
    func nextWeekday() throws {
        let thursday = try #require(CalendarDate("2026-11-26"))
        let reader = TravelDateReader(today: thursday)
        func read(_ text: String) throws -> String { try reader.read(text, base: thursday).description }
        #expect(try read("fri") == "2026-11-27")
        #expect(try read("this fri") == "2026-11-27")
        #expect(try read("next fri") == "2026-12-04")
        #expect(try read("next mon") == "2026-11-30")
        #expect(try read("next thu") == "2026-12-03")
        #expect(try read("next sun") == "2026-12-06")
    }

    @Test("on a Sunday, next week starts tomorrow")
    func nextWeekdayOnASunday() throws {
        let sunday = try #require(CalendarDate("2026-11-22"))
        let reader = TravelDateReader(today: sunday)
        #expect(try reader.read("next fri", base: sunday).description == "2026-11-27")
        #expect(try reader.read("next mon", base: sunday).description == "2026-11-23")
    }
}
