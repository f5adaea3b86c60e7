public import Entities
public import Services

/// What a search has found so far, as its airlines answer (``SearchFlights/offersAsTheyArrive(for:order:supplierTimeout:maxOffers:)``):
/// every offer so far in the order asked, those the last batch brought, and how many batches are still to come.
///
/// Its rules are pure, so a screen takes the same steps one effect at a time: ``init(started:)`` once the batch
/// offer request is made, ``adding(_:_:)`` each read, ``ended(by:listed:_:)`` when a read fails, and
/// ``completed(listed:_:)`` when none was to come.
public struct OfferArrival: Sendable, Hashable, Codable {
    /// The offer request (`orq_…`), through which its offers can be listed again.
    public var offerRequestID: String
    /// Every offer so far, each once, in the order asked.
    public var offers: [Offer]
    /// The offers this arrival brought, in the order they came.
    public var newOffers: [Offer]
    /// Batches expected in all (1 for an API that answers a search at once).
    public var totalBatches: Int
    /// Batches still to come.
    public var remainingBatches: Int
    /// Batches that came back without offers: their airlines had none, failed, or did not answer within the
    /// supplier timeout (the API does not say which).
    public var emptyBatches: Int
    /// The last arrival: nothing more will come.
    public var isFinal: Bool
    /// Why the wait stopped before every batch came (the offers so far are kept); `nil` when it did not.
    public var failure: ServiceError?
    /// The passengers' ids an order needs, read from the offers (a batch's answer has no passenger list).
    public var passengers: [OfferPassenger]
    /// The legs as the API named their places, read from the offers likewise; empty before the first offer.
    public var slices: [OfferRequestSlice]
    /// Reads in a row that brought no offer not seen before and counted nothing down.
    public var idleReads: Int

    public init(
        offerRequestID: String, offers: [Offer] = [], newOffers: [Offer] = [], totalBatches: Int, remainingBatches: Int,
        emptyBatches: Int = 0, isFinal: Bool = false, failure: ServiceError? = nil, passengers: [OfferPassenger] = [],
        slices: [OfferRequestSlice] = [], idleReads: Int = 0
    ) {
        self.offerRequestID = offerRequestID
        self.offers = offers
        self.newOffers = newOffers
        self.totalBatches = totalBatches
        self.remainingBatches = remainingBatches
        self.emptyBatches = emptyBatches
        self.isFinal = isFinal
        self.failure = failure
        self.passengers = passengers
        self.slices = slices
        self.idleReads = idleReads
    }

    /// How arrivals are kept: the offers' order, the search's legs (to name the places), and at most how many.
    public struct Rules: Sendable, Hashable {
        public var order: OfferOrder
        public var legs: [SearchSlice]
        public var maxOffers: Int

        public init(order: OfferOrder, legs: [SearchSlice], maxOffers: Int = 1_000) {
            self.order = order
            self.legs = legs
            self.maxOffers = maxOffers
        }
    }

    /// Reads in a row that bring nothing and count nothing down before the wait is given up: a long poll waits
    /// for a batch, so a server that answers at once with nothing, again and again, is not waiting.
    public static let idleReadLimit = 20

    /// The most batches a search is waited for: Duffel sends one per group of airlines, a handful; a server that
    /// claims millions is not counted down one read at a time.
    public static let maxBatches = 100

    /// A search just started: nothing yet, `started.remainingBatches` to come (at most ``maxBatches``).
    public init(started: BatchOfferRequest) {
        self.init(
            offerRequestID: started.id, totalBatches: min(started.totalBatches, Self.maxBatches),
            remainingBatches: min(started.remainingBatches, Self.maxBatches))
    }

    /// A search that could not be made.
    public init(failed error: ServiceError) {
        self.init(offerRequestID: "", totalBatches: 1, remainingBatches: 0, isFinal: true, failure: error)
    }

    /// A plain search's answer, as one final arrival.
    public init(oneAnswer result: OfferSearchResult) {
        self.init(
            offerRequestID: result.offerRequest.id, offers: result.offers, newOffers: result.offers, totalBatches: 1,
            remainingBatches: 0, isFinal: true, passengers: result.offerRequest.passengers,
            slices: result.offerRequest.slices)
    }

