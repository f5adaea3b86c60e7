public import Entities
import Foundation
public import Services
import Trips

/// How offers, legs, places and dates read in a list of offers, on the offers screen and in `flights search` alike
/// (the words every screen shares are `TravelFormat`'s).
public enum OfferFormat {
    /// One offer as a table row: a line per leg, the price on the first. `searched` are the search's legs: where
    /// one named a city (LON), each time says which of its airports the flight uses.
    public static func row(_ offer: Offer, number: Int, highlighted: Bool, searched: [SearchSlice] = []) -> OfferRow {
        OfferRow(
            number: number, offerID: offer.id,
            legs: offer.slices.enumerated().map { index, slice in
                leg(slice, searched: index < searched.count ? searched[index] : nil)
            },
            price: offer.totalAmount.formatted, emissions: emissions(offer), isHighlighted: highlighted)
    }

    /// The offer's CO₂ estimate, `412 kg` (`2,670 kg`), whole kilograms; `–` when it has none.
    public static func emissions(_ offer: Offer) -> String {
        OfferOrder.emissionsKg(offer).map(TravelFormat.kilograms) ?? "–"
    }

    /// One leg as a line.
    public static func leg(_ slice: Slice, searched: SearchSlice? = nil) -> OfferLeg {
        var departs = slice.departingAt.map { "\($0.time)" } ?? ""
        var arrives = arrival(slice)
        if let searched, let from = slice.segments.first?.origin.iataCode, from != searched.origin {
            departs += " \(from)"
        }
        if let searched, let to = slice.segments.last?.destination.iataCode, to != searched.destination {
            arrives += " \(to)"
        }
        return OfferLeg(
            route: "\(slice.origin.iataCode)–\(slice.destination.iataCode)",
            departs: departs,
            arrives: arrives,
            duration: slice.totalDuration.formatted,
            stops: stops(slice),
            airline: airline(slice),
            flights: flights(slice),
            fare: fare(slice))
    }

    /// The arrival's local time, with the day difference from the departure when there is one: `07:05+1`.
    public static func arrival(_ slice: Slice) -> String {
        guard let arriving = slice.arrivingAt else { return "" }
        guard let departing = slice.departingAt else { return "\(arriving.time)" }
        let days = departing.dayOffset(to: arriving)
        switch days {
        case 0: return "\(arriving.time)"
        case 1...: return "\(arriving.time)+\(days)"
        default: return "\(arriving.time)\(days)"
        }
    }

    /// `Direct`, `1 stop KEF`, `2 stops DUB, BOS`.
    public static func stops(_ slice: Slice) -> String {
        let count = stopCount(in: slice)
        guard count > 0 else { return "Direct" }
        let airports = stopAirports(in: slice).map(\.iataCode).joined(separator: ", ")
        return "\(count) \(count == 1 ? "stop" : "stops") \(airports)"
    }

    /// The airlines selling the leg's flights, by name.
    public static func airline(_ slice: Slice) -> String {
        var names: [String] = []
        for segment in slice.segments where !names.contains(segment.marketingCarrier.name) {
            names.append(segment.marketingCarrier.name)
        }
        return names.joined(separator: " + ")
    }

    /// The flight numbers; a flight another airline flies says so: `BA4417 op. AA`.
    public static func flights(_ slice: Slice) -> String {
        slice.segments.map { segment in
            guard segment.isOperatedByAnotherCarrier else { return segment.flightNumber }
            return "\(segment.flightNumber) op. \(segment.operatingCarrier.iataCode ?? segment.operatingCarrier.name)"
        }.joined(separator: ", ")
    }

    /// The airline's fare (`Basic`, `Flex`), which tells apart offers on the same flights; the cabin when the
    /// airline names no fare.
    public static func fare(_ slice: Slice) -> String {
        if let brand = slice.fareBrandName, !brand.isEmpty { return brand }
        return cabin(slice)
    }

    /// The cabin of the leg's flights (for the first passenger; every passenger of an offer sits alike).
    public static func cabin(_ slice: Slice) -> String {
        var names: [String] = []
        for segment in slice.segments {
            guard let name = segment.passengers.first?.cabinClass.displayName, !names.contains(name) else { continue }
            names.append(name)
        }
        return names.joined(separator: " / ")
    }

