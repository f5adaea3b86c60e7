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
