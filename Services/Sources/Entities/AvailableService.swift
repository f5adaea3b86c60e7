public import Foundation

/// Something extra an offer sells (`GET /air/offers/{id}?return_available_services=true`): a checked bag for one
/// passenger on some segments, a right to cancel… Booked by naming its id in the order's `services`.
///
/// Essential: the id and the price. An unknown type is kept as unknown; a service whose passengers or segments are
/// not stated applies to none of them and is not shown.
public struct AvailableService: Sendable, Hashable, Codable, Identifiable {
    /// `ase_…`.
    public var id: String
    /// `baggage`, `cancel_for_any_reason`, …
    public var type: ServiceType
    /// How many of it one order may hold (1 when not stated).
    public var maximumQuantity: Int
    /// Who it is for.
    public var passengerIds: [String]
    /// Which segments it covers (a bag usually covers every segment of one slice).
    public var segmentIds: [String]
    /// The price of one.
    public var totalAmount: Money
    /// What it is in detail (a bag's kind and weight).
    public var metadata: ServiceMetadata?

    /// Creates a service.
    public init(
        id: String, type: ServiceType, maximumQuantity: Int = 1, passengerIds: [String], segmentIds: [String],
        totalAmount: Money, metadata: ServiceMetadata? = nil
    ) {
        self.id = id
        self.type = type
        self.maximumQuantity = maximumQuantity
        self.passengerIds = passengerIds
        self.segmentIds = segmentIds
        self.totalAmount = totalAmount
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, metadata
        case maximumQuantity = "maximum_quantity", passengerIds = "passenger_ids", segmentIds = "segment_ids"
        case totalAmount = "total_amount", totalCurrency = "total_currency"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        totalAmount = try container.decodeMoney(amount: .totalAmount, currency: .totalCurrency)
        type = container.lenient(ServiceType.self, forKey: .type) ?? .unknown
        maximumQuantity = max(container.lenient(Int.self, forKey: .maximumQuantity) ?? 1, 0)
        passengerIds = container.lossyList(String.self, forKey: .passengerIds)
        segmentIds = container.lossyList(String.self, forKey: .segmentIds)
        metadata = container.lenient(ServiceMetadata.self, forKey: .metadata)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(maximumQuantity, forKey: .maximumQuantity)
        try container.encode(passengerIds, forKey: .passengerIds)
        try container.encode(segmentIds, forKey: .segmentIds)
        try container.encodeMoney(totalAmount, amount: .totalAmount, currency: .totalCurrency)
        try container.encodeIfPresent(metadata, forKey: .metadata)
    }
}

/// What kind of service.
public struct ServiceType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A bag (checked or carry-on), beyond those included.
    public static let baggage = ServiceType(rawValue: "baggage")
    /// A seat (from a seat map).
    public static let seat = ServiceType(rawValue: "seat")
    /// The right to cancel for any reason.
    public static let cancelForAnyReason = ServiceType(rawValue: "cancel_for_any_reason")
    /// A kind this version does not know, or none.
    public static let unknown = ServiceType(rawValue: "unknown")
}

/// The details of a service: a bag's kind and limits, a seat's designator. Every field is optional.
public struct ServiceMetadata: Sendable, Hashable, Codable {
    /// A bag's kind (`checked`, `carry_on`).
    public var baggageType: BaggageType?
    /// A bag's weight limit.
    public var maximumWeightKg: Decimal?
    /// A bag's length, height and depth limits.
    public var maximumLengthCm: Decimal?
    public var maximumHeightCm: Decimal?
    public var maximumDepthCm: Decimal?
    /// A seat's designator, `14C`.
    public var designator: String?
    /// A seat's name.
    public var name: String?
    /// What a traveller must know about a seat.
    public var disclosures: [String]

    /// Creates metadata.
    public init(
        baggageType: BaggageType? = nil, maximumWeightKg: Decimal? = nil, maximumLengthCm: Decimal? = nil,
        maximumHeightCm: Decimal? = nil, maximumDepthCm: Decimal? = nil, designator: String? = nil,
        name: String? = nil, disclosures: [String] = []
    ) {
        self.baggageType = baggageType
        self.maximumWeightKg = maximumWeightKg
        self.maximumLengthCm = maximumLengthCm
        self.maximumHeightCm = maximumHeightCm
        self.maximumDepthCm = maximumDepthCm
        self.designator = designator
        self.name = name
        self.disclosures = disclosures
    }

