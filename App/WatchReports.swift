import Entities
import FlightsMCP
import TravelText
import Trips

extension WatchReport {
    /// The report of `summary`, in the words the text lists use.
    init(_ summary: WatchSummary) {
        let watch = summary.watch
        self.init(
            id: watch.id, trip: WatchText.trip(watch), search: watch.search, latestDeparture: watch.latestDeparture,
            below: watch.below, airlines: watch.airlines, createdAt: watch.createdAt, lowestNow: summary.now,
            changeSinceFirst: summary.changeSinceFirst, changeSinceLast: summary.changeSinceLast,
            lowestEver: summary.lowestEver?.lowest, underPrice: summary.isUnderPrice,
            verdict: summary.verdict?.level.rawValue, verdictSaid: summary.verdict.map(WatchText.verdict),
            chart: PriceChart.sparkline(summary.history, width: 40), history: summary.history)
    }

    /// The report of a check's `outcome`: the watch with this check in its history, and what the check came to.
    init(_ outcome: WatchCheckOutcome) {
        self.init(outcome.summary)
        let status = switch outcome.answer {
        case .found: "checked"
        case .failed: "failed"
        case .over: "over"
        case .elsewhere: "elsewhere"
        }
        check = Check(
            status: status, moved: outcome.moved, wentUnderPrice: outcome.wentUnderPrice, said: WatchText.checked(outcome))
    }
}
