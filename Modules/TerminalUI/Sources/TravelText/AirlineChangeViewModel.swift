public import Entities
public import Foundation
import TerminalUI

/// The airline's schedule change waiting for the traveller's answer: each flight as it was and as it is now, side by
/// side on the airports' clocks, and what the new times do to each connection.
public struct AirlineChangeViewModel: Sendable, Hashable, Codable {
    /// `The airline changed your flights · noticed Sun 22 Nov 2026 10:20 GMT`.
    public var title: String
    /// One row per flight: the flight, when it was, when it is now (and by how much it moved).
    public var flights: [[String]]
    /// What the new times do to the connections; a connection the new times break comes first.
    public var connections: [String]
    /// Whether a connection can no longer be made.
    public var breaksConnection: Bool
    /// Whether a connection the change shortened is now under an hour.
    public var tightensConnection: Bool
}

extension AirlineChangeViewModel {
    /// The table's columns.
    public static let columns = ["Flight", "Was (local times)", "Now"]

    /// The view of `change`, its noticing time on the traveller's clock in `zone`.
    public init(_ change: AirlineInitiatedChange, zone: TimeZone) {
        let noticed = change.createdAt.map { " · noticed \(TravelFormat.instant($0, in: zone))" } ?? ""
        var flights: [[String]] = []
        var connections: [(text: String, breaks: Bool, tight: Bool)] = []
        for (old, new) in zip(change.removed, change.added) {
            flights += Self.flights(was: old.segments, now: new.segments)
            for (index, layover) in new.layovers.enumerated() {
                let before = old.layovers.indices.contains(index) ? old.layovers[index].duration : nil
                connections.append(Self.connection(layover, was: before))
            }
        }
        // Slices only added or only removed (a change that reroutes): shown all the same.
        for old in change.removed.dropFirst(change.added.count) { flights += Self.flights(was: old.segments, now: []) }
        for new in change.added.dropFirst(change.removed.count) { flights += Self.flights(was: [], now: new.segments) }
        self.init(
            title: "The airline changed your flights\(noticed)", flights: flights,
            connections: connections.filter { $0.breaks || $0.tight }.map(\.text)
                + connections.filter { !$0.breaks && !$0.tight }.map(\.text),
            breaksConnection: connections.contains(where: \.breaks), tightensConnection: connections.contains(where: \.tight))
    }

    /// Each flight as it was beside itself as it is now: paired by segment id, else by position.
    private static func flights(was old: [Segment], now new: [Segment]) -> [[String]] {
        var rows: [[String]] = []
        var unmatched = Array(old.indices)
        for (position, segment) in new.enumerated() {
            let match = unmatched.first { !segment.id.isEmpty && old[$0].id == segment.id }
                ?? (unmatched.contains(position) ? position : unmatched.first)
            if let match { unmatched.removeAll { $0 == match } }
            let before = match.map { old[$0] }
            rows.append([
                route(before ?? segment, flight: segment), before.map { times($0) } ?? "–",
                times(segment, sameDayAs: before) + moved(from: before, to: segment),
            ])
        }
        rows += unmatched.map { [route(old[$0], flight: old[$0]), times(old[$0]), "Removed"] }
        return rows
    }

    /// `FI510 LHR → KEF`.
    private static func route(_ segment: Segment, flight: Segment) -> String {
        "\(flight.flightNumber) \(segment.origin.iataCode) → \(segment.destination.iataCode)"
    }

    /// `Thu 7 Jan 10:15–13:20`, `22:10–01:25 +1`: leaving and landing on the airports' own clocks, the day left out
    /// when it is `sameDayAs`'s (the flight as it was).
    private static func times(_ segment: Segment, sameDayAs before: Segment? = nil) -> String {
        let leaves = segment.departingAt
        let lands = segment.arrivingAt
        let days = leaves.date.days(until: lands.date)
        let next = days == 0 ? "" : " \(days > 0 ? "+" : "")\(days)"
        let day = before?.departingAt.date == leaves.date ? "" : TravelFormat.day(leaves.date, withYear: false) + " "
        return "\(day)\(leaves.time)–\(lands.time)\(next)"
    }

    /// ` · 3h 00m later`, ` · 45m earlier`: how far the departure moved (and the landing, when it moved otherwise).
    private static func moved(from old: Segment?, to new: Segment) -> String {
        guard let old else { return " · new flight" }
        let leaves = shift(old.departingAt.instant(in: old.origin.zone), new.departingAt.instant(in: new.origin.zone))
        let lands = shift(old.arrivingAt.instant(in: old.destination.zone), new.arrivingAt.instant(in: new.destination.zone))
        if leaves == lands { return leaves.map { ", \($0)" } ?? ", as before" }
        return ", leaves \(leaves ?? "as before"), lands \(lands ?? "as before")"
    }

    /// `3h 00m later`, `45m earlier`, `nil` when the same.
    private static func shift(_ old: Date, _ new: Date) -> String? {
        let seconds = Int(new.timeIntervalSince(old))
        guard seconds != 0 else { return nil }
        return "\(ISODuration(seconds: abs(seconds)).formatted) \(seconds > 0 ? "later" : "earlier")"
    }

    /// What a connection is with the new times, beside what it was; whether it can no longer be made.
    private static func connection(_ layover: Layover, was before: ISODuration?) -> (text: String, breaks: Bool, tight: Bool) {
        let place = layover.changesAirport
            ? "from \(TravelFormat.airport(layover.airport)) to another airport" : "in \(TravelFormat.city(of: layover.airport))"
        let was = before.map { " (was \($0.formatted))" } ?? ""
        if layover.duration.seconds < 0 {
            return ("Misses the connection \(place): the next flight leaves \(ISODuration(seconds: -layover.duration.seconds).formatted) before this one lands\(was). Change to another flight or cancel.", true, false)
        }
        // Tight only when the change shortened it: a short connection booked as it was is the traveller's choice.
        if layover.duration.seconds < 3600, before.map({ layover.duration < $0 }) ?? true {
            return ("Tight connection \(place): \(layover.duration.formatted) to connect\(was). Ask the airline whether it is protected, or change to another flight.", false, true)
        }
        return ("Connection \(place): \(layover.duration.formatted)\(was).", false, false)
    }
}
