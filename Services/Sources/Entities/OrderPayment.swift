public import Foundation

/// A payment made for an order already booked on hold: the answer to `POST /air/payments`.
public struct OrderPayment: Sendable, Hashable, Codable, Identifiable {
    /// `pay_…`.
    public var id: String
    /// What was paid; `nil` when the answer did not say.
    public var amount: Money?
    /// How it was paid (`balance`).
    public var type: String?
    /// `succeeded`, `pending`, `failed`, `cancelled`; `nil` when the answer did not say (Duffel's own examples omit
    /// it: an answer of 201 with no status is a payment taken).
    public var status: PaymentState?
    /// Why it failed, when it did.
    public var failureReason: String?
    /// When it was made.
    public var createdAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates a payment.
    public init(
        id: String, amount: Money?, type: String? = "balance", status: PaymentState?, failureReason: String? = nil,
        createdAt: Date?, liveMode: Bool = false
    ) {
        self.id = id
        self.amount = amount
        self.type = type
        self.status = status
        self.failureReason = failureReason
        self.createdAt = createdAt
        self.liveMode = liveMode
    }

    /// Whether the money was taken (or is being taken): anything but a stated failure or cancellation.
    public var isTaken: Bool { status != .failed && status != .cancelled }

    private enum CodingKeys: String, CodingKey {
        case id, amount, currency, type, status
        case failureReason = "failure_reason", createdAt = "created_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id. The rest is shown when known.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        amount = container.lenientMoney(amount: .amount, currency: .currency)
        type = container.lenient(String.self, forKey: .type)
        status = container.lenient(PaymentState.self, forKey: .status)
        failureReason = container.lenient(String.self, forKey: .failureReason)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeMoney(amount, amount: .amount, currency: .currency)
        try container.encode(type, forKey: .type)
        try container.encode(status, forKey: .status)
        try container.encode(failureReason, forKey: .failureReason)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(liveMode, forKey: .liveMode)
    }
}

/// Where a payment stands.
public struct PaymentState: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Taken.
    public static let succeeded = PaymentState(rawValue: "succeeded")
    /// Being taken.
    public static let pending = PaymentState(rawValue: "pending")
    /// Refused.
    public static let failed = PaymentState(rawValue: "failed")
    /// Withdrawn.
    public static let cancelled = PaymentState(rawValue: "cancelled")
}

/// The body of `POST /air/payments`: pay a held order with the amount it now costs.
public struct OrderPaymentCreation: Sendable, Hashable, Codable {
    /// `ord_…`.
    public var orderId: String
    /// The payment, equal to the order's current total.
    public var payment: Payment

    /// Creates a payment body.
    public init(orderId: String, payment: Payment) {
        self.orderId = orderId
        self.payment = payment
    }

    private enum CodingKeys: String, CodingKey { case orderId = "order_id", payment }
}