    private enum CodingKeys: String, CodingKey {
        case designator, name, disclosures, baggageType = "type"
        case maximumWeightKg = "maximum_weight_kg", maximumLengthCm = "maximum_length_cm"
        case maximumHeightCm = "maximum_height_cm", maximumDepthCm = "maximum_depth_cm"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        baggageType = container.lenient(BaggageType.self, forKey: .baggageType)
        maximumWeightKg = container.lenientString(forKey: .maximumWeightKg).flatMap { Decimal(string: $0) }
        maximumLengthCm = container.lenientString(forKey: .maximumLengthCm).flatMap { Decimal(string: $0) }
        maximumHeightCm = container.lenientString(forKey: .maximumHeightCm).flatMap { Decimal(string: $0) }
        maximumDepthCm = container.lenientString(forKey: .maximumDepthCm).flatMap { Decimal(string: $0) }
        designator = container.lenientString(forKey: .designator).flatMap { $0.isEmpty ? nil : $0 }
        name = container.lenientString(forKey: .name).flatMap { $0.isEmpty ? nil : $0 }
        disclosures = container.lossyList(String.self, forKey: .disclosures)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(baggageType, forKey: .baggageType)
        try container.encodeIfPresent(maximumWeightKg, forKey: .maximumWeightKg)
        try container.encodeIfPresent(maximumLengthCm, forKey: .maximumLengthCm)
        try container.encodeIfPresent(maximumHeightCm, forKey: .maximumHeightCm)
        try container.encodeIfPresent(maximumDepthCm, forKey: .maximumDepthCm)
        try container.encodeIfPresent(designator, forKey: .designator)
        try container.encodeIfPresent(name, forKey: .name)
        if designator != nil || !disclosures.isEmpty { try container.encode(disclosures, forKey: .disclosures) }
    }
}

/// A service an order holds: what was bought, for whom, on which segments.
public struct BookedService: Sendable, Hashable, Codable, Identifiable {
    /// `ser_…`.
    public var id: String
    /// `baggage`, `seat`, …
    public var type: ServiceType
    /// How many.
    public var quantity: Int
    /// Who it is for.
    public var passengerIds: [String]
    /// Which segments it covers.
    public var segmentIds: [String]
    /// What it cost, all of the quantity; `nil` when not stated.
    public var totalAmount: Money?
    /// A bag's kind and weight, a seat's designator.
    public var metadata: ServiceMetadata?

    /// Creates a booked service.
    public init(
        id: String, type: ServiceType, quantity: Int, passengerIds: [String], segmentIds: [String],
        totalAmount: Money?, metadata: ServiceMetadata? = nil
    ) {
        self.id = id
        self.type = type
        self.quantity = quantity
        self.passengerIds = passengerIds
        self.segmentIds = segmentIds
        self.totalAmount = totalAmount
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, quantity, metadata, passengerIds = "passenger_ids", segmentIds = "segment_ids"
        case totalAmount = "total_amount", totalCurrency = "total_currency"
    }

    public init(from decoder: any Decoder) throws {
        // A booked service is part of a booking that was made: only its id is required.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = container.lenient(ServiceType.self, forKey: .type) ?? .unknown
        quantity = max(container.lenient(Int.self, forKey: .quantity) ?? 1, 1)
        passengerIds = container.lossyList(String.self, forKey: .passengerIds)
        segmentIds = container.lossyList(String.self, forKey: .segmentIds)
        totalAmount = container.lenientMoney(amount: .totalAmount, currency: .totalCurrency)
        metadata = container.lenient(ServiceMetadata.self, forKey: .metadata)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(quantity, forKey: .quantity)
        try container.encode(passengerIds, forKey: .passengerIds)
        try container.encode(segmentIds, forKey: .segmentIds)
        try container.encodeMoney(totalAmount, amount: .totalAmount, currency: .totalCurrency)
        try container.encodeIfPresent(metadata, forKey: .metadata)
    }
}

/// A service chosen for an order: `{"id": "ase_…", "quantity": 1}` in `POST /air/orders`' `services`.
public struct SelectedService: Sendable, Hashable, Codable {
    /// The available service's id, `ase_…` (from the offer or a seat map).
    public var id: String
    /// How many, at least 1 and at most the service's maximum.
    public var quantity: Int

    /// Creates a selection.
    public init(id: String, quantity: Int = 1) {
        self.id = id
        self.quantity = quantity
    }

    private enum CodingKeys: String, CodingKey { case id, quantity }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        quantity = try container.decodeIfPresent(Int.self, forKey: .quantity) ?? 1
    }
}
