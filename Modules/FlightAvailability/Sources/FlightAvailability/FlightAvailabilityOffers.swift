import Entities
import Foundation
import Services
import Trips

/// The rules over a list of offers, as pure functions: sorting, filtering, stops, airlines.
enum AvailabilityOffers {
    /// `offers` in `sort` order (the core's ``OfferOrder``: ties to the cheaper, then to the order found).
    static func sorted(_ offers: [Offer], by sort: AvailabilitySort) -> [Offer] {
        sort.sorted(offers)
    }

    /// The indices of `offers` in `sort` order.
    static func sortedIndices(_ offers: [Offer], by sort: AvailabilitySort) -> [Int] {
        sort.sortedIndices(offers)
    }

    /// The offer's CO₂ estimate in kilograms; `nil` when the airline gives none a person could read.
    static func emissionsKg(_ offer: Offer) -> Decimal? {
        OfferOrder.emissionsKg(offer)
    }

    /// Whether any of `offers` carries a CO₂ estimate: the table shows the column only then.
    static func anyEmissions(_ offers: [Offer]) -> Bool {
        offers.contains { emissionsKg($0) != nil }
    }

    /// The offers that pass `filters`, in their order.
    static func filtered(_ offers: [Offer], by filters: AvailabilityFilters) -> [Offer] {
        filters.isEmpty ? offers : offers.filter(filters.admits)
    }

    /// The indices of `offers` that pass `filters`, in `sort` order: what the pages show.
    static func visible(_ offers: [Offer], sort: AvailabilitySort, filters: AvailabilityFilters) -> [Int] {
        let ordered = sortedIndices(offers, by: sort)
        return filters.isEmpty ? ordered : ordered.filter { filters.admits(offers[$0]) }
    }

    /// Landings on a leg before its destination: changes of plane and stops inside a flight.
    static func stops(in slice: Slice) -> Int {
        slice.connections + slice.technicalStops
    }

    /// The airports of those landings, in the order flown.
    static func stopAirports(in slice: Slice) -> [Airport] {
        slice.segments.enumerated().flatMap { index, segment in
            segment.stops.map(\.airport) + (index < slice.segments.count - 1 ? [segment.destination] : [])
        }
    }

    /// Every airline that sells or flies a flight of `offers`, by name, for the carrier filter.
    static func carriers(in offers: [Offer]) -> [Carrier] {
        var byCode: [String: Carrier] = [:]
        for segment in offers.flatMap({ $0.slices.flatMap(\.segments) }) {
            for carrier in [segment.marketingCarrier, segment.operatingCarrier] {
                guard let code = carrier.iataCode?.uppercased(), byCode[code] == nil else { continue }
                byCode[code] = carrier
            }
        }
        return byCode.values.sorted { ($0.iataCode ?? "") < ($1.iataCode ?? "") }
    }

    /// One JSON document: the offer request's id, the search as sent and the offers, in Duffel's format.
    static func jsonDocument(offerRequestID: String, search: SearchRequest, offers: [Offer]) throws(ServiceError) -> String {
        try prettyJSON(AvailabilityDocument(offerRequestID: offerRequestID, search: search, offers: offers), naming: "offers")
    }

    /// `document` as pretty JSON in Duffel's format, with a line end; `what` names it when it cannot be written.
    static func prettyJSON(_ document: some Encodable, naming what: String) throws(ServiceError) -> String {
        do {
            let data = try DuffelJSON.encoder(pretty: true).encode(document)
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw .malformedResponse("The \(what) could not be written as JSON: \(error)")
        }
    }
}

/// The `json` presentation's document.
private struct AvailabilityDocument: Encodable {
    var offerRequestID: String
    var search: SearchRequest
    var offers: [Offer]

    private enum CodingKeys: String, CodingKey {
        case offerRequestID = "offer_request_id", search, offers
    }
}

