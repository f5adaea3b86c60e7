import Entities
import Foundation

/// Which place typed text names: at once for a code in capitals, without asking in unattended mode.
enum FlightSearchPlaces {
    /// Suggestion lists longer than this stop helping: the place the traveller means is near the top or needs
    /// more letters.
    static let suggestionLimit = 10

    /// The place `text` names when it is a code typed in capitals (`JFK`, `LON`) that the suggestions hold. Typed in
    /// lower case (`lon`) it is a search like any other, so the traveller sees what else matches.
    static func exactCode(_ text: String, in places: [Place]) -> Place? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard BookingRules.isIATACode(trimmed) else { return nil }
        return places.first { $0.iataCode == trimmed }
    }

    /// The place `text` names without asking, for unattended mode: a code in any case, the only place (or one city
    /// with its airports) suggested, or a best suggestion whose name is what was typed and shared by no other.
    static func unambiguousMatch(_ text: String, in places: [Place]) -> Place? {
        let query = PlaceText.normalized(text)
        guard let best = places.first, !query.isEmpty else { return nil }
        if query.count == 3, let coded = places.first(where: { $0.iataCode.lowercased() == query }) {
            return coded
        }
        if query.count == 3, let city = places.first(where: { $0.airports.contains { $0.iataCode.lowercased() == query } }),
           let airport = city.airports.first(where: { $0.iataCode.lowercased() == query }) {
            return Place(airport)
        }
        // A code typed in capitals that no suggestion holds names none of them.
        if BookingRules.isIATACode(text.trimmingCharacters(in: .whitespaces)) { return nil }
        let group = PlaceGroup(best)
        let outsiders = places.dropFirst().filter { !group.contains($0) }
        if outsiders.isEmpty { return best }
        let names = PlaceText.names(of: best)
        guard names.contains(query) else { return nil }
        let rivals = outsiders.filter { PlaceText.names(of: $0).contains(query) }
        switch best.kind {
        case .city:
            // A metropolitan city outranks an airport that merely lies in a town of the same name.
            return rivals.contains { $0.kind == .city } ? nil : best
        case .airport:
            return rivals.isEmpty ? best : nil
        }
    }

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


/// Comparing what was typed with place names: case, accents and spacing do not count.
enum PlaceText {
    static func normalized(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en"))
            .lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "/" })
            .joined(separator: " ")
    }

    /// The names a traveller may type for a place: a city's name; an airport's name with and without words such
    /// as "airport", and the city it serves.
    static func names(of place: Place) -> Set<String> {
        var names: Set<String> = [normalized(place.name)]
        if place.kind == .airport {
            let generic: Set<String> = ["airport", "international", "intl"]
            names.insert(normalized(place.name).split(separator: " ").filter { !generic.contains(String($0)) }
                .joined(separator: " "))
            if let city = place.cityName { names.insert(normalized(city)) }
        }
        return names
    }
}

/// A city and the airports that belong to it, as suggestions list them together.
struct PlaceGroup {
    let code: String
    let airportCodes: Set<String>

    init(_ head: Place) {
        code = head.kind == .city ? head.iataCode : (head.iataCityCode ?? head.iataCode)
        airportCodes = Set(head.airports.map(\.iataCode))
    }

    func contains(_ place: Place) -> Bool {
        place.iataCode == code || place.iataCityCode == code || airportCodes.contains(place.iataCode)
    }
}
