public import Entities
public import Foundation

/// A price watch as the tools and `flights watches --json` answer it, as data from the core: the watch, what its
/// history says (the lowest now, its changes, the lowest ever, whether it is under its price, the verdict once the
/// history is long enough), every check, and when the answer is a check's, what that check came to. No text a screen
/// or a command prints is in it: a program words it as it likes.
public struct WatchReport: Sendable, Hashable, Encodable {
    /// What one check came to.
    public struct Check: Sendable, Hashable, Encodable {
        /// `checked` (written to the history), `failed` (nothing written), `over` (every day past) or `elsewhere`
        /// (made on another backend, not searched here).
        public var status: String
        /// Whether there is news: the lowest changed, or the check failed.
        public var moved: Bool
        /// Whether the lowest went under the watch's price at this check.
        public var wentUnderPrice: Bool
        /// Why a failed check failed.
        public var error: String?

        public init(status: String, moved: Bool, wentUnderPrice: Bool, error: String? = nil) {
            self.status = status
            self.moved = moved
            self.wentUnderPrice = wentUnderPrice
            self.error = error
        }

        private enum CodingKeys: String, CodingKey {
            case status, moved, error
            case wentUnderPrice = "went_under_price"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status, forKey: .status)
            try container.encode(moved, forKey: .moved)
            try container.encode(wentUnderPrice, forKey: .wentUnderPrice)
            try container.encode(error, forKey: .error)
        }
    }

    /// How the lowest now compares with the watch's own history.
    public struct Verdict: Sendable, Hashable, Encodable {
        /// `low`, `typical` or `high`.
        public var level: String
        /// The lowest now minus the history's median (negative: cheaper than usual).
        public var difference: Money
        public var median: Money
        /// The middle half of the history: its lower and upper quartiles.
        public var typicalLow: Money
        public var typicalHigh: Money
        /// How many earlier totals it is drawn from.
        public var checks: Int

        public init(level: String, difference: Money, median: Money, typicalLow: Money, typicalHigh: Money, checks: Int) {
            self.level = level
            self.difference = difference
            self.median = median
            self.typicalLow = typicalLow
            self.typicalHigh = typicalHigh
            self.checks = checks
        }

        private enum CodingKeys: String, CodingKey {
            case level, difference, median, checks
            case typicalLow = "typical_low", typicalHigh = "typical_high"
        }
    }

    public var id: Int
    /// The search each check makes (its first day, for a window).
    public var search: SearchRequest
    /// The window's last day of departure.
    public var latestDeparture: CalendarDate?
    /// The total to get under.
    public var below: String?
    /// Only these airlines' offers count.
    public var airlines: [String]
    public var createdAt: Date
    /// The API it was made on and is checked on.
    public var backend: String?
    public var lowestNow: Money?
    public var changeSinceFirst: Money?
    public var changeSinceLast: Money?
    public var lowestEver: Money?
    public var underPrice: Bool
    /// `nil` until the history is long enough to say.
    public var verdict: Verdict?
    /// Every check, oldest first.
    public var history: [PriceCheck]
    /// The check this answer reports, if it reports one.
    public var check: Check?

    public init(
        id: Int, search: SearchRequest, latestDeparture: CalendarDate?, below: Decimal?, airlines: [String],
        createdAt: Date, backend: String?, lowestNow: Money?, changeSinceFirst: Money?, changeSinceLast: Money?,
        lowestEver: Money?, underPrice: Bool, verdict: Verdict?, history: [PriceCheck], check: Check? = nil
    ) {
        self.id = id
        self.search = search
        self.latestDeparture = latestDeparture
        self.below = below.map { "\($0)" }
        self.airlines = airlines
        self.createdAt = createdAt
        self.backend = backend
        self.lowestNow = lowestNow
        self.changeSinceFirst = changeSinceFirst
        self.changeSinceLast = changeSinceLast
        self.lowestEver = lowestEver
        self.underPrice = underPrice
        self.verdict = verdict
        self.history = history
        self.check = check
    }

    private enum CodingKeys: String, CodingKey {
        case id, search, below, airlines, backend, verdict, history, check
        case latestDeparture = "latest_departure", createdAt = "created_at", lowestNow = "lowest_now"
        case changeSinceFirst = "change_since_first", changeSinceLast = "change_since_last", lowestEver = "lowest_ever"
        case underPrice = "under_price"
    }

    // Every key is written, `null` where there is nothing, so a reader sees the same shape for every watch.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(search, forKey: .search)
        try container.encode(latestDeparture, forKey: .latestDeparture)
        try container.encode(below, forKey: .below)
        try container.encode(airlines, forKey: .airlines)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(backend, forKey: .backend)
        try container.encode(lowestNow, forKey: .lowestNow)
        try container.encode(changeSinceFirst, forKey: .changeSinceFirst)
        try container.encode(changeSinceLast, forKey: .changeSinceLast)
        try container.encode(lowestEver, forKey: .lowestEver)
        try container.encode(underPrice, forKey: .underPrice)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(history, forKey: .history)
        try container.encodeIfPresent(check, forKey: .check)
    }
}
