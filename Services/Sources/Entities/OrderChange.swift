public import Foundation

/// A change of an order made from a chosen change offer (`POST /air/order_changes`): pending until confirmed with
/// its change total (`…/actions/confirm`), then done: the order flies the new slices.
public struct OrderChange: Sendable, Hashable, Codable, Identifiable {
    /// `oce_…`.
    public var id: String
    /// The order it changes; empty when the answer did not say (the caller knows which order it changes).
    public var orderId: String
    /// What confirming costs (negative: money back); `nil` when the answer did not say.
    public var changeTotalAmount: Money?
    /// The order's total once changed.
    public var newTotalAmount: Money?
    /// The airline's fee, included in the change total.
    public var penaltyTotalAmount: Money?
    /// Until when it can be confirmed.
    public var expiresAt: Date?
    /// When it was confirmed; `nil` while pending.
    public var confirmedAt: Date?
    /// Where money back goes (`original_form_of_payment`, `voucher`).
    public var refundTo: String?
    /// The slices it adds and removes.
    public var slices: OrderChangeSlices
    /// When it was made.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates an order change.
    public init(
        id: String, orderId: String, changeTotalAmount: Money?, newTotalAmount: Money?, penaltyTotalAmount: Money?,
        expiresAt: Date?, confirmedAt: Date?, refundTo: String?, slices: OrderChangeSlices, createdAt: Date?,
        updatedAt: Date?, liveMode: Bool = false
    ) {
        self.id = id
        self.orderId = orderId
        self.changeTotalAmount = changeTotalAmount
        self.newTotalAmount = newTotalAmount
        self.penaltyTotalAmount = penaltyTotalAmount
        self.expiresAt = expiresAt
        self.confirmedAt = confirmedAt
        self.refundTo = refundTo
        self.slices = slices
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.liveMode = liveMode
    }

    /// Whether it has been confirmed: the order flies the new slices.
    public var isConfirmed: Bool { confirmedAt != nil }

    /// Whether it has expired unconfirmed at `date`.
    public func isExpired(at date: Date) -> Bool {
        confirmedAt == nil && (expiresAt.map { $0 <= date } ?? false)
    }

    private enum CodingKeys: String, CodingKey {
        case id, slices
        case orderId = "order_id"
        case changeTotalAmount = "change_total_amount", changeTotalCurrency = "change_total_currency"
        case newTotalAmount = "new_total_amount", newTotalCurrency = "new_total_currency"
        case penaltyTotalAmount = "penalty_total_amount", penaltyTotalCurrency = "penalty_total_currency"
        case penaltyAmount = "penalty_amount", penaltyCurrency = "penalty_currency"
        case expiresAt = "expires_at", confirmedAt = "confirmed_at", refundTo = "refund_to"
        case createdAt = "created_at", updatedAt = "updated_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id (to confirm it, or to read it again after a lost answer). Once confirmed, the order is
        // changed whatever else the answer holds, so everything else reads as unknown when it cannot be read.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderId = container.lenientString(forKey: .orderId) ?? ""
        newTotalAmount = container.lenientMoney(amount: .newTotalAmount, currency: .newTotalCurrency)
        penaltyTotalAmount = container.lenientMoney(amount: .penaltyTotalAmount, currency: .penaltyTotalCurrency)
            ?? container.lenientMoney(amount: .penaltyAmount, currency: .penaltyCurrency)
        changeTotalAmount = container.lenientMoney(amount: .changeTotalAmount, currency: .changeTotalCurrency)
            ?? (newTotalAmount?.currency).flatMap { currency in
                container.lenientString(forKey: .changeTotalAmount).flatMap { Money($0, currency: currency) }
            }
        expiresAt = container.lenient(Date.self, forKey: .expiresAt)
        confirmedAt = container.lenient(Date.self, forKey: .confirmedAt)
        refundTo = container.lenient(String.self, forKey: .refundTo)
        slices = container.lenient(OrderChangeSlices.self, forKey: .slices) ?? OrderChangeSlices()
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        updatedAt = container.lenient(Date.self, forKey: .updatedAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderId, forKey: .orderId)
        try container.encodeMoney(changeTotalAmount, amount: .changeTotalAmount, currency: .changeTotalCurrency)
        try container.encodeMoney(newTotalAmount, amount: .newTotalAmount, currency: .newTotalCurrency)
        try container.encodeMoney(penaltyTotalAmount, amount: .penaltyTotalAmount, currency: .penaltyTotalCurrency)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(confirmedAt, forKey: .confirmedAt)
        try container.encode(refundTo, forKey: .refundTo)
        try container.encode(slices, forKey: .slices)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(liveMode, forKey: .liveMode)
    }
}

/// The body of `POST /air/order_changes`: the change offer chosen.
public struct OrderChangeCreation: Sendable, Hashable, Codable {
    /// `oco_…`.
    public var selectedOrderChangeOffer: String

    /// Chooses a change offer.
    public init(selectedOrderChangeOffer: String) { self.selectedOrderChangeOffer = selectedOrderChangeOffer }

    private enum CodingKeys: String, CodingKey { case selectedOrderChangeOffer = "selected_order_change_offer" }
}

/// The body of `POST /air/order_changes/{id}/actions/confirm`: the payment of the change total.
public struct OrderChangeConfirmation: Sendable, Hashable, Codable {
    /// The change total, paid (`{type: balance, amount, currency}`); `nil` sends none, for a change that costs
    /// nothing or brings money back.
    public var payment: Payment?

    /// Creates a confirmation body.
    public init(payment: Payment?) { self.payment = payment }

    private enum CodingKeys: String, CodingKey { case payment }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(payment, forKey: .payment)
    }
}
