import Entities
import Testing

/// Whole dates as people type them, shared by the search and the passengers' form.
@Suite struct DateTextTests {
    @Test(arguments: [
        ("1980-03-12", "1980-03-12"), ("1980-3-2", "1980-03-02"), ("12 mar 1980", "1980-03-12"),
        ("12 March 1980", "1980-03-12"), ("March 12, 1980", "1980-03-12"), ("mar 12th 1980", "1980-03-12"),
        ("1st Sept 2031", "2031-09-01"), ("29 feb 1980", "1980-02-29"),
    ])
    func wholeDatesRead(_ text: String, _ expected: String) throws {
        #expect(try DateText.fullDate(text).description == expected)
    }

    @Test(arguments: [
        ("1980-02-30", "February 1980 has 29 days"), ("30 feb 1981", "February 1981 has 28 days"),
        ("2031-13-01", "months go from 1 to 12"), ("31 apr 2027", "April 2027 has 30 days"), ("2031-04-00", "days start at 1"),
    ])
    func daysThatDoNotExistSayWhy(_ text: String, _ reason: String) {
        #expect(throws: DateText.Problem.noSuchDay(reason)) { try DateText.fullDate(text) }
    }

    @Test(arguments: ["yesterday", "12/03/1980", "12 mar", "12 mar 80", "12 foo 1980", "1980-03", "", "12 mar 1980 9am"])
    func whatIsNoDateIsUnreadable(_ text: String) {
        #expect(throws: DateText.Problem.unreadable) { try DateText.fullDate(text) }
    }

    @Test func monthsAndDaysByName() {
        #expect(DateText.month("Dec") == 12 && DateText.month("december") == 12 && DateText.month("sept") == 9)
        #expect(DateText.month("de") == nil && DateText.month("decem") == nil)
        #expect(DateText.dayNumber("18th") == 18 && DateText.dayNumber("1st") == 1 && DateText.dayNumber("32") == nil)
    }
}
