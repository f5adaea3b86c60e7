import Entities
import FlightsMCP
import Foundation
import Trips

extension WatchReport {
    /// The report of `summary`: the core's values, no text.
    init(_ summary: WatchSummary) {
        let watch = summary.watch
        self.init(
            id: watch.id, search: watch.search, latestDeparture: watch.latestDeparture, below: watch.below,
            airlines: watch.airlines, createdAt: watch.createdAt, backend: watch.backend, lowestNow: summary.now,
            changeSinceFirst: summary.changeSinceFirst, changeSinceLast: summary.changeSinceLast,
            lowestEver: summary.lowestEver?.lowest, underPrice: summary.isUnderPrice,
            verdict: summary.verdict.map(Verdict.init), history: summary.history)
    }

    /// The report of a check's `outcome`: the watch with this check in its history, and what the check came to.
    init(_ outcome: WatchCheckOutcome) {
        self.init(outcome.summary)
        let (status, error): (String, String?) = switch outcome.answer {
        case .found: ("checked", nil)
        case .failed(let failure): ("failed", failure.message)
        case .over: ("over", nil)
        case .elsewhere: ("elsewhere", nil)
        }
        check = Check(status: status, moved: outcome.moved, wentUnderPrice: outcome.wentUnderPrice, error: error)
    }
}

extension WatchReport.Verdict {
    init(_ verdict: PriceVerdict) {
        let money = { (amount: Decimal) in Money(amount: amount, currency: verdict.median.currency).rounded }
        self.init(
            level: verdict.level.rawValue, difference: verdict.difference, median: verdict.median,
            typicalLow: money(verdict.typicalRange.lowerBound), typicalHigh: money(verdict.typicalRange.upperBound),
            checks: verdict.checks)
    }
}
