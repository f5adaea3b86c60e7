import Foundation

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
