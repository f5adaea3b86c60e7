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

    /// Creates an order.
    public init(
        id: String, bookingReference: String, type: OrderType?, totalAmount: Money?, baseAmount: Money?,
        taxAmount: Money?, owner: Carrier, passengers: [OrderPassenger], slices: [Slice], conditions: Conditions,
        availableActions: [OrderAction]?, paymentStatus: PaymentStatus, documents: [OrderDocument],
        cancelledAt: Date?, createdAt: Date?, liveMode: Bool = false, metadata: [String: String]? = nil,
        services: [BookedService] = []
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
    }

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
        case services
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

/// A passenger on an order.
public struct OrderPassenger: Sendable, Hashable, Codable, Identifiable {
    /// `pas_…`.
    public var id: String
    /// `adult`, `child`, `infant_without_seat`.
    public var type: PassengerType?
    /// `mr`, `ms`, …
    public var title: PassengerTitle?
    /// Given name.
    public var givenName: String
    /// Family name.
    public var familyName: String
    /// Birth date.
    public var bornOn: CalendarDate?
    /// `m` or `f`.
    public var gender: Gender?

    /// Creates an order passenger.
    public init(
        id: String, type: PassengerType?, title: PassengerTitle?, givenName: String, familyName: String,
        bornOn: CalendarDate?, gender: Gender?
    ) {
        self.id = id
        self.type = type
        self.title = title
        self.givenName = givenName
        self.familyName = familyName
        self.bornOn = bornOn
        self.gender = gender
    }

    /// `Ada Lovelace`.
    public var fullName: String {
        let name = [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
        return name.isEmpty ? "Name unknown" : name
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, title, gender
        case givenName = "given_name", familyName = "family_name", bornOn = "born_on"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id. A title or gender we do not know reads as unknown, a missing name as empty.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = container.lenient(PassengerType.self, forKey: .type)
        title = container.lenient(String.self, forKey: .title).flatMap { PassengerTitle(rawValue: $0.lowercased()) }
        givenName = container.lenient(String.self, forKey: .givenName) ?? ""
        familyName = container.lenient(String.self, forKey: .familyName) ?? ""
        bornOn = container.lenient(CalendarDate.self, forKey: .bornOn)
        gender = container.lenient(String.self, forKey: .gender).flatMap { Gender(rawValue: $0.lowercased()) }
    }
}

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

/// A ticket or other document issued for an order.
public struct OrderDocument: Sendable, Hashable, Codable {
    /// `electronic_ticket`; `nil` when the answer did not say.
    public var type: String?
    /// The ticket number.
    public var uniqueIdentifier: String
    /// The passengers it covers.
    public var passengerIds: [String]

    /// Creates a document.
    public init(type: String?, uniqueIdentifier: String, passengerIds: [String] = []) {
        self.type = type
        self.uniqueIdentifier = uniqueIdentifier
        self.passengerIds = passengerIds
    }

    private enum CodingKeys: String, CodingKey {
        case type, uniqueIdentifier = "unique_identifier", passengerIds = "passenger_ids"
    }

    public init(from decoder: any Decoder) throws {
        // Duffel's own examples send documents without `type`.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uniqueIdentifier = try container.lenientString(forKey: .uniqueIdentifier)
            ?? container.decode(String.self, forKey: .uniqueIdentifier)
        type = container.lenient(String.self, forKey: .type)
        passengerIds = container.lossyList(String.self, forKey: .passengerIds)
    }
}

/// The body of `POST /air/orders`: the offer chosen, who flies, and how it is paid.
public struct OrderCreation: Sendable, Hashable, Codable {
    /// Instant or hold.
    public var type: OrderType
    /// The offer, one id.
    public var selectedOffers: [String]
    /// One per offer passenger, with that passenger's id.
    public var passengers: [PassengerDetails]
    /// For an instant order: the payment, equal to the offer's total. Empty for a hold, and never sent with one.
    public var payments: [Payment]
    /// Key–value data kept with the order (we keep an idempotency key there).
    public var metadata: [String: String]?
    /// Extras chosen from the offer's available services and its seat maps; the payment covers them too. Never sent
    /// with a hold: Duffel takes no services on one.
    public var services: [SelectedService]

    /// Creates an order body.
    public init(
        type: OrderType, selectedOffers: [String], passengers: [PassengerDetails], payments: [Payment],
        metadata: [String: String]? = nil, services: [SelectedService] = []
    ) {
        self.type = type
        self.selectedOffers = selectedOffers
        self.passengers = passengers
        self.payments = payments
        self.metadata = metadata
        self.services = services
    }

