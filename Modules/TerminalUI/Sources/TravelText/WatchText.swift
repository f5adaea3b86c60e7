public import Entities
public import Foundation
public import ModuleCore
public import TerminalUI
public import Trips

/// Price watches in words, for `flights watches`, `flights watch show|check` and the watches screen: one home, so a
/// watch is never described two ways.
public enum WatchText {
    /// `LHR → JFK, Fri 18 Dec – Fri 25 Dec`; a window `LHR → JFK, leaving Thu 10 Dec to Sun 20 Dec, 7 nights`.
    public static func trip(_ watch: PriceWatch) -> String {
        let route = OfferFormat.route(watch.search, nil)
        guard let first = watch.earliestDeparture, let last = watch.latestDeparture, last > first else {
            return "\(route), \(OfferFormat.dates(watch.search))"
        }
        var text = "\(route), leaving \(OfferFormat.day(first)) to \(OfferFormat.day(last))"
        if watch.search.slices.count > 1, let final = watch.search.slices.last?.departureDate {
            let nights = first.days(until: final)
            text += watch.search.tripKind == .roundTrip ? ", \(nights) night\(nights == 1 ? "" : "s")" : ", \(nights) days to the last leg"
        }
        return text
    }

    /// What the watch keeps to beyond its search: `under £400`, `BA, VS only`, the party and cabin; empty for none.
    public static func terms(_ watch: PriceWatch, currency: String?) -> String {
        var parts: [String] = []
        if let below = watch.below {
            parts.append("under " + (currency.map { Money(amount: below, currency: $0).roundedFormatted } ?? "\(below)"))
        }
        if !watch.airlines.isEmpty { parts.append(watch.airlines.joined(separator: ", ") + " only") }
        let count = watch.search.passengers.count
        if count > 1 { parts.append("\(count) travellers") }
        if let cabin = watch.search.cabinClass, cabin != .economy { parts.append(cabin.displayName) }
        if watch.search.maxConnections == 0 { parts.append("direct only") }
        return parts.joined(separator: " · ")
    }

    /// `−£23`, `+£10`, `same`; `–` when there is nothing to compare.
    public static func change(_ money: Money?) -> String {
        guard let money else { return "–" }
        let shown = money.rounded.roundedFormatted
        if shown.filter(\.isNumber).allSatisfy({ $0 == "0" }) { return "same" }
        return (money.amount > 0 ? "+" : "") + shown.replacingOccurrences(of: "-", with: "−")
    }

    /// `Low for this trip: £42 under its usual £380 (from 12 checks).`
    public static func verdict(_ verdict: PriceVerdict) -> String {
        let by = Money(amount: abs(verdict.difference.amount), currency: verdict.difference.currency).roundedFormatted
        let usual = verdict.median.roundedFormatted
        switch verdict.level {
        case .low: return "Low for this trip: \(by) under its usual \(usual) (from \(verdict.checks) checks)."
        case .high: return "High for this trip: \(by) over its usual \(usual) (from \(verdict.checks) checks)."
        case .typical:
            let range = verdict.typicalRange
            let low = Money(amount: range.lowerBound, currency: verdict.median.currency).roundedFormatted
            let high = Money(amount: range.upperBound, currency: verdict.median.currency).roundedFormatted
            return "Typical for this trip: its usual range is \(low)–\(high) (from \(verdict.checks) checks)."
        }
    }

    /// The lowest now in words: `£412`, `no offers`, `not checked yet`.
    public static func now(_ summary: WatchSummary) -> String {
        guard let latest = summary.latest else { return "not checked yet" }
        return latest.lowest?.roundedFormatted ?? "no offers"
    }

    /// The columns of the watches' table.
    public static let columns = ["#", "Trip", "Now", "Since first", "Since last", "Lowest", "History"]

    /// The watches as a table: number, trip, the lowest now (`↓` when under its price), its changes, the lowest ever,
    /// and a one-line chart.
    public static func table(_ summaries: [WatchSummary], chartWidth: Int = 16) -> Table {
        let columns: [Table.Column] = [
            .init("#", alignment: .right, priority: 10),
            .init("Trip", priority: 9, flexible: true, minimumWidth: 20),
            .init("Now", alignment: .right, priority: 8),
            .init("Since first", alignment: .right, priority: 4),
            .init("Since last", alignment: .right, priority: 6),
            .init("Lowest", alignment: .right, priority: 5),
            .init("History", priority: 7, flexible: true, minimumWidth: 6),
        ]
        let rows = summaries.map { summary -> [String] in
            [
                "\(summary.watch.id)", UntrustedText.visible(trip(summary.watch)),
                now(summary) + (summary.isUnderPrice ? " ↓" : ""), change(summary.changeSinceFirst),
                change(summary.changeSinceLast), summary.lowestEver?.lowest?.roundedFormatted ?? "–",
                PriceChart.sparkline(summary.history, width: chartWidth),
            ]
        }
        return Table(columns: columns, rows: rows)
    }

