public import Foundation

/// A booking: what the airline confirmed, with its booking reference (the PNR).
public struct Order: Sendable, Hashable, Codable, Identifiable {
    /// `ord_…`.
    public var id: String
    /// The airline's six-character booking reference, `RZPVYB`.
    public var bookingReference: String
    /// Instant (paid) or hold (pay later).
    public var type: OrderType?
    /// The total paid or due; `nil` when the answer did not say.
    public var totalAmount: Money?
    /// Before taxes.
    public var baseAmount: Money?
    /// Taxes.
    public var taxAmount: Money?
    /// The airline.
    public var owner: Carrier
    /// Who flies.
    public var passengers: [OrderPassenger]
    /// The legs.
    public var slices: [Slice]
    /// Refund and change rules.
    public var conditions: Conditions
    /// What can be done with it now: cancel, change, update; `nil` when the answer did not say.
    public var availableActions: [OrderAction]?
    /// Paid, or awaiting payment until a deadline.
    public var paymentStatus: PaymentStatus
    /// E-tickets, once issued.
    public var documents: [OrderDocument]
    /// When it was cancelled, if it was.
    public var cancelledAt: Date?
    /// When it was made; `nil` when the answer did not say.
    public var createdAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool
    /// Free-form key–value data the booker attached.
    public var metadata: [String: String]?
    /// The extras bought with it: seats, bags.
    public var services: [BookedService]
    /// The changes the airline made to it (a flight moved), answered or waiting for an answer.
    public var airlineInitiatedChanges: [AirlineInitiatedChange]
    /// Whether the API's answer carried `airline_initiated_changes` (an empty list included): then they are all
    /// there, and need no read of their own. An answer without the field says nothing about them.
    public var carriesAirlineChanges: Bool

    /// Creates an order.
    public init(
        id: String, bookingReference: String, type: OrderType?, totalAmount: Money?, baseAmount: Money?,
        taxAmount: Money?, owner: Carrier, passengers: [OrderPassenger], slices: [Slice], conditions: Conditions,
        availableActions: [OrderAction]?, paymentStatus: PaymentStatus, documents: [OrderDocument],
        cancelledAt: Date?, createdAt: Date?, liveMode: Bool = false, metadata: [String: String]? = nil,
        services: [BookedService] = [], airlineInitiatedChanges: [AirlineInitiatedChange] = [],
        carriesAirlineChanges: Bool = false
    ) {
        self.id = id
        self.bookingReference = bookingReference
        self.type = type
        self.totalAmount = totalAmount
        self.baseAmount = baseAmount
        self.taxAmount = taxAmount
        self.owner = owner
        self.passengers = passengers
        self.slices = slices
        self.conditions = conditions
        self.availableActions = availableActions
        self.paymentStatus = paymentStatus
        self.documents = documents
        self.cancelledAt = cancelledAt
        self.createdAt = createdAt
        self.liveMode = liveMode
        self.metadata = metadata
        self.services = services
        self.airlineInitiatedChanges = airlineInitiatedChanges
        self.carriesAirlineChanges = carriesAirlineChanges
    }

    /// The airline's changes that still wait for the traveller's answer.
    public var pendingAirlineChanges: [AirlineInitiatedChange] { airlineInitiatedChanges.filter(\.isPending) }

    /// The e-tickets issued: documents typed `electronic_ticket`, and those of no stated type (as in Duffel's own
    /// examples).
    public var eTickets: [OrderDocument] {
        documents.filter { $0.type == nil || $0.type == "electronic_ticket" }
    }

    /// The e-ticket number of passenger `id`: the ticket that names them, or, on an order for one passenger, the
    /// ticket that names nobody.
    public func eTicket(for id: String) -> String? {
        if let named = eTickets.first(where: { $0.passengerIds.contains(id) }) { return named.uniqueIdentifier }
        guard passengers.count == 1, passengers.first?.id == id else { return nil }
        return eTickets.first { $0.passengerIds.isEmpty }?.uniqueIdentifier
    }

    /// Where the booking stands.
    public var status: OrderStatus {
        if cancelledAt != nil { return .cancelled }
        return paymentStatus.awaitingPayment ? .awaitingPayment : .confirmed
    }

    /// The order as its booker knows it when the payment went with the order (an instant booking): paid, though the
    /// API may still say it awaits payment (an airline can take a moment to mark it), so nothing offers to pay it a
    /// second time. A hold, or a cancelled order, is as the API says. For showing and deciding, never as the API's data.
    ///
    /// - Parameter sent: when the booking was sent, for a payment time when the order gives none.
    public func paidWithBooking(at sent: Date? = nil) -> Order {
        guard type != .hold, paymentStatus.awaitingPayment, cancelledAt == nil else { return self }
        var paid = self
        paid.paymentStatus = PaymentStatus(awaitingPayment: false, paidAt: paymentStatus.paidAt ?? createdAt ?? sent)
        return paid
    }

