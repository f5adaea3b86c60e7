public import Foundation

/// A priced itinerary an airline will sell: one slice per leg of the search, for every passenger of the search.
public struct Offer: Sendable, Hashable, Codable, Identifiable {
    /// `off_…`.
    public var id: String
    /// The total for every passenger, taxes included.
    public var totalAmount: Money
    /// The total before taxes.
    public var baseAmount: Money?
    /// The taxes; Duffel sends null when the airline does not break them out.
    public var taxAmount: Money?
    /// The airline selling it.
    public var owner: Carrier
    /// The passengers it prices, with the ids an order must use.
    public var passengers: [OfferPassenger]
    /// One per leg.
    public var slices: [Slice]
    /// Refund and change rules for the whole offer.
    public var conditions: Conditions
    /// Whether payment must be instant, or can wait (a hold).
    public var paymentRequirements: PaymentRequirements
    /// Whether passports must be given at booking.
    public var passengerIdentityDocumentsRequired: Bool
    /// The document types the airline accepts at booking (`passport`); empty when it does not say.
    public var supportedPassengerIdentityDocumentTypes: [IdentityDocumentType]
    /// CO₂ estimate in kilograms, as Duffel sends it.
    public var totalEmissionsKg: String?
    /// Extras it sells (bags…), when read with `return_available_services=true`; `nil` when not asked for.
    public var availableServices: [AvailableService]?
    /// When the offer stops being bookable; `nil` when the answer did not say.
    public var expiresAt: Date?

    /// The bags one may add: the baggage services it sells to some passenger, one at least.
    public var extraBags: [AvailableService] {
        (availableServices ?? []).filter { $0.type == .baggage && !$0.passengerIds.isEmpty && $0.maximumQuantity > 0 }
    }
    /// When it was created.
    public var createdAt: Date?
    /// When it was last priced.
    public var updatedAt: Date?
    /// `false` in test mode and on the sandbox.
    public var liveMode: Bool

    /// Creates an offer.
    public init(
        id: String, totalAmount: Money, baseAmount: Money?, taxAmount: Money?, owner: Carrier,
        passengers: [OfferPassenger], slices: [Slice], conditions: Conditions,
        paymentRequirements: PaymentRequirements, passengerIdentityDocumentsRequired: Bool = false,
        supportedPassengerIdentityDocumentTypes: [IdentityDocumentType] = [], totalEmissionsKg: String? = nil, availableServices: [AvailableService]? = nil, expiresAt: Date?,
        createdAt: Date? = nil, updatedAt: Date? = nil, liveMode: Bool = false
    ) {
        self.id = id
        self.totalAmount = totalAmount
        self.baseAmount = baseAmount
        self.taxAmount = taxAmount
        self.owner = owner
        self.passengers = passengers
        self.slices = slices
        self.conditions = conditions
        self.paymentRequirements = paymentRequirements
        self.passengerIdentityDocumentsRequired = passengerIdentityDocumentsRequired
        self.supportedPassengerIdentityDocumentTypes = supportedPassengerIdentityDocumentTypes
        self.totalEmissionsKg = totalEmissionsKg
        self.availableServices = availableServices
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.liveMode = liveMode
    }

    /// Whether the offer is past its expiry at `date`; an offer whose expiry is unknown is not (the API decides).
    public func isExpired(at date: Date) -> Bool { expiresAt.map { $0 <= date } ?? false }

    /// The most connections on any slice.
    public var maxConnections: Int { slices.map(\.connections).max() ?? 0 }

    /// The time in the air and on the ground over every slice.
    public var totalDuration: ISODuration {
        slices.reduce(ISODuration(seconds: 0)) { $0 + $1.totalDuration }
    }

    /// Whether the offer can be held and paid later rather than paid at once.
    public var canBeHeld: Bool { !paymentRequirements.requiresInstantPayment }

