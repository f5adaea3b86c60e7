public import Foundation

/// An airport as Duffel describes it inside segments, stops and place suggestions.
public struct Airport: Sendable, Hashable, Codable, Identifiable {
    /// Duffel's id (`arp_lhr_gb`); absent in some payloads.
    public var id: String?
    /// The IATA code, `LHR`.
    public var iataCode: String
    /// The ICAO code, `EGLL`.
    public var icaoCode: String?
    /// `Heathrow Airport`.
    public var name: String
    /// The city it serves, `London`.
    public var cityName: String?
    /// The IATA code of its metropolitan city, `LON`, when it has one.
    public var iataCityCode: String?
    /// ISO 3166-1 alpha-2, `GB`.
    public var iataCountryCode: String
    /// The IANA time zone its clocks show, `Europe/London`. Segment times are local to it.
    public var timeZone: String
    /// Degrees north.
    public var latitude: Double?
    /// Degrees east.
    public var longitude: Double?

    /// Creates an airport.
    public init(
        id: String? = nil, iataCode: String, icaoCode: String? = nil, name: String, cityName: String? = nil,
        iataCityCode: String? = nil, iataCountryCode: String, timeZone: String,
        latitude: Double? = nil, longitude: Double? = nil
    ) {
        self.id = id
        self.iataCode = iataCode
        self.icaoCode = icaoCode
        self.name = name
        self.cityName = cityName
        self.iataCityCode = iataCityCode
        self.iataCountryCode = iataCountryCode
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The time zone, falling back to UTC for an identifier this system does not know.
    public var zone: TimeZone { TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current }

    private enum CodingKeys: String, CodingKey {
        case id, name, latitude, longitude
        case iataCode = "iata_code", icaoCode = "icao_code", cityName = "city_name", iataCityCode = "iata_city_code"
        case iataCountryCode = "iata_country_code", timeZone = "time_zone", type
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the IATA code. A missing name reads as the city's name or the code; a missing country or time
        // zone as unknown (empty; times then read on UTC's clock, and Duffel's own durations are used).
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iataCode = try container.decode(String.self, forKey: .iataCode)
        id = container.lenientString(forKey: .id)
        icaoCode = container.lenient(String.self, forKey: .icaoCode)
        cityName = container.lenient(String.self, forKey: .cityName)
        name = container.lenient(String.self, forKey: .name) ?? cityName ?? iataCode
        iataCityCode = container.lenient(String.self, forKey: .iataCityCode)
        iataCountryCode = container.lenient(String.self, forKey: .iataCountryCode) ?? ""
        timeZone = container.lenient(String.self, forKey: .timeZone) ?? ""
        latitude = container.lenient(Double.self, forKey: .latitude)
        longitude = container.lenient(Double.self, forKey: .longitude)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("airport", forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(iataCode, forKey: .iataCode)
        try container.encodeIfPresent(icaoCode, forKey: .icaoCode)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(cityName, forKey: .cityName)
        try container.encodeIfPresent(iataCityCode, forKey: .iataCityCode)
        try container.encode(iataCountryCode, forKey: .iataCountryCode)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(latitude, forKey: .latitude)
        try container.encodeIfPresent(longitude, forKey: .longitude)
    }
}

/// A place a traveller can fly from or to: an airport, or a city with several airports (London, `LON`).
/// It is what place suggestions return and what a slice's origin and destination are.
public struct Place: Sendable, Hashable, Codable, Identifiable {
    /// Whether a place is one airport or a city.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// One airport.
        case airport
        /// A city, with its airports.
        case city
    }

    /// Airport or city.
    public var kind: Kind
    /// Duffel's id (`arp_lhr_gb`, `cit_lon_gb`).
    public var id: String?
    /// The IATA code of the airport or the city.
    public var iataCode: String
    /// The airport's or the city's name.
    public var name: String
    /// ISO 3166-1 alpha-2.
    public var iataCountryCode: String
    /// For an airport: the city it serves.
    public var cityName: String?
    /// For an airport: its metropolitan city's IATA code.
    public var iataCityCode: String?
    /// For an airport: its IANA time zone.
    public var timeZone: String?
    /// Degrees north.
    public var latitude: Double?
    /// Degrees east.
    public var longitude: Double?
    /// For a city: its airports.
    public var airports: [Airport]

    /// Creates a place.
    public init(
        kind: Kind, id: String? = nil, iataCode: String, name: String, iataCountryCode: String,
        cityName: String? = nil, iataCityCode: String? = nil, timeZone: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil, airports: [Airport] = []
    ) {
        self.kind = kind
        self.id = id
        self.iataCode = iataCode
        self.name = name
        self.iataCountryCode = iataCountryCode
        self.cityName = cityName
        self.iataCityCode = iataCityCode
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
        self.airports = airports
    }

    /// The place for one airport.
    public init(_ airport: Airport) {
        self.init(
            kind: .airport, id: airport.id, iataCode: airport.iataCode, name: airport.name,
            iataCountryCode: airport.iataCountryCode, cityName: airport.cityName, iataCityCode: airport.iataCityCode,
            timeZone: airport.timeZone, latitude: airport.latitude, longitude: airport.longitude)
    }

    /// The airport this place is, when it is one and its time zone is known.
    public var airport: Airport? {
        guard kind == .airport, let timeZone, !timeZone.isEmpty else { return nil }
        return Airport(
            id: id, iataCode: iataCode, name: name, cityName: cityName, iataCityCode: iataCityCode,
            iataCountryCode: iataCountryCode, timeZone: timeZone, latitude: latitude, longitude: longitude)
    }

    private enum CodingKeys: String, CodingKey {
        case type, id, name, latitude, longitude, airports
        case iataCode = "iata_code", iataCountryCode = "iata_country_code", cityName = "city_name"
        case iataCityCode = "iata_city_code", timeZone = "time_zone"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the IATA code. Everything else may be unknown, as for an airport.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iataCode = try container.decode(String.self, forKey: .iataCode)
        let airports = container.lossyList(Airport.self, forKey: .airports)
        // Duffel sometimes omits `type` on slice ends (or sends one we do not know); a place with airports is a city.
        kind = container.lenient(Kind.self, forKey: .type) ?? (airports.isEmpty ? .airport : .city)
        id = container.lenientString(forKey: .id)
        cityName = container.lenient(String.self, forKey: .cityName)
        name = container.lenient(String.self, forKey: .name) ?? cityName ?? iataCode
        iataCountryCode = container.lenient(String.self, forKey: .iataCountryCode) ?? ""
        iataCityCode = container.lenient(String.self, forKey: .iataCityCode)
        timeZone = container.lenient(String.self, forKey: .timeZone)
        latitude = container.lenient(Double.self, forKey: .latitude)
        longitude = container.lenient(Double.self, forKey: .longitude)
        self.airports = airports
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(iataCode, forKey: .iataCode)
        try container.encode(name, forKey: .name)
        try container.encode(iataCountryCode, forKey: .iataCountryCode)
        try container.encodeIfPresent(cityName, forKey: .cityName)
        try container.encodeIfPresent(iataCityCode, forKey: .iataCityCode)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(latitude, forKey: .latitude)
        try container.encodeIfPresent(longitude, forKey: .longitude)
        if kind == .city { try container.encode(airports, forKey: .airports) }
    }
}
