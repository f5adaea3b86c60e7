import Entities
import Foundation
import Testing

/// `flights booking REF --ics > trip.ics`: a booked round trip as an iCalendar file, read back by a real iCalendar
/// parser (Debian's python3-icalendar) rather than by our own reading of the format.
@Suite struct CalendarExportTests {
    /// Debian's Python, which sees Debian's python3-icalendar (another python3 earlier on PATH may not).
    static let python = "/usr/bin/python3"

    /// Prints each event of the calendar on standard input, a line each, tab-separated: its summary; for the start
    /// and the end, the wall-clock time, the zone, the UTC offset as the parser reads it, and the offset the file's
    /// own VTIMEZONE gives (`-` without one); then its status.
    static let reader = """
        import icalendar, sys
        cal = icalendar.Calendar.from_ical(sys.stdin.read())
        zones = {str(tz['TZID']): tz.to_tz() for tz in cal.walk('VTIMEZONE')}
        def when(event, name):
            value = event.decoded(name)
            zone = getattr(value.tzinfo, 'zone', None) or str(value.tzinfo)
            naive = value.replace(tzinfo=None)
            own = zones[zone].localize(naive).utcoffset() if zone in zones else None
            return [naive.isoformat(), zone, str(int(value.utcoffset().total_seconds())),
                    str(int(own.total_seconds())) if own is not None else '-']
        for event in cal.walk('VEVENT'):
            print('\\t'.join([str(event['SUMMARY'])] + when(event, 'DTSTART') + when(event, 'DTEND')
                             + [str(event['STATUS'])]))
        """

    /// One event as the parser read it.
    struct Event: Equatable, CustomStringConvertible {
        var summary: String
        var start: String, startZone: String, startOffset: Int, startOwnOffset: String
        var end: String, endZone: String, endOffset: Int, endOwnOffset: String
        var status: String

        var description: String { "\(summary) \(start) \(startZone) → \(end) \(endZone) \(status)" }
    }

