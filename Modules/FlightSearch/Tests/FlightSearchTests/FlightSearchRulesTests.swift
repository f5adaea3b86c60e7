import Entities
import FixtureServices
@testable import FlightSearch
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips

/// The rules the reducer judges the form by: reading dates, counts and windows, the booking rules on the fields, which
/// place a text names.
@Suite("FlightSearch rules")
struct SearchRulesTests {
    /// Today when it is `now` in London.
    private static func today(_ now: Date = TestClock.searchDay) -> CalendarDate {
        CalendarDate(now, in: TestClock.londonZone)
    }

    /// Reads `text` as the date field does, on the day `now` is in London.
    private struct Reader {
        var now: Date = TestClock.searchDay

        func date(_ text: String, base: CalendarDate? = nil) throws(FlightSearchInputError) -> CalendarDate {
            let today = SearchRulesTests.today(now)
            do {
                return try TravelDateReader(today: today).read(text, base: base ?? today)
            } catch {
                throw .date(error)
            }
        }

        func issues(in draft: SearchDraft, complete: Bool) -> [SearchIssue] {
            SearchRules.issues(in: draft, complete: complete, today: SearchRulesTests.today(now))
        }
    }

    private func rules(now: Date = TestClock.searchDay) -> Reader {
        Reader(now: now)
    }

    @Test("today is now() in the traveller's time zone, not in UTC", arguments: [("Asia/Tokyo", "2026-11-23"), ("America/New_York", "2026-11-22")])
    @MainActor
    func todayFollowsTheTimeZone(zone: String, expected: String) async throws {
        // 23:30 UTC on the 22nd is already the 23rd in Tokyo and still the 22nd in New York.
        let lateEvening = TestClock.date(year: 2026, month: 11, day: 22, hour: 23, minute: 30)
        let timeZone = try #require(TimeZone(identifier: zone))
        let terminal = VirtualTerminal()
        terminal.endInput()
        let screen = FlightSearchBuilder(places: FixturePlaceService(), now: { lateEvening }, timeZone: timeZone)
            .build(router: SpyRouter(), terminal: terminal)
        await screen.run()
        let today = try #require((screen as? ScreenRunner<FlightSearchReducer>)?.state.today)
        #expect(today.description == expected)
        if zone == "Asia/Tokyo" {
            #expect(try TravelDateReader(today: today).read("tomorrow", base: today).description == "2026-11-24")
        }
    }

    // MARK: Dates

    /// Today is Sunday 2026-11-22.
    @Test("every date form reads as the day a traveller means", arguments: [
        ("2026-12-18", "2026-12-18"),
        ("2026-12-8", "2026-12-08"),
        ("today", "2026-11-22"),
        ("Tomorrow", "2026-11-23"),
        ("+7", "2026-11-29"),
        ("+0", "2026-11-22"),
        ("+2w", "2026-12-06"),
        ("+3 days", "2026-11-25"),
        ("fri", "2026-11-27"),
        ("Friday", "2026-11-27"),
        ("next fri", "2026-11-27"),
        ("mon", "2026-11-23"),
        ("sun", "2026-11-29"),
        ("18 dec", "2026-12-18"),
        ("dec 18", "2026-12-18"),
        ("18 December", "2026-12-18"),
        ("December 18th", "2026-12-18"),
        ("18 Dec.", "2026-12-18"),
        ("22 nov", "2026-11-22"),
        ("21 nov", "2027-11-21"),
        ("3 jan", "2027-01-03"),
        ("18 dec 2027", "2027-12-18"),
        ("sept 1", "2027-09-01"),
    ])
    func readsDates(typed: String, expected: String) throws {
        #expect(try rules().date(typed).description == expected)
    }

    @Test("a weekday means the next one after today: fri on a Friday is a week later")
    func weekdayOnTheSameWeekday() throws {
        let friday = TestClock.date(year: 2026, month: 11, day: 27)
        #expect(try rules(now: friday).date("fri").description == "2026-12-04")
        #expect(try rules(now: friday).date("sat").description == "2026-11-28")
    }

