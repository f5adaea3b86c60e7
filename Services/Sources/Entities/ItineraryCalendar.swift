public import Foundation

/// A booking's flights as an iCalendar file (RFC 5545), for a calendar app: one event per flight, at the airports'
/// own clocks.
///
/// ```swift
/// let text = ItineraryCalendar.ics(for: order, now: Date())   // BEGIN:VCALENDAR\r\n…
/// ```
///
/// Each event starts at the departure on the origin's clock (`DTSTART;TZID=Europe/London:20261218T101500`) and ends
/// at the arrival on the destination's; every zone used is defined by a `VTIMEZONE` built from the system's time
/// zone rules around the flights' dates. An airport whose zone this system does not know has its times read on UTC's
/// clock and written as UTC (`…Z`). Everything the server sent is untrusted: control characters are removed before
/// the text is escaped, so no string can end a line or start a property of its own.
public enum ItineraryCalendar {
    /// The calendar for `order`: its flights as events (cancelled ones when the order is), stamped `now`.
    public static func ics(for order: Order, now: Date) -> String {
        let flights = order.slices.enumerated().flatMap { sliceIndex, slice in
            slice.segments.enumerated().map { segmentIndex, segment in
                (segment: segment, number: "\(sliceIndex + 1)-\(segmentIndex + 1)")
            }
        }
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Flights//Itinerary//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + text("Flights \(order.bookingReference)"),
        ]
        var instantsByZone: [String: [Date]] = [:]
        for (segment, _) in flights {
            for (time, airport) in [(segment.departingAt, segment.origin), (segment.arrivingAt, segment.destination)] {
                guard let zone = knownZone(airport) else { continue }
                instantsByZone[zone.identifier, default: []].append(time.instant(in: zone))
            }
        }
        for identifier in instantsByZone.keys.sorted() {
            guard let zone = TimeZone(identifier: identifier), let instants = instantsByZone[identifier] else { continue }
            lines += timeZoneComponent(zone, around: instants)
        }
        for (segment, number) in flights {
            lines += event(segment, number: number, in: order, now: now)
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).map { $0 + "\r\n" }.joined()
    }

    // MARK: Events

    /// One flight as a `VEVENT`.
    static func event(_ segment: Segment, number: String, in order: Order, now: Date) -> [String] {
        let cancelled = order.status == .cancelled
        let flight = flightName(segment)
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + uid(order: order, segment: segment, number: number),
            "DTSTAMP:" + utcStamp(now),
            property("DTSTART", segment.departingAt, at: segment.origin),
            property("DTEND", segment.arrivingAt, at: segment.destination),
            "SUMMARY:" + text("\(flight) \(TravelFormat.city(of: segment.origin)) → \(TravelFormat.city(of: segment.destination))"),
            "LOCATION:" + text(location(segment.origin, terminal: segment.originTerminal)),
            "DESCRIPTION:" + textLines(description(segment, flight: flight, in: order)),
            "STATUS:" + (cancelled ? "CANCELLED" : order.status == .awaitingPayment ? "TENTATIVE" : "CONFIRMED"),
            // A cancellation imported over the same events replaces them only with a higher sequence.
            "SEQUENCE:" + (cancelled ? "1" : "0"),
            "TRANSP:OPAQUE",
            "END:VEVENT",
        ]
        if let createdAt = order.createdAt { lines.insert("CREATED:" + utcStamp(createdAt), at: 3) }
        return lines
    }

    /// `BA 117`: the airline's code and the flight's number, or what is known of them.
    static func flightName(_ segment: Segment) -> String {
        let code = segment.marketingCarrier.iataCode ?? segment.marketingCarrier.name
        return [code, segment.marketingCarrierFlightNumber].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `Heathrow Airport (LHR), Terminal 5`.
    static func location(_ airport: Airport, terminal: String?) -> String {
        let name = TravelFormat.airport(airport)
        guard let terminal, !terminal.isEmpty else { return name }
        return "\(name), Terminal \(terminal)"
    }

    /// The booking reference, the passengers, the flight, who flies it and the cabin, a line each.
    static func description(_ segment: Segment, flight: String, in order: Order) -> [String] {
        var lines = ["Booking reference: \(order.bookingReference)"]
        if order.status == .cancelled { lines.append("This booking is cancelled.") }
        if !order.passengers.isEmpty {
            lines.append("Passengers: " + order.passengers.map(\.fullName).joined(separator: ", "))
        }
        lines.append("Flight: \(flight)")
        var operated = segment.operatingCarrier.name
        if segment.isOperatedByAnotherCarrier {
            let number = [segment.operatingCarrier.iataCode, segment.operatingCarrierFlightNumber]
                .compactMap { $0 }.joined()
            if !number.isEmpty { operated += " (\(number))" }
        }
        if !operated.isEmpty { lines.append("Operated by: \(operated)") }
        let cabins = segment.passengers.reduce(into: [String]()) { names, passenger in
            let name = passenger.cabinClassMarketingName.flatMap { $0.isEmpty ? nil : $0 }
                ?? passenger.cabinClass.displayName
            if !names.contains(name) { names.append(name) }
        }
        if !cabins.isEmpty { lines.append("Cabin: " + cabins.joined(separator: ", ")) }
        if let terminal = segment.destinationTerminal, !terminal.isEmpty {
            lines.append("Arrives at \(location(segment.destination, terminal: terminal))")
        }
        return lines
    }

    /// A stable id per flight of this order, of characters no calendar app trips on.
    static func uid(order: Order, segment: Segment, number: String) -> String {
        let segmentPart = segment.id.isEmpty ? number : segment.id
        let safe = "\(order.id)-\(segmentPart)".unicodeScalars.filter {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
        }
        return String(safe) + "@flights"
    }

    // MARK: Times

    /// The airport's time zone, when its identifier is one this system knows (and safe in a parameter).
    static func knownZone(_ airport: Airport) -> TimeZone? {
        let identifier = airport.timeZone
        guard !identifier.isEmpty,
              identifier.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/_+-".unicodeScalars.contains($0)) })
        else { return nil }
        return TimeZone(identifier: identifier)
    }

    /// `DTSTART;TZID=Europe/London:20261218T101500`, or the UTC instant (`…Z`) when the zone is unknown.
    static func property(_ name: String, _ time: LocalDateTime, at airport: Airport) -> String {
        guard let zone = knownZone(airport) else {
            let utc = TimeZone(secondsFromGMT: 0) ?? .current
            return "\(name):\(utcStamp(time.instant(in: utc)))"
        }
        return "\(name);TZID=\(zone.identifier):\(stamp(time))"
    }

    /// `20261218T101500`.
    static func stamp(_ time: LocalDateTime) -> String {
        String(format: "%04d%02d%02dT%02d%02d%02d",
               time.date.year, time.date.month, time.date.day, time.time.hour, time.time.minute, time.second)
    }

    /// `20261122T101500Z`.
    static func utcStamp(_ instant: Date) -> String {
        stamp(LocalDateTime(instant, in: TimeZone(secondsFromGMT: 0) ?? .current)) + "Z"
    }

    /// `+0100`, `-0430`, `+054500` (seconds only when there are some).
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let hours = magnitude / 3600, minutes = magnitude % 3600 / 60, rest = magnitude % 60
        return sign + String(format: "%02d%02d", hours, minutes) + (rest == 0 ? "" : String(format: "%02d", rest))
    }

    /// A year either side of the flights: enough for the rules in force then, few enough to stay short.
    private static let margin: TimeInterval = 366 * 86_400

    /// The `VTIMEZONE` for `zone`: one `STANDARD` or `DAYLIGHT` part for each change of offset from a year before
    /// the first of `instants` to a year after the last, and one for the offset in force at the start.
    static func timeZoneComponent(_ zone: TimeZone, around instants: [Date]) -> [String] {
        guard let first = instants.min(), let last = instants.max() else { return [] }
        // From midnight on the zone's clock, so the first part starts on a plain date.
        let early = LocalDateTime(first.addingTimeInterval(-margin), in: zone)
        let start = LocalDateTime(date: early.date, time: LocalTime(minutesSinceMidnight: 0)).instant(in: zone)
        let end = last.addingTimeInterval(margin)
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier]
        // The offset in force at the start, as a part of its own: the flights fall after it whatever changes follow.
        lines += observance(zone, at: start, from: zone.secondsFromGMT(for: start))
        var cursor = start
        while let change = zone.nextDaylightSavingTimeTransition(after: cursor), change <= end, change > cursor {
            lines += observance(zone, at: change, from: zone.secondsFromGMT(for: change.addingTimeInterval(-1)))
            cursor = change
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// One `STANDARD`/`DAYLIGHT` part: from `instant` (written on the clock before it, as RFC 5545 asks) the offset is
    /// the one in force at `instant`.
    private static func observance(_ zone: TimeZone, at instant: Date, from before: Int) -> [String] {
        let after = zone.secondsFromGMT(for: instant)
        let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
        let wallClock = LocalDateTime(instant.addingTimeInterval(TimeInterval(before)), in: TimeZone(secondsFromGMT: 0) ?? zone)
        var lines = [
            "BEGIN:\(kind)",
            "DTSTART:" + stamp(wallClock),
            "TZOFFSETFROM:" + offset(before),
            "TZOFFSETTO:" + offset(after),
        ]
        if let name = zone.abbreviation(for: instant), !name.isEmpty {
            lines.append("TZNAME:" + text(name))
        }
        lines.append("END:\(kind)")
        return lines
    }

    // MARK: Text

    /// `value` without control characters (a line break or tab becomes a space), nor the characters that reorder
    /// text: what the server sent can neither break the file's lines nor disguise itself.
    static func clean(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// A TEXT value: cleaned of control characters, then escaped (`\` `;` `,`).
    static func text(_ value: String) -> String {
        clean(value)
            .replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,")
    }

    /// A TEXT value of several lines: each cleaned and escaped, joined by escaped line breaks (`\n`).
    static func textLines(_ lines: [String]) -> String {
        lines.map(text).joined(separator: "\\n")
    }

    /// `line` folded so that no line is longer than 75 octets: a break and a space before the octet that would pass
    /// it, never inside a character's UTF-8 sequence.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var folded = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += size
        }
        return folded
    }
}
