@testable import Entities
import Foundation
import Testing

private let heathrow = Airport(
    iataCode: "LHR", name: "Heathrow Airport", cityName: "London", iataCountryCode: "GB", timeZone: "Europe/London")
private let kennedy = Airport(
    iataCode: "JFK", name: "John F. Kennedy International Airport", cityName: "New York", iataCountryCode: "US",
    timeZone: "America/New_York")
private let dubai = Airport(
    iataCode: "DXB", name: "Dubai International Airport", cityName: "Dubai", iataCountryCode: "AE", timeZone: "Asia/Dubai")
private let britishAirways = Carrier(iataCode: "BA", name: "British Airways")

/// 2026-11-22 10:15 UTC.
private let stampTime = Date(timeIntervalSince1970: 1_795_342_500)

private func at(_ text: String) -> LocalDateTime {
    LocalDateTime(text) ?? LocalDateTime(date: CalendarDate(dayNumber: 0), time: LocalTime(minutesSinceMidnight: 0))
}

private func flight(
    _ id: String, _ from: Airport, _ to: Airport, _ departs: String, _ arrives: String, number: String = "117",
    carrier: Carrier = britishAirways, operating: Carrier? = nil, terminal: String? = "5"
) -> Segment {
    Segment(
        id: id, origin: from, destination: to, originTerminal: terminal, departingAt: at(departs),
        arrivingAt: at(arrives), duration: nil, marketingCarrier: carrier, marketingCarrierFlightNumber: number,
        operatingCarrier: operating ?? carrier,
        passengers: [SegmentPassenger(passengerId: "pas_1", cabinClass: .economy, baggages: [])])
}

private func order(
    _ slices: [[Segment]], reference: String = "RZPVYB", cancelled: Bool = false,
    passengers: [(String, String)] = [("Ada", "Lovelace")]
) -> Order {
    Order(
        id: "ord_0000A", bookingReference: reference, type: .instant, totalAmount: nil, baseAmount: nil,
        taxAmount: nil, owner: britishAirways,
        passengers: passengers.enumerated().map { index, name in
            OrderPassenger(id: "pas_\(index + 1)", type: .adult, title: nil, givenName: name.0, familyName: name.1,
                           bornOn: nil, gender: nil)
        },
        slices: slices.enumerated().map { index, segments in
            Slice(id: "sli_\(index)", origin: Place(segments[0].origin), destination: Place(segments[segments.count - 1].destination),
                  duration: nil, fareBrandName: nil, segments: segments)
        },
        conditions: Conditions(), availableActions: nil, paymentStatus: PaymentStatus(awaitingPayment: false),
        documents: [], cancelledAt: cancelled ? stampTime : nil, createdAt: nil)
}

/// The calendar's lines with folding undone (a CRLF and a space join the next line on).
private func unfolded(_ ics: String) -> [String] {
    ics.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast().map { $0 }
}

/// The events' properties, in order, each as name (with parameters) → value.
private func events(_ ics: String) -> [[String: String]] {
    var result: [[String: String]] = []
    var current: [String: String]?
    for line in unfolded(ics) {
        if line == "BEGIN:VEVENT" { current = [:]; continue }
        if line == "END:VEVENT", let event = current { result.append(event); current = nil; continue }
        guard current != nil, let colon = line.firstIndex(of: ":") else { continue }
        current?[String(line[..<colon])] = String(line[line.index(after: colon)...])
    }
    return result
}

@Suite("An itinerary as an iCalendar file")
struct ItineraryCalendarTests {
    @Test("one event per flight, at the airports' own clocks, with a VTIMEZONE for each zone used")
    func roundTrip() throws {
        let ics = ItineraryCalendar.ics(for: order([
            [flight("seg_1", heathrow, kennedy, "2026-12-18T10:15:00", "2026-12-18T13:20:00")],
            [flight("seg_2", kennedy, heathrow, "2026-12-28T19:30:00", "2026-12-29T07:25:00", number: "118", terminal: "7")],
        ]), now: stampTime)
        let found = events(ics)
        #expect(found.count == 2)
        #expect(found[0]["SUMMARY"] == "BA 117 London (LHR) → New York (JFK)")
        #expect(found[0]["DTSTART;TZID=Europe/London"] == "20261218T101500")
        #expect(found[0]["DTEND;TZID=America/New_York"] == "20261218T132000")
        #expect(found[0]["LOCATION"] == "Heathrow Airport (LHR)\\, Terminal 5")
        #expect(found[0]["UID"] == "ord_0000A-seg_1@flights")
        #expect(found[0]["DTSTAMP"] == "20261122T101500Z")
        #expect(found[0]["STATUS"] == "CONFIRMED")
        #expect(found[0]["DESCRIPTION"] == "Booking reference: RZPVYB\\nPassengers: Ada Lovelace\\nFlight: BA 117\\n"
            + "Operated by: British Airways\\nCabin: Economy")
        #expect(found[1]["SUMMARY"] == "BA 118 New York (JFK) → London (LHR)")
        #expect(found[1]["DTSTART;TZID=America/New_York"] == "20261228T193000")
        #expect(found[1]["DTEND;TZID=Europe/London"] == "20261229T072500")
        #expect(found[1]["UID"] == "ord_0000A-seg_2@flights")

