public import Entities
import Foundation

/// A place the traveller settled on, with what the screen shows of it.
public struct ChosenPlace: Sendable, Hashable, Codable {
    /// The IATA code searched: an airport (`LHR`) or a city (`LON`, all its airports).
    public var code: String
    public var kind: Place.Kind
    /// `London Heathrow Airport`, or the city's name.
    public var name: String
    /// The city an airport serves.
    public var cityName: String?
    /// The metropolitan city an airport belongs to (`LON` for LHR).
    public var cityCode: String?
    public var countryCode: String
    /// A city's airports, so "London" and "Heathrow" can be told apart as the same place.
    public var airportCodes: [String]

    public init(_ place: Place) {
        code = place.iataCode
        kind = place.kind
        name = place.name
        cityName = place.kind == .city ? place.name : place.cityName
        cityCode = place.kind == .city ? place.iataCode : place.iataCityCode
        countryCode = place.iataCountryCode
        airportCodes = place.airports.map(\.iataCode)
    }

    /// `London, all airports` or `London Heathrow Airport, London, United Kingdom`.
    public var longName: String {
        switch kind {
        case .city: return "\(name), all airports, \(country)"
        case .airport:
            if let cityName, !name.localizedCaseInsensitiveContains(cityName) { return "\(name), \(cityName), \(country)" }
            return "\(name), \(country)"
        }
    }

    /// `London, all airports` or `London Heathrow Airport`.
    public var shortName: String {
        kind == .city ? "\(name), all airports" : name
    }

    /// The country's name in English, or its code when the system does not know it.
    public var country: String {
        Locale(identifier: "en_GB").localizedString(forRegionCode: countryCode) ?? countryCode
    }

    /// Whether flying between `self` and `other` would go nowhere: the same code, or a city and one of its airports.
    public func overlaps(_ other: ChosenPlace) -> Bool {
        if code == other.code { return true }
        if kind == .city, airportCodes.contains(other.code) || other.cityCode == code { return true }
        if other.kind == .city, other.airportCodes.contains(code) || cityCode == other.code { return true }
        return false
    }
}

/// The search form as filled in so far. Nothing in it is text: what was typed has been read and resolved.
public struct SearchDraft: Sendable, Equatable, Codable {
    /// One leg: where from, where to, when.
    public struct Leg: Sendable, Equatable, Codable {
        public var from: ChosenPlace?
        public var to: ChosenPlace?
        public var date: CalendarDate?

        /// Creates a leg.
        public init(from: ChosenPlace? = nil, to: ChosenPlace? = nil, date: CalendarDate? = nil) {
            self.from = from
            self.to = to
            self.date = date
        }
    }

    public var legs: [Leg] = [Leg()]
    /// Only for a one-leg trip: back from `to` to `from` on this day.
    public var returnDate: CalendarDate?
    public var adults = 1
    public var childAges: [Int] = []
    public var infants = 0
    public var cabin: CabinClass = .economy
    public var maxConnections = 1
    public var departureWindow: TimeWindow?

    public init() {}

    public var isRoundTrip: Bool { legs.count == 1 && returnDate != nil }
    public var isMultiCity: Bool { legs.count > 1 }

    public var passengers: [PassengerSpec] {
        Array(repeating: .adult, count: max(0, adults)) + childAges.map { .child(age: $0) }
            + Array(repeating: .infantOnLap, count: max(0, infants))
    }

    /// The fields still empty, in the order they are asked.
    public var missingFields: [SearchField] {
        legs.enumerated().flatMap { index, leg -> [SearchField] in
            var missing: [SearchField] = []
            if leg.from == nil { missing.append(.origin(leg: index)) }
            if leg.to == nil { missing.append(.destination(leg: index)) }
            if leg.date == nil { missing.append(.departure(leg: index)) }
            return missing
        }
    }

    public func isMissing(_ field: SearchField) -> Bool {
        missingFields.contains(field)
    }

    /// The rules that are about how the form is filled in rather than about the request: a return after the
    /// outbound, and not flying from a city to one of its own airports.
    public func moduleIssues() -> [SearchIssue] {
        var issues: [SearchIssue] = []
        for (index, leg) in legs.enumerated() {
            if let from = leg.from, let to = leg.to, from.code != to.code, from.overlaps(to) {
                let (arriving, leaving) = (TravelFormat.named(to.shortName, code: to.code), TravelFormat.named(from.shortName, code: from.code))
                issues.append(SearchIssue(
                    field: .destination(leg: index),
                    message: "\(arriving) and \(leaving) are the same place; choose another destination."))
            }
        }
        if legs.count == 1, let outbound = legs[0].date, let back = returnDate, back < outbound {
            issues.append(SearchIssue(
                field: .returnDate,
                message: "The return date, \(TravelFormat.day(back)), is before the outbound date, \(TravelFormat.day(outbound)); choose \(outbound) or later."))
        }
        return issues
    }

    /// The request the form makes, with blanks where it is incomplete, so the booking rules can judge the rest.
    public func probeRequest(today: CalendarDate) -> SearchRequest {
        var slices = legs.map { leg in
            SearchSlice(
                origin: leg.from?.code ?? "", destination: leg.to?.code ?? "",
                departureDate: leg.date ?? today, departureTime: departureWindow)
        }
        if legs.count == 1, let back = returnDate, let leg = legs.first {
            slices.append(SearchSlice(
                origin: leg.to?.code ?? "", destination: leg.from?.code ?? "", departureDate: back,
                departureTime: departureWindow))
        }
        return SearchRequest(slices: slices, passengers: passengers, cabinClass: cabin, maxConnections: maxConnections)
    }
}


