public import Entities
public import Services

/// What a search has found so far, as its airlines answer (``SearchFlights/offersAsTheyArrive(for:order:supplierTimeout:maxOffers:)``):
/// every offer so far in the order asked, those the last batch brought, and how many batches are still to come.
public struct OfferArrival: Sendable, Hashable {
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

    public init(
        offerRequestID: String, offers: [Offer] = [], newOffers: [Offer] = [], totalBatches: Int, remainingBatches: Int,
        emptyBatches: Int = 0, isFinal: Bool = false, failure: ServiceError? = nil, passengers: [OfferPassenger] = [],
        slices: [OfferRequestSlice] = []
    ) {
        self.slices = slices
        self.offerRequestID = offerRequestID
        self.offers = offers
        self.newOffers = newOffers
        self.totalBatches = totalBatches
        self.remainingBatches = remainingBatches
        self.emptyBatches = emptyBatches
        self.isFinal = isFinal
        self.failure = failure
        self.passengers = passengers
    }

    /// The search so far as a plain search's answer.
    public var result: OfferSearchResult {
        OfferSearchResult(
            offerRequest: OfferRequest(
                id: offerRequestID, slices: slices, passengers: passengers, cabinClass: nil, offers: [], createdAt: nil),
            offers: offers)
    }
}