    /// The metadata key under which Flights puts a booking's key before the order is sent, so the order can be
    /// found again when the answer to it is lost.
    public static let bookingKeyMetadata = "flights_booking_key"

    private enum CodingKeys: String, CodingKey {
        case type, passengers, payments, metadata, services, selectedOffers = "selected_offers"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(OrderType.self, forKey: .type) ?? .instant
        selectedOffers = try container.decode([String].self, forKey: .selectedOffers)
        passengers = try container.decode([PassengerDetails].self, forKey: .passengers)
        payments = try container.decodeIfPresent([Payment].self, forKey: .payments) ?? []
        metadata = try container.decodeIfPresent([String: String].self, forKey: .metadata)
        services = try container.decodeIfPresent([SelectedService].self, forKey: .services) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(selectedOffers, forKey: .selectedOffers)
        try container.encode(passengers, forKey: .passengers)
        // Duffel: "When booking an offer with type hold, do not specify payments or services keys". A hold names
        // neither, not even empty; an instant order always names its payments.
        if type != .hold { try container.encode(payments, forKey: .payments) }
        try container.encodeIfPresent(metadata, forKey: .metadata)
        // Left out when none were chosen: the body stays as it was for servers that know no services.
        if type != .hold, !services.isEmpty { try container.encode(services, forKey: .services) }
    }
}

/// One passenger's details for booking, as the airline needs them.
public struct PassengerDetails: Sendable, Hashable, Codable, Identifiable {
    /// The offer passenger's `pas_…` id.
    public var id: String
    /// `mr`, `ms`, `mrs`, `miss`, `dr`.
    public var title: PassengerTitle
    /// `m` or `f`, as on the passport.
    public var gender: Gender
    /// Given name, as on the passport.
    public var givenName: String
    /// Family name, as on the passport.
    public var familyName: String
    /// Birth date.
    public var bornOn: CalendarDate
    /// Contact email.
    public var email: String
    /// Contact phone, E.164 (`+442080160508`).
    public var phoneNumber: String
    /// For an adult travelling with an infant on the lap: the infant's passenger id.
    public var infantPassengerId: String?
    /// The passport (or other document) when the offer requires one; `nil` sends none.
    public var identityDocuments: [IdentityDocument]?

    /// Creates passenger details.
    public init(
        id: String, title: PassengerTitle, gender: Gender, givenName: String, familyName: String,
        bornOn: CalendarDate, email: String, phoneNumber: String, infantPassengerId: String? = nil,
        identityDocuments: [IdentityDocument]? = nil
    ) {
        self.identityDocuments = identityDocuments
        self.id = id
        self.title = title
        self.gender = gender
        self.givenName = givenName
        self.familyName = familyName
        self.bornOn = bornOn
        self.email = email
        self.phoneNumber = phoneNumber
        self.infantPassengerId = infantPassengerId
    }

    /// `Ada Lovelace`.
    public var fullName: String { "\(givenName) \(familyName)" }

    private enum CodingKeys: String, CodingKey {
        case id, title, gender, email
        case givenName = "given_name", familyName = "family_name", bornOn = "born_on"
        case phoneNumber = "phone_number", infantPassengerId = "infant_passenger_id"
        case identityDocuments = "identity_documents"
    }
}

/// A passenger's title.
public enum PassengerTitle: String, Sendable, Hashable, Codable, CaseIterable {
    case mr, ms, mrs, miss, dr

    /// `Mr`, `Ms`, `Mrs`, `Miss`, `Dr`.
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// Gender as airlines record it.
public enum Gender: String, Sendable, Hashable, Codable, CaseIterable {
    /// Male.
    case male = "m"
    /// Female.
    case female = "f"

    /// `Male`, `Female`.
    public var displayName: String { self == .male ? "Male" : "Female" }
}

/// A payment for an instant order.
public struct Payment: Sendable, Hashable, Codable {
    /// How it is paid; `balance` draws on the account's balance.
    public var type: String
    /// How much, which must equal the offer's total.
    public var amount: Money

    /// Creates a payment.
    public init(type: String = "balance", amount: Money) {
        self.type = type
        self.amount = amount
    }

    private enum CodingKeys: String, CodingKey { case type, amount, currency }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        amount = try container.decodeMoney(amount: .amount, currency: .currency)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeMoney(amount, amount: .amount, currency: .currency)
    }
}

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