    private enum CodingKeys: String, CodingKey {
        case id, owner, passengers, slices, conditions
        case totalAmount = "total_amount", totalCurrency = "total_currency"
        case baseAmount = "base_amount", baseCurrency = "base_currency"
        case taxAmount = "tax_amount", taxCurrency = "tax_currency"
        case paymentRequirements = "payment_requirements"
        case passengerIdentityDocumentsRequired = "passenger_identity_documents_required"
        case supportedPassengerIdentityDocumentTypes = "supported_passenger_identity_document_types"
        case allowedPassengerIdentityDocumentTypes = "allowed_passenger_identity_document_types"
        case totalEmissionsKg = "total_emissions_kg", availableServices = "available_services"
        case expiresAt = "expires_at", createdAt = "created_at", updatedAt = "updated_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id (to book it), the total with its currency (to show and pay it), and every slice with
        // its segments (what is being bought). A slice that cannot be read makes the offer unreadable: an offer
        // with a leg missing would be a different trip.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        totalAmount = try container.decodeMoney(amount: .totalAmount, currency: .totalCurrency)
        slices = try container.decode([Slice].self, forKey: .slices)
        guard !slices.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .slices, in: container, debugDescription: "An offer needs at least one slice")
        }
        baseAmount = container.lenientMoney(amount: .baseAmount, currency: .baseCurrency)
        taxAmount = container.lenientMoney(amount: .taxAmount, currency: .taxCurrency)
        owner = container.lenient(Carrier.self, forKey: .owner)
            ?? slices.first?.segments.first?.marketingCarrier ?? Carrier.unknown
        passengers = container.lossyList(OfferPassenger.self, forKey: .passengers)
        conditions = container.lenient(Conditions.self, forKey: .conditions) ?? Conditions()
        // Unknown payment terms: pay now, the terms every airline accepts.
        paymentRequirements = container.lenient(PaymentRequirements.self, forKey: .paymentRequirements)
            ?? PaymentRequirements(requiresInstantPayment: true)
        passengerIdentityDocumentsRequired =
            container.lenient(Bool.self, forKey: .passengerIdentityDocumentsRequired) ?? false
        // Duffel has used both names for the list.
        let supported = container.lossyList(IdentityDocumentType.self, forKey: .supportedPassengerIdentityDocumentTypes)
        supportedPassengerIdentityDocumentTypes = supported.isEmpty
            ? container.lossyList(IdentityDocumentType.self, forKey: .allowedPassengerIdentityDocumentTypes) : supported
        totalEmissionsKg = container.lenientString(forKey: .totalEmissionsKg)
        availableServices = container.lenient([Lossy<AvailableService>].self, forKey: .availableServices)?
            .compactMap(\.value)
        expiresAt = container.lenient(Date.self, forKey: .expiresAt)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        updatedAt = container.lenient(Date.self, forKey: .updatedAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeMoney(totalAmount, amount: .totalAmount, currency: .totalCurrency)
        try container.encodeMoney(baseAmount, amount: .baseAmount, currency: .baseCurrency)
        try container.encodeMoney(taxAmount, amount: .taxAmount, currency: .taxCurrency)
        try container.encode(owner, forKey: .owner)
        try container.encode(passengers, forKey: .passengers)
        try container.encode(slices, forKey: .slices)
        try container.encode(conditions, forKey: .conditions)
        try container.encode(paymentRequirements, forKey: .paymentRequirements)
        try container.encode(passengerIdentityDocumentsRequired, forKey: .passengerIdentityDocumentsRequired)
        try container.encode(supportedPassengerIdentityDocumentTypes, forKey: .supportedPassengerIdentityDocumentTypes)
        try container.encode(supportedPassengerIdentityDocumentTypes, forKey: .allowedPassengerIdentityDocumentTypes)
        try container.encodeIfPresent(totalEmissionsKg, forKey: .totalEmissionsKg)
        try container.encodeIfPresent(availableServices, forKey: .availableServices)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try container.encode(liveMode, forKey: .liveMode)
    }
}

/// A passenger as an offer or an offer request lists them: the id to use when booking, and type or age.
public struct OfferPassenger: Sendable, Hashable, Codable, Identifiable {
    /// `pas_…`: the id an order's passenger details must carry.
    public var id: String
    /// `adult`, `child`, `infant_without_seat`.
    public var type: PassengerType?
    /// The age given at search, for anyone under 18.
    public var age: Int?

    /// Creates a passenger.
    public init(id: String, type: PassengerType?, age: Int? = nil) {
        self.id = id
        self.type = type
        self.age = age
    }