    /// The events of `ics`, read by python3-icalendar.
    static func parse(_ ics: String) async throws -> [Event] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw EndToEndFailure("\(python) is missing; install it with `apt-get install python3-icalendar` (scripts/setup --tests)")
        }
        let process = try Subprocess(
            name: "python3 icalendar", executable: URL(fileURLWithPath: python), arguments: ["-c", reader],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"])
        defer { process.terminate() }
        try process.send(ics)
        process.closeInput()
        let status = try await process.waitForExit()
        guard status == 0 else {
            throw EndToEndFailure("python3-icalendar could not read the calendar (exit \(status)):\n\(process.errors.text)\n\(ics)")
        }
        return try process.output.text.split(separator: "\n").map { line in
            let fields = line.components(separatedBy: "\t")
            guard fields.count == 10, let startOffset = Int(fields[3]), let endOffset = Int(fields[7]) else {
                throw EndToEndFailure("an unexpected line from the reader: \(line)")
            }
            return Event(
                summary: fields[0], start: fields[1], startZone: fields[2], startOffset: startOffset,
                startOwnOffset: fields[4], end: fields[5], endZone: fields[6], endOffset: endOffset,
                endOwnOffset: fields[8], status: fields[9])
        }
    }

    /// The UTC offset, in seconds, of wall-clock `time` at `airport`, by this system's rules.
    static func offset(_ time: LocalDateTime, at airport: Airport) -> Int {
        airport.zone.secondsFromGMT(for: time.instant(in: airport.zone))
    }

    /// Books the next-month LHR ⇄ JFK round trip with the most flights (a connection when there is one).
    static func bookRoundTrip(_ app: FlightsApp) async throws -> Order {
        let search = try await app.run([
            "search", "LHR", "JFK", "--depart", TravelData.nextMonthISO, "--return", "+7", "--json",
        ])
        #expect(search.status == 0, "\(search)")
        let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(search.output.utf8)).offers
        let offer = try #require(
            offers.max { $0.slices.flatMap(\.segments).count < $1.slices.flatMap(\.segments).count }, "\(search)")
        let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
        let booked = try await app.run(["book", offer.id, "--passengers", passengers.path, "--yes", "--json"])
        #expect(booked.status == 0, "\(booked)")
        return try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
    }

    @Test func aBookedRoundTripIsOneCalendarEventPerFlightAtTheAirportsOwnTimes() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.bookRoundTrip(app)
            let flights = order.slices.flatMap(\.segments)
            #expect(order.slices.count == 2)
            #expect(flights.count >= 3, "no connecting flight in the booked round trip: \(flights.map(\.flightNumber))")

            let run = try await app.run(["booking", order.bookingReference, "--ics"])
            #expect(run.status == 0, "\(run)")
            // Standard output is the calendar alone, CRLF line ends, no line longer than 75 octets; people's text
            // goes to standard error.
            #expect(run.output.hasPrefix("BEGIN:VCALENDAR\r\n") && run.output.hasSuffix("END:VCALENDAR\r\n"), "\(run)")
            #expect(run.output.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") })
            #expect(run.errors.contains("Looking up booking \(order.bookingReference)"), "\(run)")

            let events = try await Self.parse(run.output)
            #expect(events.count == flights.count, "\(events)")
            for (event, flight) in zip(events, flights) {
                #expect(event.summary.hasPrefix("\(flight.marketingCarrier.iataCode ?? "") \(flight.marketingCarrierFlightNumber) "))
                #expect(event.summary.contains("(\(flight.origin.iataCode)) → "), "\(event)")
                #expect(event.summary.hasSuffix("(\(flight.destination.iataCode))"), "\(event)")
                #expect(event.start == flight.departingAt.description, "\(event)")
                #expect(event.startZone == flight.origin.timeZone, "\(event)")
                #expect(event.end == flight.arrivingAt.description, "\(event)")
                #expect(event.endZone == flight.destination.timeZone, "\(event)")
                // The instants agree with the booking's: the parser's offsets, and those of the file's own
                // VTIMEZONEs, are this system's for those airports on those days.
                #expect(event.startOffset == Self.offset(flight.departingAt, at: flight.origin), "\(event)")
                #expect(event.endOffset == Self.offset(flight.arrivingAt, at: flight.destination), "\(event)")
                #expect(event.startOwnOffset == String(event.startOffset), "\(event)")
                #expect(event.endOwnOffset == String(event.endOffset), "\(event)")
                #expect(event.status == "CONFIRMED")
            }

            // Cancelled, the same flights come back as cancelled events.
            let cancelled = try await app.run(["cancel", order.bookingReference, "--yes"])
            #expect(cancelled.status == 0, "\(cancelled)")
            let after = try await app.run(["booking", order.bookingReference, "--ics"])
            #expect(after.status == 0, "\(after)")
            let cancelledEvents = try await Self.parse(after.output)
            #expect(cancelledEvents.map(\.start) == events.map(\.start))
            #expect(cancelledEvents.allSatisfy { $0.status == "CANCELLED" }, "\(cancelledEvents)")
        }
    }

    @Test func icsAndJSONTogetherAreRefusedAndTheHelpNamesIcs() async throws {
        try await FlightsApp.withFreshData { app in
            let both = try await app.run(["booking", "RZPVYB", "--ics", "--json"])
            #expect(both.status == 64, "\(both)")
            #expect(both.errors.contains("--json and --ics cannot be used together"), "\(both)")
            #expect(both.output.isEmpty, "\(both)")

            let unknown = try await app.run(["booking", "ZZZZZZ", "--ics"])
            #expect(unknown.status != 0, "\(unknown)")
            #expect(unknown.output.isEmpty, "\(unknown)")

            let help = try await app.run(["booking", "--help"])
            #expect(help.output.contains("--ics"), "\(help)")
            #expect(help.output.contains("iCalendar"), "\(help)")
        }
    }
}
