public import Entities
public import Foundation

/// What the tools do, as the App does it: every tool runs through the same modules and services as the command of
/// the same name (`flights search`, `flights book`, `flights pay`, `flights cancel`), so an assistant's booking keeps
/// the same price check, bookings file, idempotency and lost-answer recovery as a traveller's. The server checks the
/// arguments and shapes the answers; it books nothing itself.
public protocol FlightsToolbox: Sendable {
    /// Airports and cities matching `query`.
    func places(matching query: String) async throws(ToolFailure) -> [Place]
    /// The offers of `search`, in its order, at most its limit.
    func searchFlights(_ search: TripSearch) async throws(ToolFailure) -> FoundOffers
    /// The offers of `search`, telling `progress` of the offers so far as the airlines answer.
    func searchFlights(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> FoundOffers
    /// The lowest totals around `search`'s days.
    func searchDates(_ search: TripSearch) async throws(ToolFailure) -> [DateCell]
    /// The lowest totals around `search`'s days, telling `progress` of the days as they are priced; cancelling the
    /// task stops the searches not yet answered.
    func searchDates(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> [DateCell]
    /// Offer `id` as the API sells it now, with the extra bags it sells.
    func offer(id: String) async throws(ToolFailure) -> Offer
    /// Offer `offerID`'s seat maps.
    func seatMaps(offerID: String) async throws(ToolFailure) -> [SeatMap]
    /// Books `request` (once, whatever the number of calls with its key).
    func book(_ request: BookingRequest) async throws(ToolFailure) -> BookingMade
    /// Books `request`, telling `progress` of each step (the key looked up, the offer checked, the order sent).
    func book(_ request: BookingRequest, progress: ToolProgress) async throws(ToolFailure) -> BookingMade
    /// The bookings kept here, newest first.
    func bookings() async throws(ToolFailure) -> [BookingRecord]
    /// The booking `reference`, read again from the API.
    func booking(reference: String) async throws(ToolFailure) -> BookingFound
    /// Pays the held booking `reference` at `agreedTotal`; the order as paid.
    func pay(reference: String, agreedTotal: Decimal) async throws(ToolFailure) -> Order
    /// What cancelling `reference` would refund; nothing is cancelled.
    func quoteCancellation(reference: String) async throws(ToolFailure) -> OrderCancellation
    /// Cancels `reference` if its refund is still `agreedRefund`.
    func cancel(reference: String, agreedRefund: Decimal) async throws(ToolFailure) -> OrderCancellation
    /// The airline's offers to move `reference`'s flights as `plan` says, cheapest first (never none); nothing is
    /// changed.
    func quoteChange(reference: String, plan: ChangePlan) async throws(ToolFailure) -> [OrderChangeOffer]
    /// Moves the flights if the change still costs `agreedTotal` (below zero: money back); the order after it. With
    /// `plan.offerID`, that offer (one the quote listed) is taken; otherwise the cheapest the airline offers now.
    func change(reference: String, plan: ChangePlan, agreedTotal: Decimal) async throws(ToolFailure) -> Order
    /// Keeps `search` as a price watch on `terms` and checks it at once: the watch with its first check.
    func watchTrip(_ search: TripSearch, terms: WatchAsked) async throws(ToolFailure) -> WatchReport
    /// Every watch with its history.
    func watches() async throws(ToolFailure) -> [WatchReport]
    /// Checks every watch (or those numbered `ids`) and writes what they found: each with its check.
    func checkWatches(ids: [Int]?) async throws(ToolFailure) -> [WatchReport]
    /// Removes watch `id` and its history: the watch as it was.
    func removeWatch(id: Int) async throws(ToolFailure) -> WatchReport
}

/// What a watch keeps to beyond its search, as the tools take it: the window's last day as typed, a price, airlines.
public struct WatchAsked: Sendable, Hashable {
    public var latestDeparture: String?
    public var below: Decimal?
    public var airlines: [String]

    public init(latestDeparture: String? = nil, below: Decimal? = nil, airlines: [String] = []) {
        self.latestDeparture = latestDeparture
        self.below = below
        self.airlines = airlines
    }
}

extension FlightsToolbox {
    /// The search made without telling of progress, for a toolbox that has none to tell.
    public func searchFlights(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> FoundOffers {
        try await searchFlights(search)
    }

    /// The dates searched without telling of progress, for a toolbox that has none to tell.
    public func searchDates(_ search: TripSearch, progress: ToolProgress) async throws(ToolFailure) -> [DateCell] {
        try await searchDates(search)
    }

    /// The booking made without telling of progress, for a toolbox that has none to tell.
    public func book(_ request: BookingRequest, progress: ToolProgress) async throws(ToolFailure) -> BookingMade {
        try await book(request)
    }
}

/// Which flights of a booking move, and to which days, as `flights change --flight N --date DAY` takes them.
public struct ChangePlan: Sendable, Hashable {
    /// One flight that moves: its place in the booking (0 the outbound) and its new day, as typed.
    public struct Move: Sendable, Hashable {
        public var flight: Int
        public var day: String
    }

    public var moves: [Move]
    /// The cabin of the new flights (`economy`, `premium_economy`, `business`, `first`); the booked one when `nil`.
    public var cabin: String?
    /// The flights the quote offered (``flights(of:)``), when confirming one: a booking that holds them after an
    /// answer was lost has been changed.
    public var expected: Set<String> = []
    /// The change offer the traveller chose from the quote's list (`change_offer_id`); `nil` takes the cheapest.
    public var offerID: String?

    /// Each flight of `slices` as `ZZ117 2027-01-05T10:40:00`: its number and when it leaves.
    public static func flights(of slices: [Slice]) -> Set<String> {
        Set(slices.flatMap(\.segments).map {
            "\($0.marketingCarrier.iataCode ?? "")\($0.marketingCarrierFlightNumber) \($0.departingAt)"
        })
    }
}

/// A search as the tools take it: the same words as `flights search`.
public struct TripSearch: Sendable, Hashable {
    /// One leg: where from and to, and the day, as typed (codes or names; `2026-12-18`, `tomorrow`, `+7`).
    public struct Leg: Sendable, Hashable {
        public var origin: String
        public var destination: String
        public var date: String
    }

    public var legs: [Leg]
    /// The return's day, for a round trip.
    public var returnDate: String?
    public var adults: Int
    public var childAges: [Int]
    public var infants: Int
    /// `economy`, `premium_economy`, `business` or `first`.
    public var cabin: String?
    public var maxConnections: Int?
    /// `09:00-17:00`.
    public var departureWindow: String?
    /// `price`, `duration`, `departure`, `arrival` or `emissions`.
    public var sort: String
    /// At most this many offers; `nil` for all.
    public var limit: Int?
    /// Seconds each airline may take (2–60); the API's default when `nil`.
    public var supplierTimeout: Int?
}

/// What a search found: the offer request's id and its offers.
public struct FoundOffers: Sendable, Hashable {
    public var offerRequestID: String
    public var offers: [Offer]
    /// Batches of airlines that sent no offers (none to sell, a failure, or too slow for the supplier timeout).
    public var airlinesWithoutOffers: Int

    public init(offerRequestID: String, offers: [Offer], airlinesWithoutOffers: Int = 0) {
        self.offerRequestID = offerRequestID
        self.offers = offers
        self.airlinesWithoutOffers = airlinesWithoutOffers
    }
}

/// One day (or pair of days) of the date grid, as `flights search --grid --json` writes it.
public struct DateCell: Sendable, Hashable, Codable {
    public var departureDate: String
    public var returnDate: String?
    /// `priced`, `no_offers`, `failed` or `searching`.
    public var status: String
    public var lowestTotalAmount: String?
    public var lowestTotalCurrency: String?

    public init(
        departureDate: String, returnDate: String?, status: String, lowestTotalAmount: String? = nil,
        lowestTotalCurrency: String? = nil
    ) {
        self.departureDate = departureDate
        self.returnDate = returnDate
        self.status = status
        self.lowestTotalAmount = lowestTotalAmount
        self.lowestTotalCurrency = lowestTotalCurrency
    }

    private enum CodingKeys: String, CodingKey {
        case departureDate = "departure_date", returnDate = "return_date", status
        case lowestTotalAmount = "lowest_total_amount", lowestTotalCurrency = "lowest_total_currency"
    }
}

/// A booking to make: the offer, its passengers as a passengers file gives them, hold or pay now, the total agreed,
/// and the key that makes calls with the same arguments one booking.
public struct BookingRequest: Sendable, Hashable {
    public var offerID: String
    public var travellers: [PassengersFile.Traveller]
    public var hold: Bool
    public var agreedTotal: Decimal
    /// The same for the same arguments: the booking key the order carries, so a repeated call finds it.
    public var key: String

    public init(offerID: String, travellers: [PassengersFile.Traveller], hold: Bool, agreedTotal: Decimal, key: String) {
        self.offerID = offerID
        self.travellers = travellers
        self.hold = hold
        self.agreedTotal = agreedTotal
        self.key = key
    }
}

/// A booking made, or found made by an earlier call with the same key.
public struct BookingMade: Sendable, Hashable {
    public var order: Order
    /// Made by an earlier call: nothing was sent this time.
    public var alreadyBooked: Bool

    public init(order: Order, alreadyBooked: Bool) {
        self.order = order
        self.alreadyBooked = alreadyBooked
    }
}

/// A booking looked up: the record kept here (if any) and the order as the API has it (if it could be read).
public struct BookingFound: Sendable, Hashable {
    public var record: BookingRecord?
    public var order: Order?

    public init(record: BookingRecord?, order: Order?) {
        self.record = record
        self.order = order
    }
}