    /// The type, derived from the age when the airline sent only that.
    public var resolvedType: PassengerType {
        if let type { return type }
        guard let age else { return .adult }
        return age >= 18 ? .adult : .child
    }

    private enum CodingKeys: String, CodingKey { case id, type, age }

    public init(from decoder: any Decoder) throws {
        // Essential: the id an order must carry. Duffel's examples send `type` and `age` together; both are kept.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = container.lenient(PassengerType.self, forKey: .type)
        age = container.lenient(Int.self, forKey: .age)
    }
}

/// One leg of an offer: from an origin to a destination through one or more segments.
public struct Slice: Sendable, Hashable, Codable, Identifiable {
    /// `sli_…`.
    public var id: String
    /// Where the leg starts.
    public var origin: Place
    /// Where it ends.
    public var destination: Place
    /// From first departure to last arrival.
    public var duration: ISODuration?
    /// The airline's name for the fare (`Basic`, `Flex`).
    public var fareBrandName: String?
    /// The flights, in order.
    public var segments: [Segment]

    /// Creates a slice.
    public init(
        id: String, origin: Place, destination: Place, duration: ISODuration?, fareBrandName: String?,
        segments: [Segment]
    ) {
        self.id = id
        self.origin = origin
        self.destination = destination
        self.duration = duration
        self.fareBrandName = fareBrandName
        self.segments = segments
    }

    /// Changes of aircraft: one fewer than the segments.
    public var connections: Int { max(segments.count - 1, 0) }

    /// Stops inside segments (same flight number, a landing on the way).
    public var technicalStops: Int { segments.reduce(0) { $0 + $1.stops.count } }

    /// The airports where the traveller changes planes.
    public var connectingAirports: [Airport] { segments.dropLast().map(\.destination) }

    /// When the first segment leaves, on the origin's clock.
    public var departingAt: LocalDateTime? { segments.first?.departingAt }

    /// When the last segment lands, on the destination's clock.
    public var arrivingAt: LocalDateTime? { segments.last?.arrivingAt }

    /// The duration Duffel sent, or the elapsed time computed from the first and last segment.
    public var totalDuration: ISODuration {
        if let duration { return duration }
        guard let first = segments.first, let last = segments.last else { return ISODuration(seconds: 0) }
        let start = first.departingAt.instant(in: first.origin.zone)
        let end = last.arrivingAt.instant(in: last.destination.zone)
        return ISODuration(seconds: Int(end.timeIntervalSince(start)))
    }

    /// The waits between segments, in order.
    public var layovers: [Layover] {
        zip(segments, segments.dropFirst()).map { arriving, departing in
            let landed = arriving.arrivingAt.instant(in: arriving.destination.zone)
            let leaves = departing.departingAt.instant(in: departing.origin.zone)
            return Layover(
                airport: arriving.destination, duration: ISODuration(seconds: Int(leaves.timeIntervalSince(landed))),
                changesAirport: arriving.destination.iataCode != departing.origin.iataCode)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, origin, destination, duration, segments
        case fareBrandName = "fare_brand_name"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the segments, every one of them (a leg with a flight missing is another trip). The ends of the
        // slice default to the first and last segment's airports.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        segments = try container.decode([Segment].self, forKey: .segments)
        guard let first = segments.first, let last = segments.last else {
            throw DecodingError.dataCorruptedError(
                forKey: .segments, in: container, debugDescription: "A slice needs at least one segment")
        }
        id = container.lenientString(forKey: .id) ?? ""
        origin = container.lenient(Place.self, forKey: .origin) ?? Place(first.origin)
        destination = container.lenient(Place.self, forKey: .destination) ?? Place(last.destination)
        duration = container.lenient(ISODuration.self, forKey: .duration)
        fareBrandName = container.lenient(String.self, forKey: .fareBrandName)
    }
}

/// A wait between two segments.
public struct Layover: Sendable, Hashable, Codable {
    /// Where the traveller waits.
    public var airport: Airport
    /// How long.
    public var duration: ISODuration
    /// Whether the next flight leaves from another airport (LHR to LGW).
    public var changesAirport: Bool

