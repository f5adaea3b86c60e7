import Entities
import Foundation
import Services

/// This team's own place service: a handful of airports in memory, no network. FlightSearch asks it for what the
/// traveller types in the From and To fields.
struct TinyPlaceService: PlaceService {
    static let airports = [
        Airport(
            iataCode: "LHR", name: "Heathrow Airport", cityName: "London", iataCityCode: "LON",
            iataCountryCode: "GB", timeZone: "Europe/London"),
        Airport(
            iataCode: "LGW", name: "Gatwick Airport", cityName: "London", iataCityCode: "LON",
            iataCountryCode: "GB", timeZone: "Europe/London"),
        Airport(
            iataCode: "JFK", name: "John F. Kennedy International Airport", cityName: "New York",
            iataCityCode: "NYC", iataCountryCode: "US", timeZone: "America/New_York"),
        Airport(
            iataCode: "CDG", name: "Charles de Gaulle Airport", cityName: "Paris", iataCityCode: "PAR",
            iataCountryCode: "FR", timeZone: "Europe/Paris"),
    ]

    func suggestions(for query: String) async throws(ServiceError) -> [Place] {
        let text = query.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty else { return [] }
        return Self.airports
            .filter { airport in
                airport.iataCode.lowercased() == text || airport.name.lowercased().contains(text)
                    || (airport.cityName ?? "").lowercased().hasPrefix(text)
            }
            .map(Place.init)
    }
}