    /// Whether the airline will take a cancellation now, as far as the order says: it offers `cancel`, or it does
    /// not say what it allows and is not cancelled. (The API has the last word: it answers the quote.)
    public var canBeCancelled: Bool {
        if let availableActions { return availableActions.contains(.cancel) }
        return cancelledAt == nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, owner, passengers, slices, conditions, documents, metadata
        case bookingReference = "booking_reference"
        case totalAmount = "total_amount", totalCurrency = "total_currency"
        case baseAmount = "base_amount", baseCurrency = "base_currency"
        case taxAmount = "tax_amount", taxCurrency = "tax_currency"
        case availableActions = "available_actions", paymentStatus = "payment_status"
        case cancelledAt = "cancelled_at", createdAt = "created_at", liveMode = "live_mode"
        case services, airlineInitiatedChanges = "airline_initiated_changes"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the order's id and the booking reference. Once an order exists, nothing else in the answer may
        // stop the traveller from seeing its reference: every other field reads as unknown when it cannot be read.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        bookingReference = try container.decode(String.self, forKey: .bookingReference)
        type = container.lenient(OrderType.self, forKey: .type)
        totalAmount = container.lenientMoney(amount: .totalAmount, currency: .totalCurrency)
        baseAmount = container.lenientMoney(amount: .baseAmount, currency: .baseCurrency)
        taxAmount = container.lenientMoney(amount: .taxAmount, currency: .taxCurrency)
        slices = container.lossyList(Slice.self, forKey: .slices)
        owner = container.lenient(Carrier.self, forKey: .owner)
            ?? slices.first?.segments.first?.marketingCarrier ?? .unknown
        passengers = container.lossyList(OrderPassenger.self, forKey: .passengers)
        conditions = container.lenient(Conditions.self, forKey: .conditions) ?? Conditions()
        availableActions = container.contains(.availableActions)
            ? container.lossyList(OrderAction.self, forKey: .availableActions) : nil
        paymentStatus = container.lenient(PaymentStatus.self, forKey: .paymentStatus)
            ?? PaymentStatus(awaitingPayment: type == .hold)
        documents = container.lossyList(OrderDocument.self, forKey: .documents)
        cancelledAt = container.lenient(Date.self, forKey: .cancelledAt)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
        // Values that are not text (Duffel allows any JSON) are left out rather than losing the rest.
        metadata = container.lenient([String: Lossy<String>].self, forKey: .metadata)?
            .compactMapValues(\.value)
        services = container.lossyList(BookedService.self, forKey: .services)
        airlineInitiatedChanges = container.lossyList(AirlineInitiatedChange.self, forKey: .airlineInitiatedChanges)
        carriesAirlineChanges = container.contains(.airlineInitiatedChanges)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(bookingReference, forKey: .bookingReference)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeMoney(totalAmount, amount: .totalAmount, currency: .totalCurrency)
        try container.encodeMoney(baseAmount, amount: .baseAmount, currency: .baseCurrency)
        try container.encodeMoney(taxAmount, amount: .taxAmount, currency: .taxCurrency)
        try container.encode(owner, forKey: .owner)
        try container.encode(passengers, forKey: .passengers)
        try container.encode(slices, forKey: .slices)
        try container.encode(conditions, forKey: .conditions)
        // Left out when the answer did not say: written as `[]` it read back as "nothing allowed", and an order that
        // could be cancelled no longer could (found by `scripts/fuzz`).
        try container.encodeIfPresent(availableActions, forKey: .availableActions)
        try container.encode(paymentStatus, forKey: .paymentStatus)
        try container.encode(documents, forKey: .documents)
        try container.encode(cancelledAt, forKey: .cancelledAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(liveMode, forKey: .liveMode)
        try container.encodeIfPresent(metadata, forKey: .metadata)
        try container.encode(services, forKey: .services)
        // Written when there are some, or when the API said there are none, so an order the airline never changed
        // encodes as it was read.
        if !airlineInitiatedChanges.isEmpty || carriesAirlineChanges {
            try container.encode(airlineInitiatedChanges, forKey: .airlineInitiatedChanges)
        }
    }
}

/// Where a booking stands.
public enum OrderStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Paid and ticketed.
    case confirmed
    /// Held; to be paid before the deadline.
    case awaitingPayment = "awaiting_payment"
    /// Cancelled.
    case cancelled

    /// `Confirmed`, `Awaiting payment`, `Cancelled`.
    public var displayName: String {
        switch self {
        case .confirmed: "Confirmed"
        case .awaitingPayment: "Awaiting payment"
        case .cancelled: "Cancelled"
        }
    }
}

/// Instant or hold.
public struct OrderType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Paid now.
    public static let instant = OrderType(rawValue: "instant")
    /// Held, paid later.
    public static let hold = OrderType(rawValue: "hold")
}

/// Something an order allows now.
public struct OrderAction: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// It can be cancelled.
    public static let cancel = OrderAction(rawValue: "cancel")
    /// It can be changed.
    public static let change = OrderAction(rawValue: "change")
    /// Its passengers' details can be updated.
    public static let update = OrderAction(rawValue: "update")
}
