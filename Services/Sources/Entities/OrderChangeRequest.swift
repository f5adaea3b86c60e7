public import Foundation

/// A request to change a paid order (`POST /air/order_change_requests`): the slices to take out, the search for the
/// slices to put in, and the airline's answers, the change offers.
public struct OrderChangeRequest: Sendable, Hashable, Codable, Identifiable {
    /// `ocr_…`.
    public var id: String
    /// The order to change; empty when the answer did not say (the caller knows which order it asked about).
    public var orderId: String
    /// What was asked: the slices to remove and the search for the new ones, as sent.
    public var slices: OrderChangeRequestSlices
    /// The airline's answers: the new flights and what moving to them costs.
    public var orderChangeOffers: [OrderChangeOffer]
    /// When it was made.
    public var createdAt: Date?
    /// When it last changed.
    public var updatedAt: Date?
    /// `false` in test mode.
    public var liveMode: Bool

    /// Creates a request.
    public init(
        id: String, orderId: String, slices: OrderChangeRequestSlices, orderChangeOffers: [OrderChangeOffer],
        createdAt: Date?, updatedAt: Date?, liveMode: Bool = false
    ) {
        self.id = id
        self.orderId = orderId
        self.slices = slices
        self.orderChangeOffers = orderChangeOffers
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.liveMode = liveMode
    }

    private enum CodingKeys: String, CodingKey {
        case id, slices
        case orderId = "order_id", orderChangeOffers = "order_change_offers"
        case createdAt = "created_at", updatedAt = "updated_at", liveMode = "live_mode"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the id. The echo of what was asked reads as empty when odd; an offer that cannot be read is
        // left out, not the others.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        orderId = container.lenientString(forKey: .orderId) ?? ""
        slices = container.lenient(OrderChangeRequestSlices.self, forKey: .slices) ?? OrderChangeRequestSlices()
        orderChangeOffers = container.lossyList(OrderChangeOffer.self, forKey: .orderChangeOffers)
        createdAt = container.lenient(Date.self, forKey: .createdAt)
        updatedAt = container.lenient(Date.self, forKey: .updatedAt)
        liveMode = container.lenient(Bool.self, forKey: .liveMode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(orderId, forKey: .orderId)
        try container.encode(slices, forKey: .slices)
        try container.encode(orderChangeOffers, forKey: .orderChangeOffers)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(liveMode, forKey: .liveMode)
    }
}

/// The slices of a change request: those to take out of the order, by id, and a search for each to put in.
public struct OrderChangeRequestSlices: Sendable, Hashable, Codable {
    /// The new slices to look for.
    public var add: [OrderChangeSliceToAdd]
    /// The order's slices to take out.
    public var remove: [OrderChangeSliceToRemove]

    /// Creates the slices of a request.
    public init(add: [OrderChangeSliceToAdd] = [], remove: [OrderChangeSliceToRemove] = []) {
        self.add = add
        self.remove = remove
    }

    private enum CodingKeys: String, CodingKey { case add, remove }

    public init(from decoder: any Decoder) throws {
        // Read whole or not at all: as a request body, a slice that cannot be read is an error naming its field.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        add = try container.decodeIfPresent([OrderChangeSliceToAdd].self, forKey: .add) ?? []
        remove = try container.decodeIfPresent([OrderChangeSliceToRemove].self, forKey: .remove) ?? []
    }
}

/// A search for a slice to put into the order: where, which day, which cabin.
public struct OrderChangeSliceToAdd: Sendable, Hashable, Codable {
    /// IATA code of an airport or a city.
    public var origin: String
    /// IATA code of an airport or a city.
    public var destination: String
    /// The day of departure, local to the origin.
    public var departureDate: CalendarDate
    /// The cabin; every new slice of one request flies in the same cabin.
    public var cabinClass: CabinClass?

    /// Creates a slice to search for.
    public init(origin: String, destination: String, departureDate: CalendarDate, cabinClass: CabinClass?) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.cabinClass = cabinClass
    }

    private enum CodingKeys: String, CodingKey {
        case origin, destination
        case departureDate = "departure_date", cabinClass = "cabin_class"
    }

    public init(from decoder: any Decoder) throws {
        // Duffel sends codes; its JavaScript example echoes whole places, read by their `iata_code`.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        origin = try container.lenient(PlaceCode.self, forKey: .origin)?.iataCode
            ?? container.decode(String.self, forKey: .origin)
        destination = try container.lenient(PlaceCode.self, forKey: .destination)?.iataCode
            ?? container.decode(String.self, forKey: .destination)
        departureDate = try container.decode(CalendarDate.self, forKey: .departureDate)
        cabinClass = try container.decodeIfPresent(CabinClass.self, forKey: .cabinClass)
    }

    private struct PlaceCode: Decodable {
        let iataCode: String
        private enum CodingKeys: String, CodingKey { case iataCode = "iata_code" }
    }
}

/// A slice of the order to take out.
public struct OrderChangeSliceToRemove: Sendable, Hashable, Codable {
    /// The order's slice, `sli_…`.
    public var sliceId: String

    /// Names a slice to take out.
    public init(sliceId: String) { self.sliceId = sliceId }

    private enum CodingKeys: String, CodingKey { case sliceId = "slice_id" }
}

/// The body of `POST /air/order_change_requests`.
public struct OrderChangeRequestCreation: Sendable, Hashable, Codable {
    /// The paid order to change, `ord_…`.
    public var orderId: String
    /// The slices to take out and the searches for the new ones.
    public var slices: OrderChangeRequestSlices

    /// Creates a change request body.
    public init(orderId: String, slices: OrderChangeRequestSlices) {
        self.orderId = orderId
        self.slices = slices
    }

    private enum CodingKeys: String, CodingKey { case orderId = "order_id", slices }
}
