public import Entities
public import Foundation

/// Finds airports and cities from what a traveller types (`lon`, `new york`, `JFK`).
public protocol PlaceService: Sendable {
    /// Places matching `query`, best first; a city is followed by its airports. Empty when nothing matches.
    func suggestions(for query: String) async throws(ServiceError) -> [Place]
}

/// Searches for offers and re-reads one before booking.
public protocol OfferService: Sendable {
    /// Creates an offer request for `request`. With `returnOffers`, the offers come back inline (all of them,
    /// unsorted); without, list them with ``offers(_:)``.
    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest

    /// One page of the offers of an offer request.
    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer>

    /// The offer as it stands now (its latest price), or `.api` with a 404 when it is gone.
    func offer(id: String) async throws(ServiceError) -> Offer
}

/// What an offer sells beyond the fare: its seat maps and its extras (bags), chosen before booking and sent with the
/// order as `services`.
public protocol ExtrasService: Sendable {
    /// One seat map per segment of the offer (`GET /air/seat_maps?offer_id=`); empty when the airline gives none.
    func seatMaps(offerID: String) async throws(ServiceError) -> [SeatMap]

    /// The offer with its `availableServices` (`GET /air/offers/{id}?return_available_services=true`).
    func offerWithServices(id: String) async throws(ServiceError) -> Offer
}

/// Books, reads and cancels orders.
public protocol OrderService: Sendable {
    /// Books an offer. Never retried blindly: when it fails without an answer, look the order up
    /// (``orders(_:)`` with an ``OrderQuery/bookingReference``, or by metadata) before trying again.
    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order

    /// An order by id.
    func order(id: String) async throws(ServiceError) -> Order

    /// One page of orders, newest first, optionally only those with a booking reference.
    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order>

    /// Asks what cancelling an order would refund: a quote to confirm.
    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation

    /// Confirms a quoted cancellation; the order is cancelled.
    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation

    /// Pays a held order with its current total (`POST /air/payments`). A stale amount is `price_changed`. Never
    /// retried blindly: when it fails without an answer, read the order again to see whether it was paid.
    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment
}

/// Which offers to list, and in which order.
public struct OfferQuery: Sendable, Hashable, Codable {
    /// The offer request, `orq_…`.
    public var offerRequestID: String
    /// Server-side order.
    public var sort: OfferSort?
    /// Only offers with at most this many connections on every slice.
    public var maxConnections: Int?
    /// Page size, 1 to 200.
    public var limit: Int?
    /// The cursor of the page to read.
    public var after: String?

    /// Creates a query.
    public init(offerRequestID: String, sort: OfferSort? = nil, maxConnections: Int? = nil, limit: Int? = nil, after: String? = nil) {
        self.offerRequestID = offerRequestID
        self.sort = sort
        self.maxConnections = maxConnections
        self.limit = limit
        self.after = after
    }
}

/// The orders Duffel can sort offers by; a leading `-` sorts descending.
public enum OfferSort: String, Sendable, Hashable, Codable, CaseIterable {
    /// Cheapest first.
    case totalAmount = "total_amount"
    /// Dearest first.
    case totalAmountDescending = "-total_amount"
    /// Shortest first.
    case totalDuration = "total_duration"
    /// Longest first.
    case totalDurationDescending = "-total_duration"
}

/// Which orders to list.
public struct OrderQuery: Sendable, Hashable, Codable {
    /// Only the order with this booking reference.
    public var bookingReference: String?
    /// Page size, 1 to 200.
    public var limit: Int?
    /// The cursor of the page to read.
    public var after: String?

    /// Creates a query.
    public init(bookingReference: String? = nil, limit: Int? = nil, after: String? = nil) {
        self.bookingReference = bookingReference
        self.limit = limit
        self.after = after
    }
}

extension OfferService {
    /// Searches and returns every offer, following pages up to `maxOffers`: the offer request (for its passenger
    /// ids) and its offers in the server's `sort` order.
    public func search(
        _ request: SearchRequest, sort: OfferSort? = .totalAmount, maxOffers: Int = 1_000
    ) async throws(ServiceError) -> OfferSearchResult {
        var offerRequest = try await createOfferRequest(request, returnOffers: false)
        let offers = try await allOffers(
            ofRequest: offerRequest.id, sort: sort, maxConnections: request.maxConnections, maxOffers: maxOffers)
        offerRequest.offers = []
        return OfferSearchResult(offerRequest: offerRequest, offers: offers)
    }

    /// Every offer of offer request `id`, following pages up to `maxOffers`, in the server's `sort` order.
    public func allOffers(
        ofRequest id: String, sort: OfferSort? = .totalAmount, maxConnections: Int? = nil, maxOffers: Int = 1_000
    ) async throws(ServiceError) -> [Offer] {
        var offers: [Offer] = []
        var seen: Set<String> = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try await self.offers(OfferQuery(
                offerRequestID: id, sort: sort, maxConnections: maxConnections,
                limit: min(200, max(1, maxOffers - offers.count)), after: cursor))
            pages += 1
            let fresh = page.items.filter { seen.insert($0.id).inserted }
            offers += fresh
            // A server that names a next page on its last one (Duffel's examples do) ends the search when a page
            // repeats offers already read or points back at itself; a bound stops one that never ends.
            let repeated = !page.items.isEmpty && fresh.isEmpty
            cursor = repeated || page.after == cursor || pages >= Self.maxPages ? nil : page.after
        } while cursor != nil && offers.count < maxOffers && !Task.isCancelled
        if Task.isCancelled { throw .cancelled }
        return offers
    }
}

extension OfferService {
    /// The most pages one search reads.
    static var maxPages: Int { 50 }
}

extension OrderService {
    /// The orders carrying each of `keys` in their metadata, looked for among the orders made since `since`
    /// (newest first, page after page, so a busy account's older booking is still found; `nil` reads one page).
    public func orders(
        withBookingKeys keys: Set<String>, since: Date?
    ) async throws(ServiceError) -> [String: Order] {
        // Orders are stamped by the server's clock: allow ten minutes between the two.
        let horizon = since.map { $0.addingTimeInterval(-600) }
        var found: [String: Order] = [:]
        var seen: Set<String> = []
        var cursor: String?
        for _ in 0..<20 {
            let page = try await orders(OrderQuery(limit: 50, after: cursor))
            let fresh = page.items.filter { seen.insert($0.id).inserted }
            for order in fresh {
                if let key = order.metadata?[OrderCreation.bookingKeyMetadata], keys.contains(key), found[key] == nil {
                    found[key] = order
                }
            }
            let reachedHorizon = horizon.map { limit in
                page.items.contains { order in order.createdAt.map { $0 < limit } ?? false }
            } ?? true
            let repeated = !page.items.isEmpty && fresh.isEmpty
            guard found.count < keys.count, let next = page.after, next != cursor, !repeated, !reachedHorizon
            else { break }
            cursor = next
        }
        return found
    }

    /// The order carrying `key` in its metadata, among the orders made since `since`, if any.
    public func order(withBookingKey key: String, since: Date?) async throws(ServiceError) -> Order? {
        try await orders(withBookingKeys: [key], since: since)[key]
    }
}

/// A finished search: the offer request and every offer it found.
public struct OfferSearchResult: Sendable, Hashable, Codable {
    /// The offer request, with the passenger ids an order needs.
    public var offerRequest: OfferRequest
    /// The offers, in the order asked for.
    public var offers: [Offer]

    /// Creates a result.
    public init(offerRequest: OfferRequest, offers: [Offer]) {
        self.offerRequest = offerRequest
        self.offers = offers
    }
}