    /// Creates a layover.
    public init(airport: Airport, duration: ISODuration, changesAirport: Bool) {
        self.airport = airport
        self.duration = duration
        self.changesAirport = changesAirport
    }
}

/// One flight: a take-off and a landing under one flight number (perhaps with a stop on the way).
public struct Segment: Sendable, Hashable, Codable, Identifiable {
    /// `seg_…`.
    public var id: String
    /// Departure airport.
    public var origin: Airport
    /// Arrival airport.
    public var destination: Airport
    /// Departure terminal.
    public var originTerminal: String?
    /// Arrival terminal.
    public var destinationTerminal: String?
    /// Departure, on the origin's clock.
    public var departingAt: LocalDateTime
    /// Arrival, on the destination's clock.
    public var arrivingAt: LocalDateTime
    /// Time in the air.
    public var duration: ISODuration?
    /// The airline that sells the flight number.
    public var marketingCarrier: Carrier
    /// The marketing flight number, without the airline code (`1234`).
    public var marketingCarrierFlightNumber: String
    /// The airline that flies it.
    public var operatingCarrier: Carrier
    /// The operating flight number.
    public var operatingCarrierFlightNumber: String?
    /// The aircraft.
    public var aircraft: Aircraft?
    /// Distance in kilometres, as Duffel sends it.
    public var distance: String?
    /// Landings on the way without a change of flight.
    public var stops: [Stop]
    /// Cabin and bags for each passenger on this segment.
    public var passengers: [SegmentPassenger]

    /// Creates a segment.
    public init(
        id: String, origin: Airport, destination: Airport, originTerminal: String? = nil,
        destinationTerminal: String? = nil, departingAt: LocalDateTime, arrivingAt: LocalDateTime,
        duration: ISODuration?, marketingCarrier: Carrier, marketingCarrierFlightNumber: String,
        operatingCarrier: Carrier, operatingCarrierFlightNumber: String? = nil, aircraft: Aircraft? = nil,
        distance: String? = nil, stops: [Stop] = [], passengers: [SegmentPassenger]
    ) {
        self.id = id
        self.origin = origin
        self.destination = destination
        self.originTerminal = originTerminal
        self.destinationTerminal = destinationTerminal
        self.departingAt = departingAt
        self.arrivingAt = arrivingAt
        self.duration = duration
        self.marketingCarrier = marketingCarrier
        self.marketingCarrierFlightNumber = marketingCarrierFlightNumber
        self.operatingCarrier = operatingCarrier
        self.operatingCarrierFlightNumber = operatingCarrierFlightNumber
        self.aircraft = aircraft
        self.distance = distance
        self.stops = stops
        self.passengers = passengers
    }

    /// `BA117`.
    public var flightNumber: String {
        "\(marketingCarrier.iataCode ?? "")\(marketingCarrierFlightNumber)"
    }

    /// Whether another airline flies it (a codeshare).
    public var isOperatedByAnotherCarrier: Bool {
        operatingCarrier.iataCode != marketingCarrier.iataCode || operatingCarrier.name != marketingCarrier.name
    }