        let lines = unfolded(ics)
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 2)
        #expect(lines.contains("TZID:America/New_York") && lines.contains("TZID:Europe/London"))
        // Every line ends CRLF, and no bare CR or LF is left inside one.
        #expect(ics.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!ics.replacingOccurrences(of: "\r\n", with: "").contains { $0 == "\r" || $0 == "\n" })
    }

    @Test("a zone's VTIMEZONE has the changes of offset around the flights: London in and out of summer time")
    func daylightSaving() throws {
        // 29 March 2026 is the day Britain's clocks go forward (01:00 GMT becomes 02:00 BST).
        let ics = ItineraryCalendar.ics(for: order([
            [flight("seg_1", heathrow, kennedy, "2026-03-29T10:15:00", "2026-03-29T13:05:00")],
        ]), now: stampTime)
        let lines = unfolded(ics)
        let start = try #require(lines.firstIndex(of: "TZID:Europe/London"))
        let end = try #require(lines[start...].firstIndex(of: "END:VTIMEZONE"))
        let london = Array(lines[start..<end])
        // Spring forward on the flight's day, written on the clock before it, and autumn's change back.
        let spring = try #require(london.firstIndex(of: "DTSTART:20260329T010000"))
        #expect(london[spring - 1] == "BEGIN:DAYLIGHT")
        #expect(Array(london[spring + 1...spring + 2]) == ["TZOFFSETFROM:+0000", "TZOFFSETTO:+0100"])
        // The name is the system's (BST on macOS, GMT+1 with Linux's Foundation): there, and only a name.
        #expect(london[spring + 3].hasPrefix("TZNAME:") && london[spring + 4] == "END:DAYLIGHT")
        let autumn = try #require(london.firstIndex(of: "DTSTART:20261025T020000"))
        #expect(london[autumn - 1] == "BEGIN:STANDARD")
        #expect(Array(london[autumn + 1...autumn + 2]) == ["TZOFFSETFROM:+0100", "TZOFFSETTO:+0000"])
        // The summer time of the flight is what the zone's own rules say, so a calendar shows 10:15 in London.
        #expect(events(ics).first?["DTSTART;TZID=Europe/London"] == "20260329T101500")

        // A zone without summer time has one part: its offset.
        let gulf = unfolded(ItineraryCalendar.ics(for: order([
            [flight("seg_1", dubai, heathrow, "2026-12-18T08:00:00", "2026-12-18T12:30:00")],
        ]), now: stampTime))
        let dubaiStart = try #require(gulf.firstIndex(of: "TZID:Asia/Dubai"))
        let dubaiEnd = try #require(gulf[dubaiStart...].firstIndex(of: "END:VTIMEZONE"))
        let dubaiZone = Array(gulf[dubaiStart..<dubaiEnd])
        #expect(dubaiZone.filter { $0.hasPrefix("BEGIN:") } == ["BEGIN:STANDARD"])
        #expect(dubaiZone.contains("TZOFFSETFROM:+0400") && dubaiZone.contains("TZOFFSETTO:+0400"))
    }

    @Test("an airport whose zone is unknown has its times in UTC, and no VTIMEZONE")
    func unknownZone() throws {
        var nowhere = kennedy
        nowhere.timeZone = "Mars/Olympus_Mons"
        var injected = heathrow
        injected.timeZone = "Europe/London:20260101T000000\r\nX"
        let ics = ItineraryCalendar.ics(for: order([
            [flight("seg_1", injected, nowhere, "2026-12-18T10:15:00", "2026-12-18T13:20:00")],
        ]), now: stampTime)
        let event = try #require(events(ics).first)
        #expect(event["DTSTART"] == "20261218T101500Z")
        #expect(event["DTEND"] == "20261218T132000Z")
        #expect(!ics.contains("VTIMEZONE"))
    }

    @Test("a connecting trip: every flight an event, in order, each with its own zones")
    func multiSegment() throws {
        let ics = ItineraryCalendar.ics(for: order([
            [flight("seg_1", heathrow, dubai, "2026-12-18T21:30:00", "2026-12-19T08:40:00", number: "105"),
             flight("seg_2", dubai, kennedy, "2026-12-19T10:50:00", "2026-12-19T17:15:00", number: "7",
                    carrier: Carrier(iataCode: "EK", name: "Emirates"), terminal: "3")],
        ], passengers: [("Ada", "Lovelace"), ("Charles", "Babbage")]), now: stampTime)
        let found = events(ics)
        #expect(found.map { $0["SUMMARY"] } == ["BA 105 London (LHR) → Dubai (DXB)", "EK 7 Dubai (DXB) → New York (JFK)"])
        #expect(found[1]["DTSTART;TZID=Asia/Dubai"] == "20261219T105000")
        #expect(found[1]["DTEND;TZID=America/New_York"] == "20261219T171500")
        #expect(found[1]["DESCRIPTION"]?.contains("Passengers: Ada Lovelace\\, Charles Babbage") == true)
        #expect(Set(found.compactMap { $0["UID"] }).count == 2)
        #expect(unfolded(ics).filter { $0 == "BEGIN:VTIMEZONE" }.count == 3)
    }

    @Test("a codeshare says who flies it")
    func operatedBy() throws {
        var segment = flight("seg_1", heathrow, kennedy, "2026-12-18T10:15:00", "2026-12-18T13:20:00", number: "4417",
                             operating: Carrier(iataCode: "AA", name: "American Airlines"))
        segment.operatingCarrierFlightNumber = "101"
        let event = try #require(events(ItineraryCalendar.ics(for: order([[segment]]), now: stampTime)).first)
        #expect(event["DESCRIPTION"]?.contains("Operated by: American Airlines (AA101)") == true)
    }

    @Test("a cancelled booking's events are cancelled, with a higher sequence")
    func cancelled() throws {
        let found = events(ItineraryCalendar.ics(for: order([
            [flight("seg_1", heathrow, kennedy, "2026-12-18T10:15:00", "2026-12-18T13:20:00")],
            [flight("seg_2", kennedy, heathrow, "2026-12-28T19:30:00", "2026-12-29T07:25:00")],
        ], cancelled: true), now: stampTime))
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0["STATUS"] == "CANCELLED" && $0["SEQUENCE"] == "1" })
        #expect(found.allSatisfy { $0["DESCRIPTION"]?.contains("This booking is cancelled.") == true })
    }

    @Test("text is escaped, and control characters from the server are removed")
    func escaping() throws {
        var sneaky = heathrow
        sneaky.name = "Heath;row, \\Airport\u{1B}[31m\r\nX-EVIL:1\u{7}\u{202E}"
        sneaky.cityName = "Lon\ndon"
        let ics = ItineraryCalendar.ics(for: order(
            [[flight("seg_1", sneaky, kennedy, "2026-12-18T10:15:00", "2026-12-18T13:20:00", terminal: "5;B")]],
            passengers: [("Ada,\u{0}", "Love\\lace")]), now: stampTime)
        let event = try #require(events(ics).first)
        #expect(event["LOCATION"] == "Heath\\;row\\, \\\\Airport[31m  X-EVIL:1 (LHR)\\, Terminal 5\\;B")
        #expect(event["SUMMARY"] == "BA 117 Lon don (LHR) → New York (JFK)")
        #expect(event["DESCRIPTION"]?.contains("Passengers: Ada\\, Love\\\\lace\\n") == true)
        #expect(!unfolded(ics).contains { $0.hasPrefix("X-EVIL") })
        // Nothing but the line ends is a control character, and nothing reorders text.
        let body = ics.replacingOccurrences(of: "\r\n", with: "")
        #expect(!body.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.value == 0x202E })

        #expect(ItineraryCalendar.text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d e")
        #expect(ItineraryCalendar.textLines(["one,", "two"]) == "one\\,\\ntwo")
    }

    @Test("lines are folded at 75 octets, never inside a character, and unfold to the original")
    func folding() throws {
        let long = "DESCRIPTION:" + String(repeating: "é→a", count: 40)
        let folded = ItineraryCalendar.fold(long)
        let lines = folded.components(separatedBy: "\r\n")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == long)
        #expect(ItineraryCalendar.fold("SUMMARY:short") == "SUMMARY:short")
        let exact = String(repeating: "x", count: 75)
        #expect(ItineraryCalendar.fold(exact) == exact)

        // In a whole calendar with long names every physical line stays within the limit.
        var longName = kennedy
        longName.name = String(repeating: "Very Long Airport Name ", count: 8)
        let ics = ItineraryCalendar.ics(for: order(
            [[flight("seg_1", heathrow, longName, "2026-12-18T10:15:00", "2026-12-18T13:20:00")]],
            passengers: (1...9).map { ("Passenger", "Number \($0)") }), now: stampTime)
        #expect(ics.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(events(ics).first?["DESCRIPTION"]?.contains("Passenger Number 9") == true)
    }
}
