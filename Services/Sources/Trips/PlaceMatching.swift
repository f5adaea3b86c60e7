public import Entities
import Foundation

/// Which place typed text names without asking: a code in capitals the suggestions hold, or the one place a name
/// can mean. What a search means starts here: a screen asks when this finds none, a command or a tool says why.
public enum PlaceMatching {
    /// The place `text` names when it is a code typed in capitals (`JFK`, `LON`) that the suggestions hold. Typed in
    /// lower case (`lon`) it is a search like any other, so the traveller sees what else matches.
    public static func exactCode(_ text: String, in places: [Place]) -> Place? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard BookingRules.isIATACode(trimmed) else { return nil }
        return places.first { $0.iataCode == trimmed }
    }

    /// The place `text` names without asking, for unattended mode: a code in any case, the only place (or one city
    /// with its airports) suggested, or a best suggestion whose name is what was typed and shared by no other.
    public static func unambiguousMatch(_ text: String, in places: [Place]) -> Place? {
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

    /// The place `text` names among `found` (the place service's suggestions for it), or why it names none: the
    /// problem in words that say what to type instead.
    public static func resolve(_ text: String, in found: [Place]) -> Result<ChosenPlace, PlaceProblem> {
        guard !text.isEmpty else { return .failure(.missing) }
        if found.isEmpty { return .failure(.unknown(text)) }
        if let place = unambiguousMatch(text, in: found) { return .success(ChosenPlace(place)) }
        // A code typed in capitals that no suggestion holds is still that code, never another place: the search
        // sends it as it is and the API says whether it knows it.
        if BookingRules.isIATACode(text) {
            return .success(ChosenPlace(Place(kind: .airport, iataCode: text, name: text, iataCountryCode: "")))
        }
        return .failure(.ambiguous(text, choices: found.prefix(5).map { "\($0.iataCode) (\(ChosenPlace($0).longName))" }))
    }
}

/// Why typed text names no one place.
public enum PlaceProblem: Error, Hashable, Sendable {
    /// Nothing was typed.
    case missing
    /// No airport or city matches it.
    case unknown(String)
    /// Several places match; the first few, as `LHR (London Heathrow Airport, London, United Kingdom)`.
    case ambiguous(String, choices: [String])

    /// What to type instead.
    public var message: String {
        switch self {
        case .missing: "Give a city, an airport or a three-letter code."
        case .unknown(let text):
            "No airport or city matches “\(text)”. Try a city or an airport name, or a three-letter code."
        case .ambiguous(let text, let choices):
            "“\(text)” could be several places; give one of these codes: \(choices.joined(separator: ", "))."
        }
    }
}

/// Comparing what was typed with place names: case, accents and spacing do not count.
public enum PlaceText {
    public static func normalized(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en"))
            .lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "/" })
            .joined(separator: " ")
    }

    /// The names a traveller may type for a place: a city's name; an airport's name with and without words such
    /// as "airport", and the city it serves.
    public static func names(of place: Place) -> Set<String> {
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
public struct PlaceGroup {
    public let code: String
    public let airportCodes: Set<String>

    public init(_ head: Place) {
        code = head.kind == .city ? head.iataCode : (head.iataCityCode ?? head.iataCode)
        airportCodes = Set(head.airports.map(\.iataCode))
    }

    public func contains(_ place: Place) -> Bool {
        place.iataCode == code || place.iataCityCode == code || airportCodes.contains(place.iataCode)
    }
}