    /// Whether `error`, answering a batch offer request, means the API has none (so the search is made the plain
    /// way): not found, a method it does not take, not implemented. A broken answer is said as one, not hidden.
    public static func meansNoBatches(_ error: ServiceError) -> Bool {
        guard let status = error.apiError?.status else { return false }
        return [404, 405, 501].contains(status)
    }

    /// This arrival with a batch read added: its new offers (each once, in order), the batches it counted down
    /// (those that brought nothing counted empty), final when none remain. A run of reads that bring nothing ends
    /// the wait (``idleReadLimit``).
    public func adding(_ read: BatchOfferRequest, _ rules: Rules) -> OfferArrival {
        var next = self
        let arrived = max(0, remainingBatches - read.remainingBatches)
        if read.offers.isEmpty { next.emptyBatches += arrived }
        next.remainingBatches = min(remainingBatches, read.remainingBatches)
        next.take(read.offers, rules)
        // Offers seen before (or past the most kept) are no progress either: a server repeating itself is idle.
        next.idleReads = next.newOffers.isEmpty && arrived == 0 ? idleReads + 1 : 0
        next.isFinal = next.remainingBatches == 0
        if next.idleReads >= Self.idleReadLimit {
            next.isFinal = true
            next.failure = .malformedResponse(
                "The API answered \(Self.idleReadLimit) reads of the search without a batch or its count going down.")
        }
        return next
    }

    /// The wait ended by `error`: the offers the offer request lists (`listed`, when they could be read) added to
    /// what arrived; final, naming the failure.
    public func ended(by error: ServiceError, listed: [Offer], _ rules: Rules) -> OfferArrival {
        var next = self
        next.take(listed, rules)
        next.failure = error
        next.isFinal = true
        return next
    }

    /// Nothing was to come: the offer request's offers are the answer; final.
    public func completed(listed: [Offer], _ rules: Rules) -> OfferArrival {
        var next = self
        next.take(listed, rules)
        next.isFinal = true
        return next
    }

    /// Whether this arrival says something `previous` did not: offers, batches counted down, or the end.
    public func differs(from previous: OfferArrival) -> Bool {
        offers.count != previous.offers.count || remainingBatches != previous.remainingBatches
            || isFinal != previous.isFinal
    }

    /// The search so far as a plain search's answer.
    public var result: OfferSearchResult {
        OfferSearchResult(
            offerRequest: OfferRequest(
                id: offerRequestID, slices: slices, passengers: passengers, cabinClass: nil, offers: [], createdAt: nil),
            offers: offers)
    }

    /// The place searched as `code`, named from an airport an offer flies from or to: that airport, or the city
    /// it serves when the search named the city (LON for Heathrow), as a plain search's answer names it.
    static func place(searched code: String, flown airport: Place) -> Place {
        guard code != airport.iataCode, code == airport.iataCityCode else { return airport }
        return Place(
            kind: .city, iataCode: code, name: airport.cityName ?? code, iataCountryCode: airport.iataCountryCode,
            iataCityCode: code)
    }

    /// Adds the offers not seen before, keeps the order, and reads the passengers and places from the first.
    private mutating func take(_ new: [Offer], _ rules: Rules) {
        let seen = Set(offers.map(\.id))
        var fresh: [Offer] = []
        var added: Set<String> = []
        for offer in new where !seen.contains(offer.id) && added.insert(offer.id).inserted {
            guard offers.count + fresh.count < rules.maxOffers else { break }
            fresh.append(offer)
        }
        newOffers = fresh
        offers = rules.order.sorted(offers + fresh)
        if passengers.isEmpty, let first = offers.first {
            passengers = first.passengers
            if first.slices.count == rules.legs.count {
                slices = zip(first.slices, rules.legs).map { slice, leg in
                    OfferRequestSlice(
                        origin: Self.place(searched: leg.origin, flown: slice.origin),
                        destination: Self.place(searched: leg.destination, flown: slice.destination),
                        departureDate: leg.departureDate)
                }
            }
        }
    }
}