    private enum CodingKeys: String, CodingKey {
        case id, origin, destination, duration, aircraft, distance, stops, passengers
        case originTerminal = "origin_terminal", destinationTerminal = "destination_terminal"
        case departingAt = "departing_at", arrivingAt = "arriving_at"
        case marketingCarrier = "marketing_carrier", marketingCarrierFlightNumber = "marketing_carrier_flight_number"
        case operatingCarrier = "operating_carrier", operatingCarrierFlightNumber = "operating_carrier_flight_number"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: where it flies from and to, and when (local times). Everything else may be unknown.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        origin = try container.decode(Airport.self, forKey: .origin)
        destination = try container.decode(Airport.self, forKey: .destination)
        departingAt = try container.decode(LocalDateTime.self, forKey: .departingAt)
        arrivingAt = try container.decode(LocalDateTime.self, forKey: .arrivingAt)
        id = container.lenientString(forKey: .id) ?? ""
        originTerminal = container.lenientString(forKey: .originTerminal)
        destinationTerminal = container.lenientString(forKey: .destinationTerminal)
        duration = container.lenient(ISODuration.self, forKey: .duration)
        let operating = container.lenient(Carrier.self, forKey: .operatingCarrier)
        marketingCarrier = container.lenient(Carrier.self, forKey: .marketingCarrier) ?? operating ?? .unknown
        marketingCarrierFlightNumber = container.lenientString(forKey: .marketingCarrierFlightNumber) ?? ""
        operatingCarrier = operating ?? marketingCarrier
        operatingCarrierFlightNumber = container.lenientString(forKey: .operatingCarrierFlightNumber)
        aircraft = container.lenient(Aircraft.self, forKey: .aircraft)
        distance = container.lenientString(forKey: .distance)
        stops = container.lossyList(Stop.self, forKey: .stops)
        passengers = container.lossyList(SegmentPassenger.self, forKey: .passengers)
    }
}

/// A landing inside a segment, without a change of flight number.
public struct Stop: Sendable, Hashable, Codable, Identifiable {
    /// `sto_…`.
    public var id: String
    /// Where it stops.
    public var airport: Airport
    /// Landing, local to the stop.
    public var arrivingAt: LocalDateTime
    /// Take-off again, local to the stop.
    public var departingAt: LocalDateTime
    /// Time on the ground.
    public var duration: ISODuration?

    /// Creates a stop.
    public init(id: String, airport: Airport, arrivingAt: LocalDateTime, departingAt: LocalDateTime, duration: ISODuration?) {
        self.id = id
        self.airport = airport
        self.arrivingAt = arrivingAt
        self.departingAt = departingAt
        self.duration = duration
    }

    private enum CodingKeys: String, CodingKey {
        case id, airport, duration
        case arrivingAt = "arriving_at", departingAt = "departing_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        airport = try container.decode(Airport.self, forKey: .airport)
        arrivingAt = try container.decode(LocalDateTime.self, forKey: .arrivingAt)
        departingAt = try container.decode(LocalDateTime.self, forKey: .departingAt)
        id = container.lenientString(forKey: .id) ?? ""
        duration = container.lenient(ISODuration.self, forKey: .duration)
    }
}

/// An airline.
public struct Carrier: Sendable, Hashable, Codable {
    /// `arl_…`.
    public var id: String?
    /// `BA`; Duffel Airways is `ZZ`.
    public var iataCode: String?
    /// `British Airways`.
    public var name: String

    /// Creates a carrier.
    public init(id: String? = nil, iataCode: String?, name: String) {
        self.id = id
        self.iataCode = iataCode
        self.name = name
    }

    /// An airline the answer did not name.
    public static let unknown = Carrier(iataCode: nil, name: "Unknown airline")

    private enum CodingKeys: String, CodingKey { case id, name, iataCode = "iata_code" }

    public init(from decoder: any Decoder) throws {
        // An airline without a name (Duffel's examples have some) is shown by its code.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientString(forKey: .id)
        iataCode = container.lenient(String.self, forKey: .iataCode)
        guard let name = container.lenient(String.self, forKey: .name) ?? iataCode else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container, debugDescription: "An airline needs a name or an IATA code")
        }
        self.name = name
    }
}

/// An aircraft type.
public struct Aircraft: Sendable, Hashable, Codable {
    /// `arc_…`.
    public var id: String?
    /// `789`.
    public var iataCode: String?
    /// `Boeing 787-9`.
    public var name: String

    /// Creates an aircraft.
    public init(id: String? = nil, iataCode: String? = nil, name: String) {
        self.id = id
        self.iataCode = iataCode
        self.name = name
    }

    private enum CodingKeys: String, CodingKey { case id, name, iataCode = "iata_code" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientString(forKey: .id)
        iataCode = container.lenientString(forKey: .iataCode)
        guard let name = container.lenient(String.self, forKey: .name) ?? iataCode else {
            throw DecodingError.dataCorruptedError(
                forKey: .name, in: container, debugDescription: "An aircraft needs a name or an IATA code")
        }
        self.name = name
    }
}