/// How offers, legs, places and dates read on this screen (the words every screen shares are `TravelFormat`'s).
enum AvailabilityFormat {
    /// One offer as a table row: a line per leg, the price on the first. `searched` are the search's legs: where
    /// one named a city (LON), each time says which of its airports the flight uses.
    static func row(_ offer: Offer, number: Int, highlighted: Bool, searched: [SearchSlice] = []) -> OfferRowViewModel {
        OfferRowViewModel(
            number: number, offerID: offer.id,
            legs: offer.slices.enumerated().map { index, slice in
                leg(slice, searched: index < searched.count ? searched[index] : nil)
            },
            price: offer.totalAmount.formatted, emissions: emissions(offer), isHighlighted: highlighted)
    }

    /// The offer's CO₂ estimate, `412 kg` (`2,670 kg`), whole kilograms; `–` when it has none.
    static func emissions(_ offer: Offer) -> String {
        AvailabilityOffers.emissionsKg(offer).map(TravelFormat.kilograms) ?? "–"
    }

    /// One leg as a line.
    static func leg(_ slice: Slice, searched: SearchSlice? = nil) -> LegLineViewModel {
        var departs = slice.departingAt.map { "\($0.time)" } ?? ""
        var arrives = arrival(slice)
        if let searched, let from = slice.segments.first?.origin.iataCode, from != searched.origin {
            departs += " \(from)"
        }
        if let searched, let to = slice.segments.last?.destination.iataCode, to != searched.destination {
            arrives += " \(to)"
        }
        return LegLineViewModel(
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
    static func arrival(_ slice: Slice) -> String {
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
    static func stops(_ slice: Slice) -> String {
        let count = AvailabilityOffers.stops(in: slice)
        guard count > 0 else { return "Direct" }
        let airports = AvailabilityOffers.stopAirports(in: slice).map(\.iataCode).joined(separator: ", ")
        return "\(count) \(count == 1 ? "stop" : "stops") \(airports)"
    }

    /// The airlines selling the leg's flights, by name.
    static func airline(_ slice: Slice) -> String {
        var names: [String] = []
        for segment in slice.segments where !names.contains(segment.marketingCarrier.name) {
            names.append(segment.marketingCarrier.name)
        }
        return names.joined(separator: " + ")
    }

    /// The flight numbers; a flight another airline flies says so: `BA4417 op. AA`.
    static func flights(_ slice: Slice) -> String {
        slice.segments.map { segment in
            guard segment.isOperatedByAnotherCarrier else { return segment.flightNumber }
            return "\(segment.flightNumber) op. \(segment.operatingCarrier.iataCode ?? segment.operatingCarrier.name)"
        }.joined(separator: ", ")
    }

    /// The airline's fare (`Basic`, `Flex`), which tells apart offers on the same flights; the cabin when the
    /// airline names no fare.
    static func fare(_ slice: Slice) -> String {
        if let brand = slice.fareBrandName, !brand.isEmpty { return brand }
        return cabin(slice)
    }

    /// The cabin of the leg's flights (for the first passenger; every passenger of an offer sits alike).
    static func cabin(_ slice: Slice) -> String {
        var names: [String] = []
        for segment in slice.segments {
            guard let name = segment.passengers.first?.cabinClass.displayName, !names.contains(name) else { continue }
            names.append(name)
        }
        return names.joined(separator: " / ")
    }

    /// `London (LHR) → New York (JFK)`, from the offer request's places when known, else the codes searched.
    static func route(_ request: SearchRequest, _ offerRequest: OfferRequest?) -> String {
        guard let slices = offerRequest?.slices, slices.count == request.slices.count else {
            return TravelFormat.route(request)
        }
        return TravelFormat.route(
            slices.map { (from: TravelFormat.city(of: $0.origin), to: TravelFormat.city(of: $0.destination)) },
            roundTrip: request.tripKind == .roundTrip)
    }

    /// `Fri 18 Dec`; for a round trip `Fri 18 Dec – Mon 28 Dec`; multi-city, every leg's day.
    static func dates(_ request: SearchRequest) -> String {
        let days = request.slices.map { day($0.departureDate) }
        return days.joined(separator: request.tripKind == .roundTrip ? " – " : ", ")
    }

    /// `Fri 18 Dec`.
    static func day(_ date: CalendarDate?) -> String {
        date.map { TravelFormat.day($0, withYear: false) } ?? ""
    }

    /// A few words for a day's failed search, to fit in the date grid.
    static func shortReason(_ error: ServiceError) -> String {
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
}
