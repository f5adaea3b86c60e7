public import Foundation

/// Duffel's batch offer request (`/air/batch_offer_requests`): a search whose offers are read as the airlines
/// answer. Created, it says how many batches to expect; each read returns the offers of the batches that arrived
/// since the last read (waiting for one when none has), and how many remain. Its id is the offer request's
/// (`orq_…`), so its offers stay readable through `GET /air/offers?offer_request_id=` after it expires (a minute).
public struct BatchOfferRequest: Sendable, Hashable, Codable, Identifiable {
    /// `orq_…`: the offer request's id.
    public var id: String
    /// Batches expected in all.
    public var totalBatches: Int
    /// Batches still to come; 0 once the last has been read.
    public var remainingBatches: Int
    /// The offers of the batches read this time; none on creation.
    public var offers: [Offer]
    /// When it was made.
    public var createdAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates a batch offer request.
    public init(
        id: String, totalBatches: Int, remainingBatches: Int, offers: [Offer] = [], createdAt: Date? = nil,
        liveMode: Bool = false
    ) {
        self.id = id
        self.totalBatches = totalBatches
        self.remainingBatches = remainingBatches
        self.offers = offers
        self.createdAt = createdAt
        self.liveMode = liveMode
    }

    private enum CodingKeys: String, CodingKey {
        case id, offers
        case totalBatches = "total_batches", remainingBatches = "remaining_batches"
        case createdAt = "created_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id, and how many batches remain (a missing count is read as none left, so a reader
        // never waits forever on an answer that does not say). An offer that cannot be read is left out.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        remainingBatches = max(0, container.lenient(Int.self, forKey: .remainingBatches) ?? 0)
        totalBatches = max(remainingBatches, container.lenient(Int.self, forKey: .totalBatches) ?? remainingBatches)
        offers = container.lossyList(Offer.self, forKey: .offers)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }
}
