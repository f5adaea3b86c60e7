public import Foundation

/// A search kept to be checked again and again: "tell me when it gets cheaper". Its search has fixed days; with a
/// ``latestDeparture`` it is a window ("any 7-night trip leaving between 10 and 20 Dec"): every day from the search's
/// first departure to that day is searched, the later legs moved by as many days.
public struct PriceWatch: Sendable, Hashable, Codable, Identifiable {
    /// The watch's number in the store, which the traveller types (`flights watch show 3`).
    public var id: Int
    /// What is searched: the legs, who flies, the cabin, the connections.
    public var search: SearchRequest
    /// The last day the first leg may leave, for a window of days; `nil` for the search's own days.
    public var latestDeparture: CalendarDate?
    /// A total to get under, in the currency the offers come in; `nil` to watch without one.
    public var below: Decimal?
    /// Only these airlines' offers count (IATA codes, the offer's owner or any flight's marketing carrier); empty
    /// for any airline.
    public var airlines: [String]
    /// When the watch was made.
    public var createdAt: Date
    /// The name of the API it was made on (`sandbox`, or the API's host), as bookings are kept under; checks search
    /// only there. `nil` for a watch that does not say.
    public var backend: String?

    /// Creates a watch.
    public init(
        id: Int, search: SearchRequest, latestDeparture: CalendarDate? = nil, below: Decimal? = nil,
        airlines: [String] = [], createdAt: Date, backend: String? = nil
    ) {
        self.backend = backend
        self.id = id
        self.search = search
        self.latestDeparture = latestDeparture
        self.below = below
        self.airlines = airlines
        self.createdAt = createdAt
    }

    /// The first day the first leg may leave.
    public var earliestDeparture: CalendarDate? { search.slices.first?.departureDate }

    /// Every search a check makes: the search itself, or one per day of the window (later legs moved with the
    /// first, so a 7-night trip stays 7 nights), days before `today` left out.
    public func searches(today: CalendarDate) -> [SearchRequest] {
        guard let first = earliestDeparture else { return [] }
        let last = max(latestDeparture ?? first, first)
        return (0...first.days(until: last)).map { first.adding(days: $0) }
            .filter { $0 >= today }
            .map { search.shifted(toDepartOn: $0) }
    }

    /// The day the trip is over: no check finds anything to fly after it.
    public var lastDay: CalendarDate? {
        guard let first = earliestDeparture, let final = search.slices.last?.departureDate else { return nil }
        return final.adding(days: first.days(until: max(latestDeparture ?? first, first)))
    }

    private enum CodingKeys: String, CodingKey {
        case id, search, below, airlines, backend
        case latestDeparture = "latest_departure", createdAt = "created_at"
    }
}

/// What one check of a watch found, at the time it was made: the lowest total and its offer, or that nothing flies.
public struct PriceCheck: Sendable, Hashable, Codable {
    /// When the check was made.
    public var checkedAt: Date
    /// The lowest total found for the whole party; `nil` when no offer matched.
    public var lowest: Money?
    /// The offer with that total.
    public var offer: WatchedOffer?

    /// Creates a check.
    public init(checkedAt: Date, lowest: Money?, offer: WatchedOffer?) {
        self.checkedAt = checkedAt
        self.lowest = lowest
        self.offer = offer
    }

    private enum CodingKeys: String, CodingKey {
        case lowest, offer
        case checkedAt = "checked_at"
    }
}

/// The lowest offer of a check, as the history keeps it: who flies, which flights, the fare and what it allows.
/// An offer expires within minutes, so its id is kept for reference only; a check's offer is searched again to book.
public struct WatchedOffer: Sendable, Hashable, Codable {
    /// The offer's id when it was found.
    public var offerID: String
    /// The IATA code of the airline selling it.
    public var airlineCode: String?
    /// The airline's name.
    public var airline: String
    /// Each leg: the airports, the times and the flight numbers.
    public var legs: [BookingRecord.Leg]
    /// The fare brand (`Basic`, `Economy Light`), when the airline names one.
    public var fareBrand: String?
    /// Whether the fare can be refunded, and whether changed, before departure; `nil` where the airline does not say.
    public var refundable: Bool?
    /// Whether the flights can be changed before departure.
    public var changeable: Bool?

    /// Creates a watched offer.
    public init(
        offerID: String, airlineCode: String?, airline: String, legs: [BookingRecord.Leg], fareBrand: String?,
        refundable: Bool?, changeable: Bool?
    ) {
        self.offerID = offerID
        self.airlineCode = airlineCode
        self.airline = airline
        self.legs = legs
        self.fareBrand = fareBrand
        self.refundable = refundable
        self.changeable = changeable
    }

    /// What the history keeps of `offer`.
    public init(_ offer: Offer) {
        self.init(
            offerID: offer.id, airlineCode: offer.owner.iataCode, airline: offer.owner.name,
            legs: offer.slices.map(BookingRecord.Leg.init), fareBrand: offer.slices.first?.fareBrandName,
            refundable: offer.conditions.refundBeforeDeparture?.allowed,
            changeable: offer.conditions.changeBeforeDeparture?.allowed)
    }

    private enum CodingKeys: String, CodingKey {
        case airline, legs, refundable, changeable
        case offerID = "offer_id", airlineCode = "airline_code", fareBrand = "fare_brand"
    }
}
