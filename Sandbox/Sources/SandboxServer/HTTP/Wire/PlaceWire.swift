import AirportData
import Entities
import Foundation

/// An airport or a city with every field Duffel lists: an id, the ICAO code, coordinates and time zone (`null`
/// where there is none), the metropolitan area an airport belongs to (`city`), a city's airports. Facts the entity
/// leaves out (an airport's ICAO code on a slice, its metropolitan area) come from the sandbox's world.
struct PlaceWire: Encodable {
    let kind: String
    let id: String?
    let iataCode: String
    let icaoCode: String?
    let name: String
    let cityName: String?
    let iataCityCode: String?
    let iataCountryCode: String
    let timeZone: String?
    let latitude: Double?
    let longitude: Double?
    /// A city's airports; `nil` for an airport.
    let airports: [Airport]?

    init(place: Place) {
        kind = place.kind.rawValue
        id = place.id
        iataCode = place.iataCode
        icaoCode = nil
        name = place.name
        cityName = place.cityName
        iataCityCode = place.iataCityCode
        iataCountryCode = place.iataCountryCode
        timeZone = place.timeZone
        latitude = place.latitude
        longitude = place.longitude
        airports = place.kind == .city ? place.airports : nil
    }

    init(airport: Airport) {
        kind = Place.Kind.airport.rawValue
        id = airport.id
        iataCode = airport.iataCode
        icaoCode = airport.icaoCode
        name = airport.name
        cityName = airport.cityName
        iataCityCode = airport.iataCityCode
        iataCountryCode = airport.iataCountryCode
        timeZone = airport.timeZone
        latitude = airport.latitude
        longitude = airport.longitude
        airports = nil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        let city = kind == Place.Kind.city.rawValue
        try container.put("type", kind)
        try container.put("id", id ?? "\(city ? "cit" : "arp")_\(iataCode.lowercased())_\(iataCountryCode.lowercased())")
        try container.put("iata_code", iataCode)
        try container.put("name", name)
        try container.put("iata_country_code", iataCountryCode)
        try container.put("iata_city_code", iataCityCode)
        try container.put("city_name", cityName)
        try container.put("time_zone", timeZone)
        try container.put("latitude", latitude)
        try container.put("longitude", longitude)
        if let airports {
            try container.putNull("icao_code", "city")
            try container.putList("airports", airports) { PlaceWire(airport: $0) }
            return
        }
        let known = WorldMap.shared.airport(iataCode)?.wire
        try container.put("icao_code", icaoCode ?? known?.icaoCode)
        try container.putNull("airports")
        let metropolitan = (iataCityCode ?? known?.iataCityCode).flatMap(WorldMap.shared.city)
        try container.put("city", metropolitan.map(MetropolitanAreaWire.init))
    }
}

/// A metropolitan area as Duffel nests it in an airport: the place fields a city has no value for are `null`.
struct MetropolitanAreaWire: Encodable {
    let record: CityRecord

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("type", Place.Kind.city.rawValue)
        try container.put("id", "cit_\(record.iataCode.lowercased())_\(record.countryCode.lowercased())")
        try container.put("iata_code", record.iataCode)
        try container.put("iata_country_code", record.countryCode)
        try container.put("name", record.name)
        try container.putNull("city_name", "iata_city_code", "icao_code", "latitude", "longitude", "time_zone")
    }
}

/// An airline, with the logos and conditions of carriage Duffel lists (`null`: the sandbox has none).
struct CarrierWire: Encodable {
    let carrier: Carrier

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", carrier.id ?? "arl_" + (carrier.iataCode ?? "unknown").lowercased())
        try container.put("name", carrier.name)
        try container.put("iata_code", carrier.iataCode)
        try container.putNull("logo_symbol_url", "logo_lockup_url", "conditions_of_carriage_url")
    }
}

/// An aircraft type, with an id.
struct AircraftWire: Encodable {
    let aircraft: Aircraft

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        try container.put("id", aircraft.id ?? "arc_" + (aircraft.iataCode ?? "unknown").lowercased())
        try container.put("iata_code", aircraft.iataCode)
        try container.put("name", aircraft.name)
    }
}
