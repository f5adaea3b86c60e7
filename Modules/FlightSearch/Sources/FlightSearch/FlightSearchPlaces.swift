import Entities
import Trips
import Foundation

/// Which place typed text names: at once for a code in capitals, without asking in unattended mode.
enum FlightSearchPlaces {
    /// Suggestion lists longer than this stop helping: the place the traveller means is near the top or needs
    /// more letters.
    static let suggestionLimit = 10

    /// `places` as Duffel writes them, a JSON array (pretty, keys sorted, so scripts and diffs see a stable text).
    static func json(_ places: [Place]) -> String? {
        guard let data = try? DuffelJSON.encoder(pretty: true).encode(places) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The columns of a list of places.
    static let columns = ["Place", "Code", "City", "Country"]

    /// A place as a row of a list: `London (all airports)`, `LON`, `London`, `United Kingdom`.
    static func row(_ place: Place) -> [String] {
        let chosen = ChosenPlace(place)
        let name = place.kind == .city ? "\(place.name) (all airports)" : place.name
        return [name, place.iataCode, chosen.cityName ?? "", chosen.country]
    }
}