/// One passenger's cabin and bags on one segment.
public struct SegmentPassenger: Sendable, Hashable, Codable {
    /// The offer passenger this is for.
    public var passengerId: String
    /// The cabin.
    public var cabinClass: CabinClass
    /// The airline's name for the cabin.
    public var cabinClassMarketingName: String?
    /// The fare basis.
    public var fareBasisCode: String?
    /// Bags included.
    public var baggages: [Baggage]

    /// Creates a passenger's segment details.
    public init(
        passengerId: String, cabinClass: CabinClass, cabinClassMarketingName: String? = nil,
        fareBasisCode: String? = nil, baggages: [Baggage]
    ) {
        self.passengerId = passengerId
        self.cabinClass = cabinClass
        self.cabinClassMarketingName = cabinClassMarketingName
        self.fareBasisCode = fareBasisCode
        self.baggages = baggages
    }

    private enum CodingKeys: String, CodingKey {
        case baggages
        case passengerId = "passenger_id", cabinClass = "cabin_class"
        case cabinClassMarketingName = "cabin_class_marketing_name", fareBasisCode = "fare_basis_code"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        passengerId = try container.decode(String.self, forKey: .passengerId)
        cabinClass = container.lenient(CabinClass.self, forKey: .cabinClass) ?? .unknown
        cabinClassMarketingName = container.lenient(String.self, forKey: .cabinClassMarketingName)
        fareBasisCode = container.lenientString(forKey: .fareBasisCode)
        baggages = container.lossyList(Baggage.self, forKey: .baggages)
    }
}

/// Bags of one kind included for a passenger.
public struct Baggage: Sendable, Hashable, Codable {
    /// Checked or carry-on.
    public var type: BaggageType
    /// How many.
    public var quantity: Int

    /// Creates a baggage allowance.
    public init(type: BaggageType, quantity: Int) {
        self.type = type
        self.quantity = quantity
    }

    private enum CodingKeys: String, CodingKey { case type, quantity }

    public init(from decoder: any Decoder) throws {
        // A bag of an unstated kind is still a bag; a missing quantity is one.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.lenient(BaggageType.self, forKey: .type) ?? BaggageType(rawValue: "bag")
        quantity = container.lenient(Int.self, forKey: .quantity) ?? 1
    }
}

/// Duffel's bag kinds.
public struct BaggageType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// In the hold.
    public static let checked = BaggageType(rawValue: "checked")
    /// In the cabin.
    public static let carryOn = BaggageType(rawValue: "carry_on")

    /// `checked bag`, `carry-on bag`.
    public var displayName: String {
        switch self {
        case .checked: "checked bag"
        case .carryOn: "carry-on bag"
        default: rawValue.replacingOccurrences(of: "_", with: " ")
        }
    }
}

/// Refund and change rules.
public struct Conditions: Sendable, Hashable, Codable {
    /// Refund before departure; `nil` when the airline does not say.
    public var refundBeforeDeparture: Condition?
    /// Change before departure; `nil` when the airline does not say.
    public var changeBeforeDeparture: Condition?

    /// Creates conditions.
    public init(refundBeforeDeparture: Condition? = nil, changeBeforeDeparture: Condition? = nil) {
        self.refundBeforeDeparture = refundBeforeDeparture
        self.changeBeforeDeparture = changeBeforeDeparture
    }

    private enum CodingKeys: String, CodingKey {
        case refundBeforeDeparture = "refund_before_departure", changeBeforeDeparture = "change_before_departure"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        refundBeforeDeparture = container.lenient(Condition.self, forKey: .refundBeforeDeparture)
        changeBeforeDeparture = container.lenient(Condition.self, forKey: .changeBeforeDeparture)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(refundBeforeDeparture, forKey: .refundBeforeDeparture)
        try container.encode(changeBeforeDeparture, forKey: .changeBeforeDeparture)
    }
}

/// Whether something is allowed, and at what cost.
public struct Condition: Sendable, Hashable, Codable {
    /// Allowed at all.
    public var allowed: Bool
    /// The fee when allowed; `nil` when none or not stated.
    public var penalty: Money?

    /// Creates a condition.
    public init(allowed: Bool, penalty: Money? = nil) {
        self.allowed = allowed
        self.penalty = penalty
    }