    /// `London (LHR) → New York (JFK)`, from the offer request's places when known, else the codes searched.
    public static func route(_ request: SearchRequest, _ offerRequest: OfferRequest?) -> String {
        guard let slices = offerRequest?.slices, slices.count == request.slices.count else {
            return TravelFormat.route(request)
        }
        return TravelFormat.route(
            slices.map { (from: TravelFormat.city(of: $0.origin), to: TravelFormat.city(of: $0.destination)) },
            roundTrip: request.tripKind == .roundTrip)
    }

    /// `Fri 18 Dec`; for a round trip `Fri 18 Dec – Mon 28 Dec`; multi-city, every leg's day.
    public static func dates(_ request: SearchRequest) -> String {
        let days = request.slices.map { day($0.departureDate) }
        return days.joined(separator: request.tripKind == .roundTrip ? " – " : ", ")
    }

    /// `Fri 18 Dec`.
    public static func day(_ date: CalendarDate?) -> String {
        date.map { TravelFormat.day($0, withYear: false) } ?? ""
    }

    /// A few words for a day's failed search, to fit in the date grid.
    public static func shortReason(_ error: ServiceError) -> String {
        switch error {
        case .timedOut: return "no answer in time"
        case .cannotConnect, .insecureConnection, .transport: return "no connection"
        case .api(let apiError, _):
            if apiError.status == 429 || apiError.has(.rateLimit) { return "too many requests" }
            if apiError.has(.validation) { return "cannot be searched" }
            if apiError.has(.airline) { return "airline error" }
            if apiError.status >= 500 || apiError.has(.api) { return "service error" }
            return "error \(apiError.status)"
        case .unexpectedStatus(let code, _): return code >= 500 ? "service error" : "error \(code)"
        case .redirected: return "redirected"
        case .malformedResponse, .responseTooLarge: return "unreadable answer"
        case .cancelled: return "cancelled"
        }
    }
    /// Landings on a leg before its destination: changes of plane and stops inside a flight.
    public static func stopCount(in slice: Slice) -> Int {
        slice.connections + slice.technicalStops
    }

    /// The airports of those landings, in the order flown.
    public static func stopAirports(in slice: Slice) -> [Airport] {
        slice.segments.enumerated().flatMap { index, segment in
            segment.stops.map(\.airport) + (index < slice.segments.count - 1 ? [segment.destination] : [])
        }
    }

    /// Whether any of `offers` carries a CO₂ estimate: a table shows the column only then.
    public static func anyEmissions(_ offers: [Offer]) -> Bool {
        offers.contains { OfferOrder.emissionsKg($0) != nil }
    }
}

/// One offer as a row of the offers table: its number, a line per leg, its total price.
public struct OfferRow: Codable, Sendable, Equatable {
    /// The number a traveller types to choose it, counted over every page.
    public var number: Int
    /// The offer's id (`off_…`), which `flights book` takes.
    public var offerID: String
    /// One line per leg, in order.
    public var legs: [OfferLeg]
    /// The total for every passenger, `£1,401.61`.
    public var price: String
    /// The CO₂ estimate for the whole offer, `412 kg`, or `–` without one.
    public var emissions: String
    /// Whether the highlight (arrow keys) is on it.
    public var isHighlighted: Bool

    /// A row of these values.
    public init(number: Int, offerID: String, legs: [OfferLeg], price: String, emissions: String, isHighlighted: Bool) {
        self.number = number
        self.offerID = offerID
        self.legs = legs
        self.price = price
        self.emissions = emissions
        self.isHighlighted = isHighlighted
    }
}

/// One leg of an offer, as one line of the offers table.
public struct OfferLeg: Codable, Sendable, Equatable {
    /// `LHR–JFK`: which leg this line is, shown when the search has more than one.
    public var route: String
    /// Local time at the origin, `07:00`.
    public var departs: String
    /// Local time at the destination, with `+1` when it lands the next day: `07:05+1`.
    public var arrives: String
    /// Door to door for the leg, `9h 55m`.
    public var duration: String
    /// `Direct`, `1 stop KEF`, `2 stops DUB, BOS`.
    public var stops: String
    /// The airline that sells the flights, `Icelandair`.
    public var airline: String
    /// Flight numbers; a codeshare says who flies it: `BA213, BA4417 op. AA`.
    public var flights: String
    /// The fare, `Basic` (or the cabin, `Economy`, when the airline names no fare).
    public var fare: String

    /// A line of these values.
    public init(
        route: String, departs: String, arrives: String, duration: String, stops: String, airline: String,
        flights: String, fare: String
    ) {
        self.route = route
        self.departs = departs
        self.arrives = arrives
        self.duration = duration
        self.stops = stops
        self.airline = airline
        self.flights = flights
        self.fare = fare
    }
}
