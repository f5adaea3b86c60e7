/// Duffel's test-mode routes, reproduced so that an app can exercise every awkward path against the sandbox:
/// see the scenarios table in the README.
enum Scenario: String, Sendable, Hashable, CaseIterable {
    /// PVD → RAI: the search succeeds with no offers.
    case noOffers
    /// JFK → EWR: offers can only be held and paid later.
    case holdOnly
    /// LHR → DXB: every offer connects.
    case connectionsOnly
    /// DXB → AMS: each flight lands on the way without a change of flight.
    case stopInsideSegment
    /// BTS → MRU: no bags included.
    case noBaggage
    /// STN → LHR: the search times out (504).
    case searchTimesOut
    /// LGW → LHR: booking fails with `offer_no_longer_available`.
    case offerNoLongerAvailable
    /// LHR → STN: the price rises by 10.00 each time the offer is read.
    case priceRisesOnRead
    /// LHR → DEL: every passenger's passport is required at booking; an order without one is refused (422).
    case documentsRequired
    /// LHR → BCN: every order booked gets an airline-initiated schedule change (a flight moved 3 hours later).
    case airlineScheduleChange
    /// LHR → ARN: no fare can be changed (`change_before_departure.allowed` false); a change request is refused.
    case changesNotAllowed
    /// LHR → CPH, as the new slice of an order change: the change made from an offer expires as it is made, so
    /// confirming it is 422 `order_change_offer_no_longer_available`.
    case changeOfferExpires
    /// LHR → LAX: the airlines answer in three batches, after 0.3, 2 and 8 seconds (``AirlineBatches``); a plain
    /// offer request waits for the slowest, and `supplier_timeout` leaves out the batches slower than it.
    case slowAirlines
    /// LHR → SFO: of three batches answering after 0.3, 1 and 2 seconds, the second fails: it comes back empty,
    /// and its airlines' offers are in no answer.
    case airlineFails
    /// LHR → LIS: a seat sale: searched 10 days or fewer before the first flight, every fare on the route is 60% off
    /// (so a price watch sees its lowest fall under a price at a time a test chooses).
    case fareSale

    var route: (origin: String, destination: String) {
        switch self {
        case .noOffers: ("PVD", "RAI")
        case .holdOnly: ("JFK", "EWR")
        case .connectionsOnly: ("LHR", "DXB")
        case .stopInsideSegment: ("DXB", "AMS")
        case .noBaggage: ("BTS", "MRU")
        case .searchTimesOut: ("STN", "LHR")
        case .offerNoLongerAvailable: ("LGW", "LHR")
        case .priceRisesOnRead: ("LHR", "STN")
        case .documentsRequired: ("LHR", "DEL")
        case .airlineScheduleChange: ("LHR", "BCN")
        case .changesNotAllowed: ("LHR", "ARN")
        case .changeOfferExpires: ("LHR", "CPH")
        case .slowAirlines: ("LHR", "LAX")
        case .airlineFails: ("LHR", "SFO")
        case .fareSale: ("LHR", "LIS")
        }
    }

    /// Routes too short for a real airline, where Duffel Airways flies anyway so the scenario has offers.
    var forcesDuffelAirwaysDirect: Bool {
        switch self {
        case .holdOnly, .offerNoLongerAvailable, .priceRisesOnRead: true
        default: false
        }
    }

    /// The scenario a leg from `origin` to `destination` triggers, if any.
    static func forLeg(origin: String, destination: String) -> Scenario? {
        allCases.first { $0.route.origin == origin && $0.route.destination == destination }
    }

    /// Every scenario any leg of a search triggers.
    static func forSearch(_ key: SearchKey) -> Set<Scenario> {
        Set(key.legs.compactMap { forLeg(origin: $0.origin, destination: $0.destination) })
    }

    /// How much the price rises per read in the `priceRisesOnRead` scenario, in the offer's currency.
    static let priceRise = 10

    /// The `fareSale` scenario's sale: from this many days before departure on.
    static let saleStartsDaysBefore = 10
    /// What a fare costs during the sale, of its price before.
    static let salePriceFactor = 0.4
}
