public import Entities
public import Foundation

/// A watch with its history, and what the history says: the lowest now, how it moved since the first check and since
/// the one before, the lowest ever, whether it is under the watch's price, and a verdict when there is enough to say.
public struct WatchSummary: Sendable, Hashable, Codable {
    /// The watch.
    public var watch: PriceWatch
    /// Every check, oldest first.
    public var history: [PriceCheck]

    /// Creates the summary of `watch` with its `history`.
    public init(watch: PriceWatch, history: [PriceCheck]) {
        self.watch = watch
        self.history = history.sorted { $0.checkedAt < $1.checkedAt }
    }

    /// The last check, priced or not.
    public var latest: PriceCheck? { history.last }

    /// The lowest total at the last check; `nil` before any check, or when the last one found nothing.
    public var now: Money? { latest?.lowest }

    /// The checks that found a price, oldest first.
    public var priced: [PriceCheck] { history.filter { $0.lowest != nil } }

    /// The change since the first priced check (negative: cheaper now); `nil` with fewer than two.
    public var changeSinceFirst: Money? {
        guard history.count > 1, let now, let first = priced.first?.lowest, priced.count > 1 else { return nil }
        return now.subtracting(first)
    }

    /// The change since the check before the last; `nil` when either found nothing.
    public var changeSinceLast: Money? {
        guard history.count > 1, let now, let before = history[history.count - 2].lowest else { return nil }
        return now.subtracting(before)
    }

    /// The currency the latest priced check came in: totals in another (the API's choice changed) are not compared.
    public var currency: String? { priced.last?.lowest?.currency }

    /// The check with the lowest total ever seen (the earliest of equals), in the latest currency.
    public var lowestEver: PriceCheck? {
        priced.filter { $0.lowest?.currency == currency }.min { left, right in
            guard let l = left.lowest, let r = right.lowest else { return false }
            return l.amount < r.amount
        }
    }

    /// Whether the last check's total is under the watch's price.
    public var isUnderPrice: Bool {
        guard let below = watch.below, let now else { return false }
        return now.amount < below
    }

    /// How the last check's total compares with this watch's own history; `nil` while the history is too short.
    public var verdict: PriceVerdict? {
        guard let now else { return nil }
        let earlier = history.dropLast().compactMap(\.lowest).filter { $0.currency == now.currency }.map(\.amount)
        return PriceVerdict(now: now, history: earlier)
    }
}

/// Whether a total is low, typical or high for one watch, from the spread of the totals its earlier checks found
/// (their middle half is "typical"), and by how much it differs from their median. Said only with at least
/// ``minimumChecks`` earlier totals: fewer say nothing about a price's usual range.
public struct PriceVerdict: Sendable, Hashable, Codable {
    /// Where the total falls.
    public enum Level: String, Sendable, Hashable, Codable {
        /// Under the lowest quarter of the history.
        case low
        /// In the middle half.
        case typical
        /// Over the highest quarter.
        case high
    }

    /// Earlier totals needed before anything is said.
    public static let minimumChecks = 5

    /// Where the total falls.
    public var level: Level
    /// The total minus the history's median (negative: cheaper than usual).
    public var difference: Money
    /// The history's median.
    public var median: Money
    /// The middle half of the history: its lower and upper quartiles.
    public var typicalRange: ClosedRange<Decimal>
    /// How many earlier totals it is drawn from.
    public var checks: Int

    /// The verdict on `now` against the earlier totals `history` (in `now`'s currency); `nil` with fewer than
    /// ``minimumChecks``.
    public init?(now: Money, history: [Decimal]) {
        guard history.count >= Self.minimumChecks else { return nil }
        let sorted = history.sorted()
        let lower = Self.quantile(sorted, 0.25), middle = Self.quantile(sorted, 0.5), upper = Self.quantile(sorted, 0.75)
        level = now.amount < lower ? .low : (now.amount > upper ? .high : .typical)
        median = Money(amount: middle, currency: now.currency).rounded
        difference = Money(amount: now.amount - middle, currency: now.currency).rounded
        typicalRange = lower...upper
        checks = history.count
    }

    /// The `q` quantile of `sorted`, interpolated between the two nearest values.
    static func quantile(_ sorted: [Decimal], _ q: Decimal) -> Decimal {
        let position = q * Decimal(sorted.count - 1)
        var floor = Decimal()
        var copy = position
        NSDecimalRound(&floor, &copy, 0, .down)
        let index = NSDecimalNumber(decimal: floor).intValue
        guard index + 1 < sorted.count else { return sorted[index] }
        return sorted[index] + (sorted[index + 1] - sorted[index]) * (position - floor)
    }

    private enum CodingKeys: String, CodingKey {
        case level, difference, median, checks
        case typicalRange = "typical_range"
    }
}
