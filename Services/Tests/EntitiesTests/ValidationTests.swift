import Entities
import Testing

@Suite("Booking rules shared by the app and the sandbox")
struct ValidationTests {
    let today = CalendarDate(year: 2026, month: 11, day: 22)!

    private func search(
        _ legs: [(String, String, Int)], passengers: [PassengerSpec] = [.adult], maxConnections: Int? = nil
    ) -> SearchRequest {
        SearchRequest(
            slices: legs.map { SearchSlice(origin: $0.0, destination: $0.1, departureDate: today.adding(days: $0.2)) },
            passengers: passengers, maxConnections: maxConnections)
    }

    @Test("a sound search has no issues")
    func soundSearch() {
        #expect(search([("LHR", "JFK", 26), ("JFK", "LHR", 33)], passengers: [.adult, .child(age: 8), .infantOnLap]).validationIssues(today: today).isEmpty)
        #expect(search([("LHR", "JFK", 0)]).validationIssues(today: today).isEmpty)
    }

    @Test("each broken rule names its field", arguments: [
        (["slices[0].departure_date"], [("LHR", "JFK", -1)], [PassengerSpec.adult], Int?.none),
        (["slices[1].departure_date"], [("LHR", "JFK", 10), ("JFK", "LHR", 9)], [.adult], nil),
        (["slices[0].destination"], [("LHR", "LHR", 3)], [.adult], nil),
        (["slices[0].origin"], [("lhr", "JFK", 3)], [.adult], nil),
        (["passengers"], [("LHR", "JFK", 3)], [], nil),
        (["passengers"], [("LHR", "JFK", 3)], Array(repeating: .adult, count: 10), nil),
        (["passengers"], [("LHR", "JFK", 3)], [.adult, .infantOnLap, .infantOnLap], nil),
        (["passengers"], [("LHR", "JFK", 3)], [.child(age: 9)], nil),
        (["passengers[1].age"], [("LHR", "JFK", 3)], [.adult, .child(age: 18)], nil),
        (["max_connections"], [("LHR", "JFK", 3)], [.adult], 3),
    ])
    func brokenRules(fields: [String], legs: [(String, String, Int)], passengers: [PassengerSpec], maxConnections: Int?) {
        let issues = search(legs, passengers: passengers, maxConnections: maxConnections).validationIssues(today: today)
        #expect(issues.map(\.field) == fields)
        #expect(issues.allSatisfy { !$0.message.isEmpty })
    }

    @Test("five legs are too many")
    func tooManyLegs() {
        let legs = (0..<5).map { ("LHR", "JFK", 3 + $0) }
        #expect(search(legs).validationIssues(today: today).map(\.field) == ["slices"])
    }

    @Test("names follow Duffel's character rules", arguments: [
        ("Ada", true), ("Mary-Jane", true), ("O'Brien", true), ("José", true), ("Łukasz", true), ("Zoë Anne", true),
        ("", false), ("   ", false), ("Ada1", false), ("李", false), ("Александр", false), ("Abcdefghijklmnopqrstu", false),
    ])
    func names(_ name: String, valid: Bool) {
        #expect((BookingRules.nameProblem(name) == nil) == valid)
    }

    @Test("phones are E.164", arguments: [
        ("+442080160508", true), ("+14155550123", true), ("442080160508", false), ("+0442080160508", false),
        ("+44 20 8016 0508", false), ("+1234567890123456", false),
    ])
    func phones(_ phone: String, valid: Bool) {
        #expect(BookingRules.isE164(phone) == valid)
    }

    @Test("phones written with spaces normalise to E.164")
    func normalisedPhones() {
        #expect(BookingRules.normalizedPhone("+44 20 8016 0508") == "+442080160508")
        #expect(BookingRules.normalizedPhone("0044 (20) 8016-0508") == "+442080160508")
        #expect(BookingRules.normalizedPhone("020 8016 0508") == nil)
    }

    @Test("emails are plausible", arguments: [
        ("ada@example.com", true), ("a.b+c@mail.example.co.uk", true), ("ada@example", false), ("@example.com", false),
        ("ada example@x.com", false), ("ada@@example.com", false), ("ada@example.c", false), ("ada@-x.com", false),
        ("ada\u{1B}]0;PWNED\u{07}@example.com", false), ("ada\u{202E}moc@example.com", false), ("ada\u{9B}2J@example.com", false),
    ])
    func emails(_ email: String, valid: Bool) {
        #expect(BookingRules.isPlausibleEmail(email) == valid)
    }

    @Test("a birth date must match the passenger's type or searched age")
    func birthDates() {
        let departure = today.adding(days: 26)  // 2026-12-18
        func problem(_ born: String, _ type: PassengerType, age: Int? = nil) -> String? {
            BookingRules.birthDateProblem(
                CalendarDate(born)!, type: type, age: age, firstDeparture: departure, lastDeparture: departure.adding(days: 7),
                today: today)
        }
        #expect(problem("1990-05-01", .adult) == nil)
        #expect(problem("2010-05-01", .adult) != nil)
        #expect(problem("2018-06-01", .child, age: 8) == nil)
        #expect(problem("2018-06-01", .child, age: 9) != nil)
        #expect(problem("2025-06-01", .infantWithoutSeat) == nil)
        // Two on the last day of travel: too old for a lap.
        #expect(problem("2024-12-20", .infantWithoutSeat) != nil)
        #expect(problem("2027-01-01", .adult) != nil)
    }

    @Test("passenger details report every broken field at once")
    func passengerDetails() {
        let details = PassengerDetails(
            id: "pas_1", title: .ms, gender: .female, givenName: "Ada2", familyName: "Lovelace",
            bornOn: CalendarDate("2015-12-10")!, email: "ada@", phoneNumber: "020 8016")
        let fields = details.validationIssues(
            index: 0, type: .adult, age: nil, firstDeparture: today.adding(days: 26),
            lastDeparture: today.adding(days: 26), today: today
        ).map(\.field)
        #expect(fields == ["passengers[0].given_name", "passengers[0].born_on", "passengers[0].email", "passengers[0].phone_number"])
    }
}
