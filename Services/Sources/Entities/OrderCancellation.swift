public import Foundation

/// A cancellation of an order: first a quote (how much comes back), then, once confirmed, done.
public struct OrderCancellation: Sendable, Hashable, Codable, Identifiable {
    /// `ore_…`.
    public var id: String
    /// The order it cancels.
    public var orderId: String
    /// What will be refunded; `nil` when nothing.
    public var refundAmount: Money?
    /// Where the refund goes (`balance`, `original_form_of_payment`, `voucher`).
    public var refundTo: String?
    /// Until when the quote stands.
    public var expiresAt: Date?
    /// When it was confirmed; `nil` while it is a quote.
    public var confirmedAt: Date?
    /// When it was quoted; `nil` when the answer did not say.
    public var createdAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates a cancellation.
    public init(
        id: String, orderId: String, refundAmount: Money?, refundTo: String?, expiresAt: Date?,
        confirmedAt: Date?, createdAt: Date?, liveMode: Bool = false
    ) {
        self.id = id
        self.orderId = orderId
        self.refundAmount = refundAmount
        self.refundTo = refundTo
        self.expiresAt = expiresAt
        self.confirmedAt = confirmedAt
        self.createdAt = createdAt
        self.liveMode = liveMode
    }

    /// Whether it has been confirmed.
    public var isConfirmed: Bool { confirmedAt != nil }

    private enum CodingKeys: String, CodingKey {
        case id
        case orderId = "order_id", refundAmount = "refund_amount", refundCurrency = "refund_currency"
        case refundTo = "refund_to", expiresAt = "expires_at", confirmedAt = "confirmed_at"
        case createdAt = "created_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: its id (to confirm it). The order it cancels is known to whoever asked (empty when unsaid).
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderId = container.lenientString(forKey: .orderId) ?? ""
        refundAmount = container.lenientMoney(amount: .refundAmount, currency: .refundCurrency)
        refundTo = container.lenient(String.self, forKey: .refundTo)
        expiresAt = container.lenient(Date.self, forKey: .expiresAt)
        confirmedAt = container.lenient(Date.self, forKey: .confirmedAt)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderId, forKey: .orderId)
        try container.encodeMoney(refundAmount, amount: .refundAmount, currency: .refundCurrency)
        try container.encode(refundTo, forKey: .refundTo)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(confirmedAt, forKey: .confirmedAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(liveMode, forKey: .liveMode)
    }
}