    @Test("18 jan typed in December is next January")
    func yearRollover() throws {
        let december = TestClock.date(year: 2026, month: 12, day: 20)
        #expect(try rules(now: december).date("18 jan").description == "2027-01-18")
        #expect(try rules(now: december).date("jan 18").description == "2027-01-18")
        #expect(try rules(now: december).date("+14").description == "2027-01-03")
        #expect(try rules(now: december).date("31 dec").description == "2026-12-31")
    }

    @Test("a return typed as a day and month counts from the outbound, not from today")
    func returnDayAndMonthAfterALateOutbound() throws {
        let july = TestClock.date(year: 2026, month: 7, day: 10)
        let outbound = try rules(now: july).date("25 jun")
        #expect(outbound.description == "2027-06-25")
        #expect(try rules(now: july).date("5 jul", base: outbound).description == "2027-07-05")
        // Without a later outbound, the next such day from today.
        #expect(try rules(now: july).date("5 aug").description == "2026-08-05")
    }

    @Test("leap days: 29 February exists only in leap years")
    func leapDays() throws {
        #expect(try rules().date("2028-02-29").description == "2028-02-29")
        #expect(throws: FlightSearchInputError.date(.noSuchDate("2027-02-29", reason: "February 2027 has 28 days"))) {
            try rules().date("2027-02-29")
        }
        // From November 2027 the next 29 February is three months away.
        let november2027 = TestClock.date(year: 2027, month: 11, day: 22)
        #expect(try rules(now: november2027).date("29 feb").description == "2028-02-29")
        // From November 2026 it is fifteen months away: more likely a slip than a trip, so it is questioned.
        let tooFar = #expect(throws: FlightSearchInputError.self) { try rules().date("29 feb") }
        #expect(tooFar?.message == "There is no 29 February in the next twelve months; type 2028-02-29 if that is the day you mean.")
        #expect(try rules().date("28 feb").description == "2027-02-28")
    }

    @Test("dates that do not exist say why", arguments: [
        ("31 apr", "“31 apr” is not a date: April 2027 has 30 days."),
        ("31 feb", "“31 feb” is not a date: February 2027 has 28 days."),
        ("31 nov", "“31 nov” is not a date: November 2026 has 30 days."),
        ("2026-13-01", "“2026-13-01” is not a date: months go from 1 to 12."),
        ("2026-11-31", "“2026-11-31” is not a date: November 2026 has 30 days."),
    ])
    func impossibleDates(typed: String, message: String) {
        let error = #expect(throws: FlightSearchInputError.self) { try rules().date(typed) }
        #expect(error?.message == message)
    }

    @Test("text that is no date is refused with the forms that work", arguments: [
        "someday", "18", "18/12", "2026-12", "fri 18", "+", "+x", "+3 months", "dec", "32 dec", "3 dec +199", "3 dec -199",
    ])
    func unreadableDates(typed: String) {
        let error = #expect(throws: FlightSearchInputError.self) { try rules().date(typed) }
        #expect(error?.message.contains("2026-12-18, 18 dec, fri, tomorrow or +7") == true)
    }

    @Test("+N far beyond any timetable is refused instead of overflowing")
    func hugeOffsets() {
        #expect(throws: FlightSearchInputError.date(.tooFarAhead("+99999999999999999999"))) {
            try rules().date("+99999999999999999999")
        }
        #expect(throws: FlightSearchInputError.date(.tooFarAhead("+1000"))) { try rules().date("+1000") }
    }

    @Test("+N and weekdays count from the base: a return's +10 is ten days after the outbound")
    func relativeToBase() throws {
        let outbound = try #require(CalendarDate("2026-12-18"))
        #expect(try rules().date("+10", base: outbound).description == "2026-12-28")
        #expect(try rules().date("sun", base: outbound).description == "2026-12-20")
        // Named days and day-month dates are always counted from today.
        #expect(try rules().date("tomorrow", base: outbound).description == "2026-11-23")
        #expect(try rules().date("10 dec", base: outbound).description == "2026-12-10")
    }

    @Test("a past date is refused naming the date and today")
    func pastDate() throws {
        var draft = SearchDraft()
        draft.legs[0].date = try rules().date("2026-11-01")
        let issues = rules().issues(in: draft, complete: false)
        #expect(issues == [SearchIssue(
            field: .departure(leg: 0), message: "2026-11-01 is in the past; choose today (2026-11-22) or later.")])
    }

    @Test("a return before the outbound is refused naming both dates")
    func returnBeforeOutbound() throws {
        var draft = SearchDraft()
        draft.legs[0] = try leg("LHR", "JFK", "2026-12-18")
        draft.returnDate = CalendarDate("2026-12-10")
        let issues = rules().issues(in: draft, complete: false)
        #expect(issues.map(\.field) == [.returnDate])
        #expect(issues.first?.message
            == "The return date, Thu 10 Dec 2026, is before the outbound date, Fri 18 Dec 2026; choose 2026-12-18 or later.")
        draft.returnDate = CalendarDate("2026-12-18")
        #expect(rules().issues(in: draft, complete: false).isEmpty)
    }

    @Test("multi-city legs must be in date order")
    func legsInDateOrder() throws {
        var draft = SearchDraft()
        draft.legs = [try leg("LHR", "JFK", "2026-12-18"), try leg("JFK", "LAX", "2026-12-12")]
        let issues = rules().issues(in: draft, complete: false)
        #expect(issues.map(\.field) == [.departure(leg: 1)])
        #expect(issues.first?.message.contains("before leg 1 (2026-12-18)") == true)
        draft.legs[1].date = CalendarDate("2026-12-18")
        #expect(rules().issues(in: draft, complete: false).isEmpty)
    }

    // MARK: Passengers

    @Test("passenger rules: an adult per infant, at most nine, children under 18")
    func passengerRules() {
        var draft = SearchDraft()
        draft.adults = 2
        draft.infants = 3
        #expect(rules().issues(in: draft, complete: false).map(\.message)
            == ["Each infant on a lap needs an adult: 3 infants, 2 adults."])
        draft.infants = 2
        #expect(rules().issues(in: draft, complete: false).isEmpty)
        draft.adults = 6
        draft.childAges = [4, 9]
        #expect(rules().issues(in: draft, complete: false).map(\.message)
            == ["At most 9 passengers can book together; split the group into two bookings."])
        draft.adults = 1
        draft.infants = 0
        draft.childAges = [18]
        #expect(rules().issues(in: draft, complete: false).map(\.field) == [.passengers])
    }

    @Test("children's ages and counts are read from what is typed")
    func readsPassengers() throws {
        #expect(try FlightSearchCommands.childAges("4, 9") == [4, 9])
        #expect(try FlightSearchCommands.childAges("4 9 12") == [4, 9, 12])
        #expect(try FlightSearchCommands.childAges("none").isEmpty)
        #expect(try FlightSearchCommands.childAges("").isEmpty)
        #expect(try FlightSearchCommands.childAges("0") == [0])
        #expect(throws: FlightSearchInputError.unreadableAges("four")) { try FlightSearchCommands.childAges("four") }
        #expect(throws: FlightSearchInputError.unreadableAges("-3")) { try FlightSearchCommands.childAges("-3") }
        #expect(try FlightSearchCommands.count("2", in: 1...9, problem: "p") == 2)
        #expect(throws: FlightSearchInputError.unreadableCount("p")) { try FlightSearchCommands.count("0", in: 1...9, problem: "p") }
        #expect(throws: FlightSearchInputError.unreadableCount("p")) { try FlightSearchCommands.count("two", in: 1...9, problem: "p") }
    }

    // MARK: Departure window

    @Test("departure windows", arguments: [
        ("09:00-17:00", "09:00–17:00"),
        ("9-17", "09:00–17:00"),
        ("9:30 – 13:00", "09:30–13:00"),
        ("06:00 to 10:00", "06:00–10:00"),
        ("morning", "05:00–11:59"),
        ("Evening", "18:00–23:59"),
    ])
    func readsWindows(typed: String, expected: String) throws {
        #expect(try FlightSearchCommands.departureWindow(typed)?.description == expected)
    }

    @Test("any time clears the window; nonsense and impossible times are refused")
    func windowProblems() throws {
        #expect(try FlightSearchCommands.departureWindow("any") == nil)
        #expect(try FlightSearchCommands.departureWindow("") == nil)
        #expect(throws: TimeWindowReader.Problem.unreadable("lunch")) { try FlightSearchCommands.departureWindow("lunch") }
        #expect(throws: TimeWindowReader.Problem.noSuchTime("25:00")) { try FlightSearchCommands.departureWindow("25:00-26:00") }
        var draft = SearchDraft()
        draft.legs[0] = try leg("LHR", "JFK", "2026-12-18")
        draft.departureWindow = try FlightSearchCommands.departureWindow("17:00-09:00")
        #expect(rules().issues(in: draft, complete: false).map(\.message)
            == ["The departure window 17:00–09:00 ends before it starts."])
    }

    // MARK: Places

    @Test("an exact code is taken only when typed in capitals")
    func exactCodes() async throws {
        let places = try await FixturePlaceService().suggestions(for: "lon")
        #expect(PlaceMatching.exactCode("LON", in: places)?.iataCode == "LON")
        #expect(PlaceMatching.exactCode("LHR", in: places)?.iataCode == "LHR")
        #expect(PlaceMatching.exactCode("lon", in: places) == nil)
        #expect(PlaceMatching.exactCode("JFK", in: places) == nil)
    }

    @Test("place matching without asking", arguments: [
        ("lon", "LON"), ("LHR", "LHR"), ("jfk", "JFK"), ("new york", "NYC"), ("London", "LON"),
        ("paris cdg", "CDG"), ("paris", "PAR"), ("heathrow", "LHR"), ("zürich", "ZRH"), ("sao paulo", "SAO"),
    ])
    func unambiguousPlaces(typed: String, code: String) async throws {
        let places = try await FixturePlaceService().suggestions(for: typed)
        #expect(PlaceMatching.unambiguousMatch(typed, in: places)?.iataCode == code)
    }

    @Test("several places of the same name are not guessed", arguments: ["springfield", "portland", "sydney", "lo"])
    func ambiguousPlaces(typed: String) async throws {
        let places = try await FixturePlaceService().suggestions(for: typed)
        #expect(!places.isEmpty)
        #expect(PlaceMatching.unambiguousMatch(typed, in: places) == nil)
    }

    @Test("a city and one of its own airports are the same place")
    func cityAndItsAirport() async throws {
        let london = try #require(try await FixturePlaceService().suggestions(for: "lon").first)
        let heathrow = try #require(try await FixturePlaceService().suggestions(for: "LHR").first)
        let kennedy = try #require(try await FixturePlaceService().suggestions(for: "JFK").first)
        #expect(ChosenPlace(london).overlaps(ChosenPlace(heathrow)))
        #expect(ChosenPlace(heathrow).overlaps(ChosenPlace(london)))
        #expect(!ChosenPlace(london).overlaps(ChosenPlace(kennedy)))
        var draft = SearchDraft()
        draft.legs[0].from = ChosenPlace(london)
        draft.legs[0].to = ChosenPlace(heathrow)
        #expect(rules().issues(in: draft, complete: false).map(\.field) == [.destination(leg: 0)])
    }

    // MARK: Helpers

    private func leg(_ from: String, _ to: String, _ day: String) throws -> SearchDraft.Leg {
        func place(_ code: String) -> ChosenPlace {
            ChosenPlace(Place(kind: .airport, iataCode: code, name: code, iataCountryCode: "GB"))
        }
        let date: CalendarDate = try #require(CalendarDate(day))
        return SearchDraft.Leg(from: place(from), to: place(to), date: date)
    }
}
