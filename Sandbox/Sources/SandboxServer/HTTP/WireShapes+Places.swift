import AirportData
import Foundation

/// Places, airlines and aircraft with every field Duffel lists: ids, ICAO codes, coordinates and time zones on
/// places, the metropolitan area an airport belongs to (`city`), a city's airports, logos on airlines.
extension WireShapes {
    func place(_ object: [String: Any]) -> [String: Any] {
        let iataCode = object["iata_code"] as? String ?? ""
        let country = (object["iata_country_code"] as? String ?? "").lowercased()
        let type = object["type"] as? String ?? "airport"
        var completed = filled(object, [
            "type": type, "id": (type == "city" ? "cit_" : "arp_") + iataCode.lowercased() + "_" + country,
            "iata_city_code": null, "city_name": null, "latitude": null, "longitude": null, "time_zone": null,
        ])
        if type == "city" {
            completed = filled(completed, ["icao_code": null, "city": null])
            completed["airports"] = list(object["airports"], place)
            return completed
        }
        // An airport: the ICAO code the slice's encoding leaves out, and its metropolitan area when it has one.
        let known = world.airport(iataCode)?.wire
        completed = filled(completed, ["icao_code": (known?.icaoCode).map { $0 as Any } ?? null, "airports": null])
        if completed["city"] == nil {
            let cityCode = object["iata_city_code"] as? String ?? known?.iataCityCode
            completed["city"] = cityCode.flatMap(world.city).map(city) ?? null
        }
        return completed
    }

    /// A metropolitan area as Duffel nests it in an airport: the place fields a city has no value for are `null`.
    private func city(_ record: CityRecord) -> [String: Any] {
        [
            "type": "city", "id": "cit_\(record.iataCode.lowercased())_\(record.countryCode.lowercased())",
            "iata_code": record.iataCode, "iata_country_code": record.countryCode, "name": record.name,
            "city_name": null, "iata_city_code": null, "icao_code": null, "latitude": null, "longitude": null,
            "time_zone": null,
        ]
    }

    func airline(_ object: [String: Any]) -> [String: Any] {
        let code = object["iata_code"] as? String
        return filled(object, [
            "id": "arl_" + (code ?? "unknown").lowercased(), "name": code ?? "Unknown airline", "iata_code": null,
            "logo_symbol_url": null, "logo_lockup_url": null, "conditions_of_carriage_url": null,
        ])
    }

    func aircraft(_ object: [String: Any]) -> [String: Any] {
        let code = object["iata_code"] as? String
        return filled(object, ["id": "arc_" + (code ?? "unknown").lowercased(), "iata_code": null, "name": null])
    }
}
