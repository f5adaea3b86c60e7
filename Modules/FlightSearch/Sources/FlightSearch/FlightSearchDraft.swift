import Entities
import Foundation

/// A place the traveller settled on, with what the screen shows of it.
struct ChosenPlace: Sendable, Hashable, Codable {
    /// The IATA code searched: an airport (`LHR`) or a city (`LON`, all its airports).
    var code: String
    var kind: Place.Kind
    /// `London Heathrow Airport`, or the city's name.
    var name: String
    /// The city an airport serves.
    var cityName: String?
    /// The metropolitan city an airport belongs to (`LON` for LHR).
    var cityCode: String?
    var countryCode: String
    /// A city's airports, so "London" and "Heathrow" can be told apart as the same place.
    var airportCodes: [String]

    init(_ place: Place) {
        code = place.iataCode
        kind = place.kind
        name = place.name
        cityName = place.kind == .city ? place.name : place.cityName
        cityCode = place.kind == .city ? place.iataCode : place.iataCityCode
        countryCode = place.iataCountryCode
        airportCodes = place.airports.map(\.iataCode)
    }

    /// `London, all airports` or `London Heathrow Airport, London, United Kingdom`.
    var longName: String {
        switch kind {
        case .city: return "\(name), all airports, \(country)"
        case .airport:
            if let cityName, !name.localizedCaseInsensitiveContains(cityName) { return "\(name), \(cityName), \(country)" }
            return "\(name), \(country)"
        }
    }

    /// `London, all airports` or `London Heathrow Airport`.
    var shortName: String {
        kind == .city ? "\(name), all airports" : name
    }

    /// The country's name in English, or its code when the system does not know it.
    var country: String {
        Locale(identifier: "en_GB").localizedString(forRegionCode: countryCode) ?? countryCode
    }

    /// Whether flying between `self` and `other` would go nowhere: the same code, or a city and one of its airports.
    func overlaps(_ other: ChosenPlace) -> Bool {
        if code == other.code { return true }
        if kind == .city, airportCodes.contains(other.code) || other.cityCode == code { return true }
        if other.kind == .city, other.airportCodes.contains(code) || cityCode == other.code { return true }
        return false
    }
}

/// The search form as filled in so far. Nothing in it is text: what was typed has been read and resolved.
struct FlightSearchDraft: Sendable, Equatable, Codable {
    /// One leg: where from, where to, when.
    struct Leg: Sendable, Equatable, Codable {
        var from: ChosenPlace?
        var to: ChosenPlace?
        var date: CalendarDate?
    }

    var legs: [Leg] = [Leg()]
    /// Only for a one-leg trip: back from `to` to `from` on this day.
    var returnDate: CalendarDate?
    var adults = 1
    var childAges: [Int] = []
    var infants = 0
    var cabin: CabinClass = .economy
    var maxConnections = 1
    var departureWindow: TimeWindow?

    init() {}

    /// The draft with `input`'s numbers and choices; places, dates and the window are typed text, read elsewhere.
    init(input: FlightSearchInput) {
        adults = input.adults ?? 1
        childAges = input.childAges
        infants = input.infants ?? 0
        cabin = input.cabin ?? .economy
        maxConnections = input.maxConnections ?? 1
    }

    var isRoundTrip: Bool { legs.count == 1 && returnDate != nil }
    var isMultiCity: Bool { legs.count > 1 }

    var passengers: [PassengerSpec] {
        Array(repeating: .adult, count: max(0, adults)) + childAges.map { .child(age: $0) }
            + Array(repeating: .infantOnLap, count: max(0, infants))
    }

    /// The fields still empty, in the order they are asked.
    var missingFields: [FlightSearchField] {
        legs.enumerated().flatMap { index, leg -> [FlightSearchField] in
            var missing: [FlightSearchField] = []
            if leg.from == nil { missing.append(.origin(leg: index)) }
            if leg.to == nil { missing.append(.destination(leg: index)) }
            if leg.date == nil { missing.append(.departure(leg: index)) }
            return missing
        }
    }

    func isMissing(_ field: FlightSearchField) -> Bool {
        missingFields.contains(field)
    }

    /// The rules that are about how the form is filled in rather than about the request: a return after the
    /// outbound, and not flying from a city to one of its own airports.
    func moduleIssues() -> [FlightSearchIssue] {
        var issues: [FlightSearchIssue] = []
        for (index, leg) in legs.enumerated() {
            if let from = leg.from, let to = leg.to, from.code != to.code, from.overlaps(to) {
                let (arriving, leaving) = (TravelFormat.named(to.shortName, code: to.code), TravelFormat.named(from.shortName, code: from.code))
                issues.append(FlightSearchIssue(
                    field: .destination(leg: index),
                    message: "\(arriving) and \(leaving) are the same place; choose another destination."))
            }
        }
        if legs.count == 1, let outbound = legs[0].date, let back = returnDate, back < outbound {
            issues.append(FlightSearchIssue(
                field: .returnDate,
                message: "The return date, \(FlightSearchDateReader.display(back)), is before the outbound date, \(FlightSearchDateReader.display(outbound)); choose \(outbound) or later."))
        }
        return issues
    }

    /// The request the form makes, with blanks where it is incomplete, so the booking rules can judge the rest.
    func probeRequest(today: CalendarDate) -> SearchRequest {
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


extension FlightSearchDraft {
    /// The place chosen for a place field.
    func place(in field: FlightSearchField) -> ChosenPlace? {
        switch field {
        case .origin(let leg): legs[safe: leg]?.from
        case .destination(let leg): legs[safe: leg]?.to
        default: nil
        }
    }

    /// Sets (or clears) the place of a place field.
    mutating func setPlace(_ place: ChosenPlace?, in field: FlightSearchField) {
        switch field {
        case .origin(let leg) where legs.indices.contains(leg): legs[leg].from = place
        case .destination(let leg) where legs.indices.contains(leg): legs[leg].to = place
        default: break
        }
    }
}