extension SearchDraft {
    /// The place chosen for a place field.
    public func place(in field: SearchField) -> ChosenPlace? {
        switch field {
        case .origin(let leg): legs.indices.contains(leg) ? legs[leg].from : nil
        case .destination(let leg): legs.indices.contains(leg) ? legs[leg].to : nil
        default: nil
        }
    }

    /// Sets (or clears) the place of a place field.
    public mutating func setPlace(_ place: ChosenPlace?, in field: SearchField) {
        switch field {
        case .origin(let leg) where legs.indices.contains(leg): legs[leg].from = place
        case .destination(let leg) where legs.indices.contains(leg): legs[leg].to = place
        default: break
        }
    }
}

/// A field of the form, as the traveller knows it.
public enum SearchField: Hashable, Sendable, Codable {
    case origin(leg: Int)
    case destination(leg: Int)
    case departure(leg: Int)
    case returnDate
    case passengers
    case cabin
    case connections
    case departureWindow
    case legs

    /// The field a booking rule's path (`slices[1].departure_date`) points at.
    public init?(path: String, roundTrip: Bool) {
        if path.hasPrefix("passengers") { self = .passengers; return }
        switch path {
        case "max_connections": self = .connections; return
        case "cabin_class": self = .cabin; return
        case "slices": self = .legs; return
        default: break
        }
        guard path.hasPrefix("slices["), let close = path.firstIndex(of: "]"),
              let index = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]) else { return nil }
        let name = path[path.index(after: close)...]
        switch name {
        case ".origin": self = roundTrip && index == 1 ? .destination(leg: 0) : .origin(leg: index)
        case ".destination": self = roundTrip && index == 1 ? .origin(leg: 0) : .destination(leg: index)
        case ".departure_date": self = roundTrip && index == 1 ? .returnDate : .departure(leg: index)
        case ".departure_time", ".arrival_time": self = .departureWindow
        default: return nil
        }
    }

    /// What to say when the field is still empty at search time.
    public var missingMessage: String {
        switch self {
        case .origin: "Give where from: a city, an airport or a three-letter code."
        case .destination: "Give where to: a city, an airport or a three-letter code."
        case .departure: "Give the departure date, like 2026-12-18, 18 dec or fri."
        case .returnDate: "Give the return date, or leave it out for a one-way trip."
        case .passengers: "Give at least one adult."
        case .cabin: "Choose a cabin."
        case .connections: "Choose how many connections are acceptable."
        case .departureWindow: "Give a departure window, or any."
        case .legs: "Give at least one leg."
        }
    }

    /// `From`, `Leg 2 to`, `Depart`, `Passengers`: how the screen names the field.
    public func label(legCount: Int) -> String {
        func leg(_ index: Int, _ name: String) -> String {
            legCount > 1 ? "Leg \(index + 1) \(name.lowercased())" : name
        }
        switch self {
        case .origin(let index): return leg(index, "From")
        case .destination(let index): return leg(index, "To")
        case .departure(let index): return leg(index, "Depart")
        case .returnDate: return "Return"
        case .passengers: return "Passengers"
        case .cabin: return "Cabin"
        case .connections: return "Connections"
        case .departureWindow: return "Departure time"
        case .legs: return "Legs"
        }
    }
}

/// A form judged whole: the request it makes, or what keeps it from being searched.
public enum SearchValidation: Equatable, Sendable {
    case valid(SearchRequest)
    case invalid([SearchIssue])
}

/// A rule broken, on the field to change.
public struct SearchIssue: Hashable, Sendable, Codable, Error {
    public var field: SearchField
    public var message: String

    /// Creates an issue.
    public init(field: SearchField, message: String) {
        self.field = field
        self.message = message
    }
}

/// The rules a search form is judged by: the booking rules of `Entities` placed on the fields a traveller would
/// change, and the module's own (a return after the outbound, not a city to its own airport). Pure.
public enum SearchRules {
    /// Every rule `draft` breaks, each placed on the field a traveller would change. With `complete`, missing
    /// fields are problems too; without, only what has been filled in is judged, so a form can be checked one
    /// field at a time. `today` is the first day a flight may leave.
    public static func issues(in draft: SearchDraft, complete: Bool, today: CalendarDate) -> [SearchIssue] {
        var issues: [SearchIssue] = []
        if complete {
            issues += draft.missingFields.map { SearchIssue(field: $0, message: $0.missingMessage) }
        }
        issues += draft.moduleIssues()
        let probe = draft.probeRequest(today: today)
        let isRoundTrip = draft.isRoundTrip
        for issue in probe.validationIssues(today: today) {
            guard let field = SearchField(path: issue.field, roundTrip: isRoundTrip) else { continue }
            // A missing place or date stands in the probe as a blank, which the rules would flag again.
            if draft.isMissing(field) { continue }
            // The return leg's places repeat the outbound's, and its order is said in the return's own words.
            if isRoundTrip, issue.field.hasPrefix("slices[1].") {
                if issue.field != "slices[1].departure_date" { continue }
                if issues.contains(where: { $0.field == .returnDate }) { continue }
            }
            let found = SearchIssue(field: field, message: issue.message)
            if !issues.contains(found) { issues.append(found) }
        }
        return issues
    }

    /// The request `draft` makes, or the problems that keep it from being searched.
    public static func request(for draft: SearchDraft, today: CalendarDate) -> SearchValidation {
        let problems = issues(in: draft, complete: true, today: today)
        // With nothing missing and nothing wrong, the probe has no blanks left: it is the request.
        return problems.isEmpty ? .valid(draft.probeRequest(today: today)) : .invalid(problems)
    }
}