    /// `flights watches` as plain text at `width`.
    public static func listing(_ summaries: [WatchSummary], width: Int) -> String {
        var lines = table(summaries).render(width: width, style: .plain)
        if summaries.contains(where: \.isUnderPrice) { lines.append("↓ under the watch's price.") }
        return lines.joined(separator: "\n")
    }

    /// One check's offer: `British Airways BA117, BA116 · Basic · no refunds, changes allowed`.
    public static func offer(_ offer: WatchedOffer) -> String {
        var parts = [UntrustedText.visible(offer.airline)]
        let flights = offer.legs.flatMap(\.flightNumbers).map(UntrustedText.visible).joined(separator: ", ")
        if !flights.isEmpty { parts[0] += " " + flights }
        if let brand = offer.fareBrand { parts.append(UntrustedText.visible(brand)) }
        var rules: [String] = []
        if let refundable = offer.refundable { rules.append(refundable ? "refundable" : "no refunds") }
        if let changeable = offer.changeable { rules.append(changeable ? "changes allowed" : "no changes") }
        if !rules.isEmpty { parts.append(rules.joined(separator: ", ")) }
        return parts.joined(separator: " · ")
    }

    /// `flights watch show`: the trip, the verdict, the chart and every check, at `width`.
    public static func detail(_ summary: WatchSummary, width: Int, timeZone: TimeZone) -> [ScreenBlock] {
        let currency = summary.priced.last?.lowest?.currency
        var blocks: [ScreenBlock] = [.header("Watch \(summary.watch.id)", detail: UntrustedText.visible(trip(summary.watch)))]
        let terms = terms(summary.watch, currency: currency)
        var facts: [KeyValueList.Row] = []
        if !terms.isEmpty { facts.append(.init("Keeps to", terms)) }
        facts.append(.init("Lowest now", now(summary) + (summary.isUnderPrice ? " (under the watch's price)" : "")))
        facts.append(.init("Since first", change(summary.changeSinceFirst)))
        facts.append(.init("Since last", change(summary.changeSinceLast)))
        if let lowest = summary.lowestEver, let money = lowest.lowest {
            facts.append(.init("Lowest ever", "\(money.roundedFormatted) on \(checkTime(lowest.checkedAt, timeZone: timeZone))"))
        }
        blocks.append(.rows(KeyValueList(rows: facts)))
        if let said = summary.verdict {
            blocks.append(.text(verdict(said)))
        } else if let lowest = summary.now {
            blocks.append(.hint(
                "Whether \(lowest.roundedFormatted) is low or high for this trip is said once \(PriceVerdict.minimumChecks + 1) checks have found a price; \(summary.priced.count) have."))
        }
        let chart = PriceChart.lines(summary.history, width: width - 2, timeZone: timeZone)
        if !chart.isEmpty {
            blocks.append(.blank)
            blocks.append(.drawing(chart.map { StyledLine("  " + $0) }))
        }
        blocks.append(.blank)
        let checks = Table(
            columns: [
                .init("Checked", priority: 9), .init("Lowest", alignment: .right, priority: 10),
                .init("Offer", priority: 5, flexible: true, minimumWidth: 16),
            ],
            rows: summary.history.reversed().map { check in
                [checkTime(check.checkedAt, timeZone: timeZone), check.lowest?.roundedFormatted ?? "no offers",
                 check.offer.map(offer) ?? ""]
            })
        blocks.append(.table(checks, indent: 0))
        return blocks
    }

    /// `Sat 28 Nov 14:05`, on the traveller's clock.
    public static func checkTime(_ date: Date, timeZone: TimeZone) -> String {
        let day = TravelFormat.day(CalendarDate(date, in: timeZone), withYear: false)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return day + String(format: " %02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// What a check said of one watch, for `flights watch check` and `flights watch`: `Watch 2 LHR → LIS, …: £182 →
    /// £98 (−£84), under your £120.`
    public static func checked(_ outcome: WatchCheckOutcome) -> String {
        let name = "Watch \(outcome.watch.id) " + UntrustedText.visible(trip(outcome.watch))
        switch outcome.answer {
        case .over:
            return "\(name): every day of it is past, so nothing was searched; it can be removed."
        case .failed(let error):
            return "\(name): not checked, \(OfferFormat.shortReason(error)); its history is as it was."
        case .elsewhere(let backend):
            return "\(name): made on \(backend), so checked only there; its history is as it was."
        case .found(let check):
            let summary = outcome.summary
            guard let lowest = check.lowest else { return "\(name): no offers now." }
            var text = "\(name): "
            if let before = outcome.history.last?.lowest, let change = lowest.subtracting(before), Self.change(change) != "same" {
                text += "\(before.roundedFormatted) → \(lowest.roundedFormatted) (\(Self.change(change)))"
            } else {
                text += "\(lowest.roundedFormatted)"
            }
            if let offer = check.offer { text += ", " + Self.offer(offer) }
            if summary.isUnderPrice, let below = outcome.watch.below {
                text += ". Under your \(Money(amount: below, currency: lowest.currency).roundedFormatted)"
                text += outcome.wentUnderPrice ? " now." : " still."
            } else {
                text += "."
            }
            return text
        }
    }
}
