import AirportData
import Entities
import Foundation

/// An airport or a city with every field Duffel lists: an id, the ICAO code, coordinates and time zone (`null`
/// where there is none), the metropolitan area an airport belongs to (`city`), a city's airports. Facts the entity
/// leaves out (an airport's ICAO code on a slice, its metropolitan area) come from the sandbox's world.
struct PlaceWire: Encodable {
    let place: Place
    /// The ICAO code an airport entity carries; the world's otherwise.
    let icaoCode: String?

    init(place: Place) {
        self.place = place
        icaoCode = nil
    }

    init(airport: Airport) {
        place = Place(airport)
        icaoCode = airport.icaoCode
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        let code = place.iataCode
        try container.put("type", place.kind.rawValue)
        try container.put(
            "id", place.id ?? "\(place.kind == .city ? "cit" : "arp")_\(code.lowercased())_\(place.iataCountryCode.lowercased())")
        try container.put("iata_code", code)
        try container.put("name", place.name)
        try container.put("iata_country_code", place.iataCountryCode)
        try container.put("iata_city_code", place.iataCityCode)
        try container.put("city_name", place.cityName)
        try container.put("time_zone", place.timeZone)
        try container.put("latitude", place.latitude)
        try container.put("longitude", place.longitude)
        if place.kind == .city {
            try container.putNull("icao_code", "city")
            try container.putList("airports", place.airports) { PlaceWire(airport: $0) }
            return
        }
        let known = WorldMap.shared.airport(code)?.wire
        try container.put("icao_code", icaoCode ?? known?.icaoCode)
        try container.putNull("airports")
        let metropolitan = (place.iataCityCode ?? known?.iataCityCode).flatMap(WorldMap.shared.city)
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
