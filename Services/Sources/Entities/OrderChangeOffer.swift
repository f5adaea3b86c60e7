public import Foundation

/// One way to change an order: the new flights, the slices they replace, and what moving costs
/// (`GET /air/order_change_offers`). A negative change total is money back.
public struct OrderChangeOffer: Sendable, Hashable, Codable, Identifiable {
    /// `oco_…`.
    public var id: String
    /// The order change made from it, once one is (`oce_…`).
    public var orderChangeId: String?
    /// What confirming costs: the new fare less what the removed slices were worth, plus the penalty. Negative
    /// when money comes back.
    public var changeTotalAmount: Money
    /// The order's total once changed; `nil` when the answer did not say.
    public var newTotalAmount: Money?
    /// The airline's fee for the change, included in the change total; `nil` when the answer did not say.
    public var penaltyTotalAmount: Money?
    /// Until when it can be chosen.
    public var expiresAt: Date?
    /// Where money back goes (`original_form_of_payment`, `voucher`, `balance`).
    public var refundTo: String?
    /// The slices it adds (the new flights) and removes.
    public var slices: OrderChangeSlices
    /// The new fare's rules; `nil` when the answer did not say.
    public var conditions: Conditions?
    /// When it was made.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates a change offer.
    public init(
        id: String, orderChangeId: String? = nil, changeTotalAmount: Money, newTotalAmount: Money?,
        penaltyTotalAmount: Money?, expiresAt: Date?, refundTo: String?, slices: OrderChangeSlices,
        conditions: Conditions? = nil, createdAt: Date?, updatedAt: Date?, liveMode: Bool = false
    ) {
        self.id = id
        self.orderChangeId = orderChangeId
        self.changeTotalAmount = changeTotalAmount
        self.newTotalAmount = newTotalAmount
        self.penaltyTotalAmount = penaltyTotalAmount
        self.expiresAt = expiresAt
        self.refundTo = refundTo
        self.slices = slices
        self.conditions = conditions
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.liveMode = liveMode
    }

    /// Whether confirming it brings money back.
    public var isRefund: Bool { changeTotalAmount.amount < 0 }

    /// Whether it has expired at `date`; one with no expiry never does (the API decides).
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }

    private enum CodingKeys: String, CodingKey {
        case id, slices, conditions
        case orderChangeId = "order_change_id"
        case changeTotalAmount = "change_total_amount", changeTotalCurrency = "change_total_currency"
        case newTotalAmount = "new_total_amount", newTotalCurrency = "new_total_currency"
        case penaltyTotalAmount = "penalty_total_amount", penaltyTotalCurrency = "penalty_total_currency"
        case penaltyAmount = "penalty_amount", penaltyCurrency = "penalty_currency"
        case expiresAt = "expires_at", refundTo = "refund_to"
        case createdAt = "created_at", updatedAt = "updated_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id (to choose it) and the change total (what is paid or refunded). Duffel's reference
        // lets the change total's currency be null: the order's new total is in the same currency.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        newTotalAmount = container.lenientMoney(amount: .newTotalAmount, currency: .newTotalCurrency)
        // Duffel's reference and its Java and Ruby examples say `penalty_total_*`; its Python and JavaScript
        // examples, `penalty_*`.
        penaltyTotalAmount = container.lenientMoney(amount: .penaltyTotalAmount, currency: .penaltyTotalCurrency)
            ?? container.lenientMoney(amount: .penaltyAmount, currency: .penaltyCurrency)
        if let total = container.lenientMoney(amount: .changeTotalAmount, currency: .changeTotalCurrency) {
            changeTotalAmount = total
        } else if let currency = newTotalAmount?.currency ?? penaltyTotalAmount?.currency,
                  let text = container.lenientString(forKey: .changeTotalAmount),
                  let total = Money(text, currency: currency) {
            changeTotalAmount = total
        } else {
            changeTotalAmount = try container.decodeMoney(amount: .changeTotalAmount, currency: .changeTotalCurrency)
        }
        orderChangeId = container.lenient(String.self, forKey: .orderChangeId)
        expiresAt = container.lenient(Date.self, forKey: .expiresAt)
        refundTo = container.lenient(String.self, forKey: .refundTo)
        slices = container.lenient(OrderChangeSlices.self, forKey: .slices) ?? OrderChangeSlices()
        conditions = container.lenient(Conditions.self, forKey: .conditions)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        updatedAt = container.lenient(Date.self, forKey: .updatedAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderChangeId, forKey: .orderChangeId)
        try container.encodeMoney(changeTotalAmount, amount: .changeTotalAmount, currency: .changeTotalCurrency)
        try container.encodeMoney(newTotalAmount, amount: .newTotalAmount, currency: .newTotalCurrency)
        try container.encodeMoney(penaltyTotalAmount, amount: .penaltyTotalAmount, currency: .penaltyTotalCurrency)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(refundTo, forKey: .refundTo)
        try container.encode(slices, forKey: .slices)
        try container.encodeIfPresent(conditions, forKey: .conditions)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(liveMode, forKey: .liveMode)
    }
}

/// The slices a change adds to an order (the new flights) and those it takes out, in full.
public struct OrderChangeSlices: Sendable, Hashable, Codable {
    /// The new flights.
    public var add: [Slice]
    /// The flights they replace.
    public var remove: [Slice]

    /// Creates the slices of a change.
    public init(add: [Slice] = [], remove: [Slice] = []) {
        self.add = add
        self.remove = remove
    }

    private enum CodingKeys: String, CodingKey { case add, remove }

    public init(from decoder: any Decoder) throws {
        // A slice that cannot be read is left out, not the others.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        add = container.lossyList(Slice.self, forKey: .add)
        remove = container.lossyList(Slice.self, forKey: .remove)
    }
}
