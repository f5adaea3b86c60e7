import Foundation

/// What a traveller asks for: the legs, who flies, in which cabin, with how many connections at most.
/// Its `Codable` form is the body of Duffel's `POST /air/offer_requests`.
public struct SearchRequest: Sendable, Hashable, Codable {
    /// One leg per slice: one for one way, two for a round trip, up to four for multi-city.
    public var slices: [SearchSlice]
    /// Who flies.
    public var passengers: [PassengerSpec]
    /// The cabin, or `nil` for any.
    public var cabinClass: CabinClass?
    /// 0 for direct flights only; `nil` for Duffel's default (1).
    public var maxConnections: Int?

    /// Creates a request.
    public init(
        slices: [SearchSlice], passengers: [PassengerSpec], cabinClass: CabinClass? = nil, maxConnections: Int? = nil
    ) {
        self.slices = slices
        self.passengers = passengers
        self.cabinClass = cabinClass
        self.maxConnections = maxConnections
    }

    /// The kind of trip the slices make.
    public var tripKind: TripKind {
        switch slices.count {
        case 1: return .oneWay
        case 2 where slices[0].origin == slices[1].destination && slices[0].destination == slices[1].origin:
            return .roundTrip
        default: return .multiCity
        }
    }

    /// The same request with its first slice departing on `date` and later slices shifted by as many days,
    /// for a flexible-dates search.
    public func shifted(toDepartOn date: CalendarDate) -> SearchRequest {
        guard let first = slices.first else { return self }
        let shift = first.departureDate.days(until: date)
        var copy = self
        copy.slices = slices.map { slice in
            var moved = slice
            moved.departureDate = slice.departureDate.adding(days: shift)
            return moved
        }
        return copy
    }

    private enum CodingKeys: String, CodingKey {
        case slices, passengers
        case cabinClass = "cabin_class", maxConnections = "max_connections"
    }
}

/// How the legs of a search fit together.
public enum TripKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// One leg.
    case oneWay = "one_way"
    /// Out and back between the same two places.
    case roundTrip = "round_trip"
    /// Any other sequence of legs.
    case multiCity = "multi_city"
}

/// One leg of a search.
public struct SearchSlice: Sendable, Hashable, Codable {
    /// IATA code of an airport or a city (`LHR`, `LON`).
    public var origin: String
    /// IATA code of an airport or a city.
    public var destination: String
    /// The day of departure, local to the origin.
    public var departureDate: CalendarDate
    /// Only flights departing in this window.
    public var departureTime: TimeWindow?
    /// Only flights arriving in this window.
    public var arrivalTime: TimeWindow?

    /// Creates a leg.
    public init(
        origin: String, destination: String, departureDate: CalendarDate,
        departureTime: TimeWindow? = nil, arrivalTime: TimeWindow? = nil
    ) {
        self.origin = origin
        self.destination = destination
        self.departureDate = departureDate
        self.departureTime = departureTime
        self.arrivalTime = arrivalTime
    }

    private enum CodingKeys: String, CodingKey {
        case origin, destination
        case departureDate = "departure_date", departureTime = "departure_time", arrivalTime = "arrival_time"
    }
}

/// A passenger in a search. Adults are sent by type; anyone under 18 by age, never both; an infant on a lap by
/// type `infant_without_seat`.
public enum PassengerSpec: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 18 or older.
    case adult
    /// Under 18, with their own seat: sent by age (0 to 17).
    case child(age: Int)
    /// Under 2, on an adult's lap.
    case infantOnLap

    /// The passenger type Duffel assigns.
    public var type: PassengerType {
        switch self {
        case .adult: .adult
        case .child: .child
        case .infantOnLap: .infantWithoutSeat
        }
    }

    /// `adult`, `child (8)`, `infant on lap`.
    public var description: String {
        switch self {
        case .adult: "adult"
        case .child(let age): "child (\(age))"
        case .infantOnLap: "infant on lap"
        }
    }

    private enum CodingKeys: String, CodingKey { case type, age }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decodeIfPresent(PassengerType.self, forKey: .type)
        let age = try container.decodeIfPresent(Int.self, forKey: .age)
        switch (type, age) {
        case (nil, let age?): self = age >= 18 ? .adult : .child(age: age)
        case (.adult?, nil): self = .adult
        case (.infantWithoutSeat?, nil): self = .infantOnLap
        case (.child?, nil):
            throw DecodingError.dataCorruptedError(
                forKey: .age, in: container, debugDescription: "A child is sent by age, not by type")
        case (_?, _?):
            throw DecodingError.dataCorruptedError(
                forKey: .age, in: container, debugDescription: "A passenger has either a type or an age, not both")
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "A passenger needs a type or an age")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .adult: try container.encode(PassengerType.adult, forKey: .type)
        case .child(let age): try container.encode(age, forKey: .age)
        case .infantOnLap: try container.encode(PassengerType.infantWithoutSeat, forKey: .type)
        }
    }
}

/// Duffel's passenger type.
public struct PassengerType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 18 or older.
    public static let adult = PassengerType(rawValue: "adult")
    /// Under 18 with a seat.
    public static let child = PassengerType(rawValue: "child")
    /// Under 2 on a lap.
    public static let infantWithoutSeat = PassengerType(rawValue: "infant_without_seat")

    /// `Adult`, `Child`, `Infant`.
    public var displayName: String {
        switch self {
        case .adult: "Adult"
        case .child: "Child"
        case .infantWithoutSeat: "Infant"
        default: rawValue.replacingOccurrences(of: "_", with: " ").capitalized
        }
    }
}

/// The cabin a passenger sits in.
public struct CabinClass: WireToken, CaseIterable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Economy.
    public static let economy = CabinClass(rawValue: "economy")
    /// Premium economy.
    public static let premiumEconomy = CabinClass(rawValue: "premium_economy")
    /// Business.
    public static let business = CabinClass(rawValue: "business")
    /// First.
    public static let first = CabinClass(rawValue: "first")
    /// A cabin the answer did not name.
    public static let unknown = CabinClass(rawValue: "unknown")

    /// The cabins Duffel knows, cheapest first.
    public static let allCases: [CabinClass] = [.economy, .premiumEconomy, .business, .first]

    /// The cabin a traveller typed: its name or Duffel's, in any case, the start of it enough (`premium`,
    /// `business`, `premium_economy`); `nil` for anything else, an empty text included.
    public init?(typed text: String) {
        let typed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !typed.isEmpty, let cabin = CabinClass.allCases.first(where: {
            $0.rawValue.hasPrefix(typed) || $0.displayName.lowercased().hasPrefix(typed)
        }) else { return nil }
        self = cabin
    }

    /// `Economy`, `Premium economy`, …
    public var displayName: String {
        switch self {
        case .economy: "Economy"
        case .premiumEconomy: "Premium economy"
        case .business: "Business"
        case .first: "First"
        default: rawValue.replacingOccurrences(of: "_", with: " ").capitalized
        }
    }
}
