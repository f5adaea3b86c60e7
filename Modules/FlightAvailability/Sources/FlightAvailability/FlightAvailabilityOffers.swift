import Entities
import Foundation
import Services

/// The filters a traveller set on the results, applied on this machine over every offer found.
struct AvailabilityFilters: Codable, Sendable, Hashable {
    /// At most this many stops (changes of plane and landings on the way) on every leg.
    var maxStops: Int?
    /// Only offers whose every flight is sold or flown by one of these airlines (IATA codes, upper case).
    var carriers: Set<String> = []
    /// Only offers whose first leg leaves in this window (local to its airport).
    var departureWindow: TimeWindow?
    /// Only offers whose CO₂ estimate is at most this many kilograms; an offer without an estimate cannot show
    /// it is under, so it is left out.
    var maxEmissionsKg: Int?

    /// Whether no filter is set.
    var isEmpty: Bool { maxStops == nil && carriers.isEmpty && departureWindow == nil && maxEmissionsKg == nil }

    /// Whether `offer` passes every filter set.
    func admits(_ offer: Offer) -> Bool {
        if let maxStops, offer.slices.contains(where: { AvailabilityOffers.stops(in: $0) > maxStops }) {
            return false
        }
        if !carriers.isEmpty {
            let segments = offer.slices.flatMap(\.segments)
            // A codeshare counts for both airlines: the traveller may book it with either in mind.
            let allWithChosen = segments.allSatisfy { segment in
                [segment.marketingCarrier.iataCode, segment.operatingCarrier.iataCode]
                    .contains { $0.map { carriers.contains($0.uppercased()) } ?? false }
            }
            if segments.isEmpty || !allWithChosen { return false }
        }
        if let departureWindow {
            guard let departure = offer.slices.first?.departingAt, departureWindow.contains(departure.time) else {
                return false
            }
        }
        if let maxEmissionsKg {
            guard let emissions = AvailabilityOffers.emissionsKg(offer), emissions <= Decimal(maxEmissionsKg) else {
                return false
            }
        }
        return true
    }
}

/// What the search of one flexible day found: its cheapest offer's total, none, or why it failed.
enum FlexibleDateFare: Codable, Sendable, Hashable {
    /// The lowest total on that day.
    case cheapest(Money)
    /// The search worked and found nothing.
    case noOffers
    /// The search of that day failed; the other days are unaffected.
    case failed(ServiceError)
}

/// The rules over a list of offers, as pure functions: sorting, filtering, stops, airlines, flexible days.
enum AvailabilityOffers {
    /// Days either side of the first leg's date in the flexible-dates view.
    static let flexibleDaySpan = 3
    /// Searches run at once for flexible dates: enough to be quick, few enough not to hit the rate limit.
    static let maxParallelSearches = 4

    /// `offers` in `sort` order; ties go to the cheaper, then to the order found, so the order is stable.
    static func sorted(_ offers: [Offer], by sort: AvailabilitySort) -> [Offer] {
        sortedIndices(offers, by: sort).map { offers[$0] }
    }

    /// The indices of `offers` in `sort` order.
    static func sortedIndices(_ offers: [Offer], by sort: AvailabilitySort) -> [Int] {
        // Indices are sorted, not offers: an offer is a large value, and moving a thousand of them about was most
        // of the time a sort took.
        let keys = offers.map { sortKey($0, sort) }
        let amounts = offers.map(\.totalAmount.amount)
        return offers.indices.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return keys[lhs] < keys[rhs] }
            if amounts[lhs] != amounts[rhs] { return amounts[lhs] < amounts[rhs] }
            return lhs < rhs
        }
    }

    /// A number to sort by: amounts and instants compare across currencies' digits and time zones.
    private static func sortKey(_ offer: Offer, _ sort: AvailabilitySort) -> Double {
        switch sort {
        case .price:
            return NSDecimalNumber(decimal: offer.totalAmount.amount).doubleValue
        case .duration:
            return Double(offer.totalDuration.seconds)
        case .departure:
            guard let slice = offer.slices.first, let first = slice.segments.first else { return .infinity }
            return first.departingAt.instant(in: first.origin.zone).timeIntervalSince1970
        case .arrival:
            guard let slice = offer.slices.first, let last = slice.segments.last else { return .infinity }
            return last.arrivingAt.instant(in: last.destination.zone).timeIntervalSince1970
        case .emissions:
            // Without an estimate an offer goes last; among those, the cheaper first (the tie rule).
            return emissionsKg(offer).map { NSDecimalNumber(decimal: $0).doubleValue } ?? .infinity
        }
    }

    /// The offer's CO₂ estimate in kilograms, read from Duffel's string (`"412"`); `nil` when the airline gives
    /// none or the text is not a number of kilograms (what the server sends is never shown as it came).
    static func emissionsKg(_ offer: Offer) -> Decimal? {
        guard let text = offer.totalEmissionsKg?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
              text.count <= 12, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), text.filter({ $0 == "." }).count <= 1,
              let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value >= 0
        else { return nil }
        return value
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

    /// The days around the first leg's date to price, earliest first; days before `today` are left out.
    static func flexibleDates(around request: SearchRequest, today: CalendarDate) -> [CalendarDate] {
        guard let first = request.slices.first?.departureDate else { return [] }
        return (-flexibleDaySpan...flexibleDaySpan)
            .map { first.adding(days: $0) }
            .filter { $0 >= today }
    }

    /// One JSON document: the offer request's id, the search as sent and the offers, in Duffel's format.
    static func jsonDocument(offerRequestID: String, search: SearchRequest, offers: [Offer]) throws(ServiceError) -> String {
        let document = AvailabilityDocument(offerRequestID: offerRequestID, search: search, offers: offers)
        do {
            let data = try DuffelJSON.encoder(pretty: true).encode(document)
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw .malformedResponse("The offers could not be written as JSON: \(error)")
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
