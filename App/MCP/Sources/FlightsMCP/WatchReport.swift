public import Entities
public import Foundation

/// A price watch as the tools and `flights watches --json` answer it: the watch, what its history says (the lowest
/// now, its changes, the lowest ever, whether it is under its price, a verdict when the history is long enough, a
/// one-line chart), every check, and when the answer is a check's, what that check came to.
public struct WatchReport: Sendable, Hashable, Encodable {
    /// What one check came to.
    public struct Check: Sendable, Hashable, Encodable {
        /// `checked` (written to the history), `failed` (nothing written) or `over` (every day past).
        public var status: String
        /// Whether there is news: the lowest changed, or the check failed.
        public var moved: Bool
        /// Whether the lowest went under the watch's price at this check.
        public var wentUnderPrice: Bool
        /// The check in a sentence.
        public var said: String

        public init(status: String, moved: Bool, wentUnderPrice: Bool, said: String) {
            self.status = status
            self.moved = moved
            self.wentUnderPrice = wentUnderPrice
            self.said = said
        }

        private enum CodingKeys: String, CodingKey {
            case status, moved, said
            case wentUnderPrice = "went_under_price"
        }
    }

    public var id: Int
    /// The trip in words.
    public var trip: String
    /// The search each check makes (its first day, for a window).
    public var search: SearchRequest
    /// The window's last day of departure.
    public var latestDeparture: CalendarDate?
    /// The total to get under.
    public var below: String?
    /// Only these airlines' offers count.
    public var airlines: [String]
    public var createdAt: Date
    public var lowestNow: Money?
    public var changeSinceFirst: Money?
    public var changeSinceLast: Money?
    public var lowestEver: Money?
    public var underPrice: Bool
    /// `low`, `typical` or `high`, once the history is long enough.
    public var verdict: String?
    /// The verdict in a sentence.
    public var verdictSaid: String?
    /// The history in one line of block characters.
    public var chart: String
    /// Every check, oldest first.
    public var history: [PriceCheck]
    /// The check this answer reports, if it reports one.
    public var check: Check?

    public init(
        id: Int, trip: String, search: SearchRequest, latestDeparture: CalendarDate?, below: Decimal?, airlines: [String],
        createdAt: Date, lowestNow: Money?, changeSinceFirst: Money?, changeSinceLast: Money?, lowestEver: Money?,
        underPrice: Bool, verdict: String?, verdictSaid: String?, chart: String, history: [PriceCheck], check: Check? = nil
    ) {
        self.id = id
        self.trip = trip
        self.search = search
        self.latestDeparture = latestDeparture
        self.below = below.map { "\($0)" }
        self.airlines = airlines
        self.createdAt = createdAt
        self.lowestNow = lowestNow
        self.changeSinceFirst = changeSinceFirst
        self.changeSinceLast = changeSinceLast
        self.lowestEver = lowestEver
        self.underPrice = underPrice
        self.verdict = verdict
        self.verdictSaid = verdictSaid
        self.chart = chart
        self.history = history
        self.check = check
    }

    private enum CodingKeys: String, CodingKey {
        case id, trip, search, below, airlines, verdict, chart, history, check
        case latestDeparture = "latest_departure", createdAt = "created_at", lowestNow = "lowest_now"
        case changeSinceFirst = "change_since_first", changeSinceLast = "change_since_last", lowestEver = "lowest_ever"
        case underPrice = "under_price", verdictSaid = "verdict_said"
    }

    // Every key is written, `null` where there is nothing, so a reader sees the same shape for every watch.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(trip, forKey: .trip)
        try container.encode(search, forKey: .search)
        try container.encode(latestDeparture, forKey: .latestDeparture)
        try container.encode(below, forKey: .below)
        try container.encode(airlines, forKey: .airlines)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lowestNow, forKey: .lowestNow)
        try container.encode(changeSinceFirst, forKey: .changeSinceFirst)
        try container.encode(changeSinceLast, forKey: .changeSinceLast)
        try container.encode(lowestEver, forKey: .lowestEver)
        try container.encode(underPrice, forKey: .underPrice)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(verdictSaid, forKey: .verdictSaid)
        try container.encode(chart, forKey: .chart)
        try container.encode(history, forKey: .history)
        try container.encodeIfPresent(check, forKey: .check)
    }
}
