public import Foundation

/// Whether and when an order is paid.
public struct PaymentStatus: Sendable, Hashable, Codable {
    /// Held and not paid yet.
    public var awaitingPayment: Bool
    /// The deadline to pay a hold.
    public var paymentRequiredBy: Date?
    /// Until when a held price stands.
    public var priceGuaranteeExpiresAt: Date?
    /// When it was paid.
    public var paidAt: Date?

    /// Creates a payment status.
    public init(
        awaitingPayment: Bool, paymentRequiredBy: Date? = nil, priceGuaranteeExpiresAt: Date? = nil,
        paidAt: Date? = nil
    ) {
        self.awaitingPayment = awaitingPayment
        self.paymentRequiredBy = paymentRequiredBy
        self.priceGuaranteeExpiresAt = priceGuaranteeExpiresAt
        self.paidAt = paidAt
    }

    private enum CodingKeys: String, CodingKey {
        case awaitingPayment = "awaiting_payment", paymentRequiredBy = "payment_required_by"
        case priceGuaranteeExpiresAt = "price_guarantee_expires_at", paidAt = "paid_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        paymentRequiredBy = container.lenient(Date.self, forKey: .paymentRequiredBy)
        priceGuaranteeExpiresAt = container.lenient(Date.self, forKey: .priceGuaranteeExpiresAt)
        paidAt = container.lenient(Date.self, forKey: .paidAt)
        // Unstated: awaiting payment while a deadline is given and nothing says it was paid.
        awaitingPayment = container.lenient(Bool.self, forKey: .awaitingPayment)
            ?? (paidAt == nil && paymentRequiredBy != nil)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(awaitingPayment, forKey: .awaitingPayment)
        try container.encode(paymentRequiredBy, forKey: .paymentRequiredBy)
        try container.encode(priceGuaranteeExpiresAt, forKey: .priceGuaranteeExpiresAt)
        try container.encode(paidAt, forKey: .paidAt)
    }
}
