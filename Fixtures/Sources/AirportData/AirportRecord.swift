/// An airport that has an IATA location code, as the world's reference data describes it.
///
/// Coordinates are WGS 84 degrees; `timeZone` is the IANA identifier in which the airport's
/// local times (such as a Duffel segment's `departing_at`) are expressed.
public struct AirportRecord: Sendable, Hashable {
    /// The three-letter IATA location code, upper case (`"LHR"`).
    public let iataCode: String
    /// The four-character ICAO location indicator (`"EGLL"`), when one is known.
    public let icaoCode: String?
    /// The airport's name (`"London Heathrow Airport"`).
    public let name: String
    /// The city or place the airport serves (`"London"`).
    public let city: String
    /// The state, province or region, when known (`"England"`).
    public let subdivision: String?
    /// The ISO 3166-1 alpha-2 country code, upper case (`"GB"`; `"XK"` for Kosovo).
    public let countryCode: String
    /// The IANA time zone identifier (`"Europe/London"`).
    public let timeZone: String
    /// Latitude in degrees, north positive.
    public let latitude: Double
    /// Longitude in degrees, east positive.
    public let longitude: Double

    /// Creates a record; the directory builds these from its data, tests and fixtures may build their own.
    public init(
        iataCode: String,
        icaoCode: String?,
        name: String,
        city: String,
        subdivision: String?,
        countryCode: String,
        timeZone: String,
        latitude: Double,
        longitude: Double
    ) {
        self.iataCode = iataCode
        self.icaoCode = icaoCode
        self.name = name
        self.city = city
        self.subdivision = subdivision
        self.countryCode = countryCode
        self.timeZone = timeZone
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// An IATA metropolitan (multi-airport) city code, such as `LON` or `NYC`, with its airports.
public struct CityRecord: Sendable, Hashable {
    /// The three-letter IATA city code, upper case (`"LON"`).
    public let iataCode: String
    /// The city's name (`"London"`).
    public let name: String
    /// The ISO 3166-1 alpha-2 country code, upper case.
    public let countryCode: String
    /// The city's airports: those in the city itself first, then the wider area, each group busiest first.
    public let airports: [AirportRecord]

    /// Creates a record; the directory builds these from its data, tests and fixtures may build their own.
    public init(iataCode: String, name: String, countryCode: String, airports: [AirportRecord]) {
        self.iataCode = iataCode
        self.name = name
        self.countryCode = countryCode
        self.airports = airports
    }
}

/// One entry of a place suggestion list: a city (whose airports follow it in the list) or an airport.
public enum PlaceMatch: Sendable, Hashable {
    /// An IATA metropolitan city, with all its airports.
    case city(CityRecord)
    /// A single airport.
    case airport(AirportRecord)

    /// The IATA code of the city or airport.
    public var iataCode: String {
        switch self {
        case .city(let city): city.iataCode
        case .airport(let airport): airport.iataCode
        }
    }
}