    private enum CodingKeys: String, CodingKey {
        case allowed, penaltyAmount = "penalty_amount", penaltyCurrency = "penalty_currency"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        allowed = try container.decode(Bool.self, forKey: .allowed)
        penalty = container.lenientMoney(amount: .penaltyAmount, currency: .penaltyCurrency)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(allowed, forKey: .allowed)
        try container.encodeMoney(penalty, amount: .penaltyAmount, currency: .penaltyCurrency)
    }
}

/// How and when an offer must be paid.
public struct PaymentRequirements: Sendable, Hashable, Codable {
    /// Pay now (instant order) rather than hold.
    public var requiresInstantPayment: Bool
    /// For a hold: the deadline to pay.
    public var paymentRequiredBy: Date?
    /// For a hold: until when the price is guaranteed.
    public var priceGuaranteeExpiresAt: Date?

    /// Creates payment requirements.
    public init(requiresInstantPayment: Bool, paymentRequiredBy: Date? = nil, priceGuaranteeExpiresAt: Date? = nil) {
        self.requiresInstantPayment = requiresInstantPayment
        self.paymentRequiredBy = paymentRequiredBy
        self.priceGuaranteeExpiresAt = priceGuaranteeExpiresAt
    }

    private enum CodingKeys: String, CodingKey {
        case requiresInstantPayment = "requires_instant_payment", paymentRequiredBy = "payment_required_by"
        case priceGuaranteeExpiresAt = "price_guarantee_expires_at"
    }

    public init(from decoder: any Decoder) throws {
        // Unstated means pay now: holding an offer the airline will not hold fails, paying at once never does.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requiresInstantPayment = container.lenient(Bool.self, forKey: .requiresInstantPayment) ?? true
        paymentRequiredBy = container.lenient(Date.self, forKey: .paymentRequiredBy)
        priceGuaranteeExpiresAt = container.lenient(Date.self, forKey: .priceGuaranteeExpiresAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(requiresInstantPayment, forKey: .requiresInstantPayment)
        try container.encode(paymentRequiredBy, forKey: .paymentRequiredBy)
        try container.encode(priceGuaranteeExpiresAt, forKey: .priceGuaranteeExpiresAt)
    }
}

/// The answer to a search: Duffel's offer request, with its offers when asked to return them.
public struct OfferRequest: Sendable, Hashable, Codable, Identifiable {
    /// `orq_…`.
    public var id: String
    /// The legs as searched.
    public var slices: [OfferRequestSlice]
    /// The passengers, with the ids offers and orders use.
    public var passengers: [OfferPassenger]
    /// The cabin asked for.
    public var cabinClass: CabinClass?
    /// The offers, when the request was made with `return_offers=true`.
    public var offers: [Offer]
    /// When it was made.
    public var createdAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates an offer request.
    public init(
        id: String, slices: [OfferRequestSlice], passengers: [OfferPassenger], cabinClass: CabinClass?,
        offers: [Offer], createdAt: Date?, liveMode: Bool = false
    ) {
        self.id = id
        self.slices = slices
        self.passengers = passengers
        self.cabinClass = cabinClass
        self.offers = offers
        self.createdAt = createdAt
        self.liveMode = liveMode
    }

    private enum CodingKeys: String, CodingKey {
        case id, slices, passengers, offers
        case cabinClass = "cabin_class", createdAt = "created_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id (to list its offers). An offer that cannot be read is left out, not the search.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        slices = container.lossyList(OfferRequestSlice.self, forKey: .slices)
        passengers = container.lossyList(OfferPassenger.self, forKey: .passengers)
        cabinClass = container.lenient(CabinClass.self, forKey: .cabinClass)
        offers = container.lossyList(Offer.self, forKey: .offers)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }
}

/// A leg of an offer request, as the server understood it.
public struct OfferRequestSlice: Sendable, Hashable, Codable {
    /// The resolved origin.
    public var origin: Place
    /// The resolved destination.
    public var destination: Place
    /// The day of departure.
    public var departureDate: CalendarDate

    /// Creates a slice of an offer request.
    public init(origin: Place, destination: Place, departureDate: CalendarDate) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
    }

    private enum CodingKeys: String, CodingKey {
        case origin, destination, departureDate = "departure_date"
    }
}
