import Entities
import Foundation

/// The sandbox's endpoints, apart from HTTP: each takes what the request said and answers a reply or an
/// ``APIFailure``. The routes (``SandboxResponder``) and their middleware do the HTTP around them.
final class SandboxAPI: Sendable {
    let world: WorldMap
    let generator: OfferGenerator
    let store: SandboxStore
    let now: @Sendable () -> Date
    /// Recent searches, so paging through offers and reading one back do not regenerate them; costed by offers,
    /// which keeps the memory bounded (about 20,000 offers) whatever size the searches are.
    private let searches = LockedCache<String, GeneratedSearch>(budget: 20_000)
    /// Offer requests' answers, encoded (and gzipped) once.
    let answers = AnswerCache()
    /// Batch offer requests under way, and which of their batches have been read.
    let batchRequests = BatchOfferRequests()

    /// The most a search waits before the timeout scenario answers 504, whatever `supplier_timeout` says.
    static let longestSupplierWait = Duration.seconds(1)

    init(world: WorldMap, store: SandboxStore, now: @escaping @Sendable () -> Date) {
        self.world = world
        self.generator = OfferGenerator(world: world)
        self.store = store
        self.now = now
    }

    // MARK: - Places

    func suggestions(query: String?) throws(APIFailure) -> APIReply {
        let text = query?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !text.isEmpty else {
            throw .invalidParameter("query", "Give a query: part of an airport's or a city's name, or its code.")
        }
        return try .json(ListWire(world.suggestions(for: text, limit: 20).map(PlaceWire.init(place:))))
    }

    // MARK: - Offer requests

    func createOfferRequest(
        body: Data, returnOffers: Bool, supplierTimeout: Duration?, offerCount: Int?
    ) async throws(APIFailure) -> APIReply {
        let request = try RequestBody.decode(SearchRequest.self, from: body)
        let searchedAt = now()
        try validate(request, at: searchedAt)
        if let offerCount, !(1...OfferGenerator.maximumOfferCount).contains(offerCount) {
            throw .badRequest("x-sandbox-offer-count must be 1 to \(OfferGenerator.maximumOfferCount).")
        }
        let key = SearchKey(request: request, offerCount: offerCount ?? 0, createdAt: searchedAt, supplierTimeout: supplierTimeout)
        try await timeOutIfTheScenarioSays(key, supplierTimeout: supplierTimeout)
        let clock = ContinuousClock()
        let started = clock.now
        // Airlines that take time to answer are waited for, each up to the supplier timeout.
        let search = generatedSearch(for: key)
        let generated = clock.now
        if let wait = search.batches.map({ min($0.delay, key.supplierTimeout ?? $0.delay) }).max(), wait > .zero {
            try? await Task.sleep(for: wait)
        }
        let answered = clock.now
        let cacheKey = SandboxAPI.answerKey(SandboxID.offerRequestID(for: key), includingOffers: returnOffers)
        if let body = answers.body(for: cacheKey) {
            return APIReply(status: 201, body: body, timings: [("cached", generated - started)], cacheKey: cacheKey)
        }
        var reply = try offerRequestReply(search, includingOffers: returnOffers, cacheKey: cacheKey)
        reply.status = 201
        reply.timings = [("generate", generated - started), ("encode", clock.now - answered)]
        return reply
    }

    /// The timeout scenario (STN → LHR): Duffel waits for the airlines up to `supplier_timeout` (here at most
    /// ``longestSupplierWait``), then gives up with 504.
    func timeOutIfTheScenarioSays(_ key: SearchKey, supplierTimeout: Duration?) async throws(APIFailure) {
        guard Scenario.forSearch(key).contains(.searchTimesOut) else { return }
        try? await Task.sleep(for: min(supplierTimeout ?? SandboxAPI.longestSupplierWait, SandboxAPI.longestSupplierWait))
        throw APIFailure(
            status: 504, type: .api, code: .supplierTimeout, title: "Airline timeout",
            message: "The airlines did not answer within the supplier timeout. Try the search again.")
    }

    func offerRequest(id: String) throws(APIFailure) -> APIReply {
        guard let key = SandboxID.searchKey(fromOfferRequestID: id) else {
            throw .notFound("No offer request has the id \(id).")
        }
        let cacheKey = SandboxAPI.answerKey(id, includingOffers: true)
        if let body = answers.body(for: cacheKey) { return APIReply(status: 200, body: body, cacheKey: cacheKey) }
        return try offerRequestReply(generatedSearch(for: key), includingOffers: true, cacheKey: cacheKey)
    }

    /// An offer request's answer (200), encoded and kept in ``answers``: it depends on the search alone.
    private func offerRequestReply(
        _ search: GeneratedSearch, includingOffers: Bool, cacheKey: String
    ) throws(APIFailure) -> APIReply {
        var reply = try APIReply.json(DataWire(OfferRequestWire(request: search.offerRequest(includingOffers: includingOffers))))
        answers.store(body: reply.body, for: cacheKey)
        reply.cacheKey = cacheKey
        return reply
    }

    private static func answerKey(_ offerRequestID: String, includingOffers: Bool) -> String {
        "\(offerRequestID)|\(includingOffers ? "offers" : "bare")"
    }

    /// Duffel's rules first (shared with the app), then whether the airports exist.
    func validate(_ request: SearchRequest, at date: Date) throws(APIFailure) {
        // "Today" is the origin's: a flight from Honolulu can still leave on a date that is yesterday in London.
        let zone = request.slices.first.flatMap { world.airports(for: $0.origin).first?.zone }
            ?? TimeZone(secondsFromGMT: -12 * 3_600) ?? SearchKey.utc
        var issues = request.validationIssues(today: CalendarDate(date, in: zone))
        for (index, slice) in request.slices.enumerated() {
            for (field, code) in [("origin", slice.origin), ("destination", slice.destination)]
            where BookingRules.isIATACode(code) && !world.knows(code) {
                issues.append(ValidationIssue(
                    field: "slices[\(index)].\(field)",
                    message: "\(code) is not an airport or city the sandbox knows; look it up with place suggestions."))
            }
        }
        if !issues.isEmpty { throw .validation(issues) }
    }

    func generatedSearch(for key: SearchKey) -> GeneratedSearch {
        let id = SandboxID.offerRequestID(for: key)
        if let cached = searches.value(for: id) { return cached }
        let search = generator.generate(key)
        searches.store(search, for: id, cost: max(1, search.offers.count))
        return search
    }

    // MARK: - Offers

    func listOffers(
        offerRequestID: String?, sort: String?, maxConnections: String?, limit: String?, after: String?
    ) async throws(APIFailure) -> APIReply {
        guard let offerRequestID, !offerRequestID.isEmpty else {
            throw .invalidParameter("offer_request_id", "Give the offer request's id (orq_…) as offer_request_id.")
        }
        guard let key = SandboxID.searchKey(fromOfferRequestID: offerRequestID) else {
            throw .notFound("No offer request has the id \(offerRequestID).", source: APIErrorSource(parameter: "offer_request_id"))
        }
        let pageSize = try SandboxAPI.pageSize(limit)
        var connections: Int?
        if let maxConnections {
            guard let value = Int(maxConnections), (0...2).contains(value) else {
                throw .invalidParameter("max_connections", "max_connections must be 0, 1 or 2.")
            }
            connections = value
        }
        // A page is a function of the search and these parameters, unless reading offers raises their prices.
        let pageKey = "page|\(offerRequestID)|\(sort ?? "")|\(connections.map(String.init) ?? "")|\(pageSize)|\(after ?? "")"
        if let body = answers.body(for: pageKey) { return APIReply(status: 200, body: body, cacheKey: pageKey) }
        let search = generatedSearch(for: key)
        var offers = Array(search.offers.enumerated())
        if let connections {
            offers.removeAll { $0.element.maxConnections > connections }
        }
        switch sort {
        case nil, "": break
        case "total_amount": offers.sort { ($0.element.totalAmount.amount, $0.offset) < ($1.element.totalAmount.amount, $1.offset) }
        case "-total_amount": offers.sort { ($0.element.totalAmount.amount, $1.offset) > ($1.element.totalAmount.amount, $0.offset) }
        case "total_duration": offers.sort { ($0.element.totalDuration, $0.offset) < ($1.element.totalDuration, $1.offset) }
        case "-total_duration": offers.sort { ($0.element.totalDuration, $1.offset) > ($1.element.totalDuration, $0.offset) }
        case let other?:
            throw .invalidParameter(
                "sort", "sort must be total_amount or total_duration, with a leading - for descending, not \"\(other)\".")
        }
        let scope = "offers|\(offerRequestID)|\(sort ?? "")|\(connections.map(String.init) ?? "")"
        var start = 0
        if let after {
            guard let offset = SandboxID.offset(fromCursor: after, scope: scope), offset <= offers.count else {
                throw .invalidParameter("after", "after must be the cursor of a previous page of this same listing.")
            }
            start = offset
        }
        let end = min(offers.count, start + pageSize)
        var page: [OfferWire] = []
        for entry in offers[start..<end] {
            page.append(OfferWire(offer: try await current(entry.element, of: search, countingRead: false)))
        }
        let next = end < offers.count ? SandboxID.cursor(offset: end, scope: scope) : nil
        var reply = try APIReply.json(ListWire(page, meta: .init(limit: pageSize, after: next)))
        if !search.scenarios.contains(.priceRisesOnRead) {
            answers.store(body: reply.body, for: pageKey)
            reply.cacheKey = pageKey
        }
        return reply
    }

    /// `GET /air/offers/{id}`, and the price action: the offer as it stands now. Each counts as a read.
    /// `withServices` (`return_available_services=true`): with its `available_services`, a checked bag per
    /// passenger and slice (seats are sold through its seat maps).
    /// Never inlined: Swift 6.3.1's optimiser crashes (signal 11, splitting the coroutine of `OfferRoutes.price`)
    /// when this typed-throws call is inlined into that untyped-throws route, so a release build failed.
    @inline(never)
    func offer(id: String, withServices: Bool = false) async throws(APIFailure) -> APIReply {
        let (search, offer) = try unexpiredOffer(id, source: nil)
        var answer = try await current(offer, of: search, countingRead: true)
        if withServices { answer.availableServices = ServiceCatalog.bags(for: offer) }
        return try .json(DataWire(OfferWire(offer: answer)))
    }

    /// The generated search and the offer an id names, or 404; an expired offer is 404 `offer_no_longer_available`.
    func unexpiredOffer(_ id: String, source: APIErrorSource?) throws(APIFailure) -> (GeneratedSearch, Offer) {
        let (search, offer) = try resolveOffer(id, source: source)
        guard !offer.isExpired(at: now()) else {
            throw APIFailure(
                status: 404, type: .invalidRequest, code: .offerNoLongerAvailable, title: "Offer no longer available",
                message: "Offer \(id) expired at \(offer.expiresAt.map(DuffelJSON.formatTimestamp) ?? "an unknown time"); search again for current offers.",
                source: source)
        }
        return (search, offer)
    }

    /// The generated search and the offer an id names, or 404.
    func resolveOffer(_ id: String, source: APIErrorSource?) throws(APIFailure) -> (GeneratedSearch, Offer) {
        guard let reference = SandboxID.offerReference(fromOfferID: id) else {
            throw .notFound("No offer has the id \(id).", source: source)
        }
        let search = generatedSearch(for: reference.key)
        guard search.offers.indices.contains(reference.index) else {
            throw .notFound("No offer has the id \(id).", source: source)
        }
        return (search, search.offers[reference.index])
    }

    /// The offer with what has happened to it since the search: in the rising-price scenario, 10.00 more for
    /// each read so far (this one included when `countingRead`).
    func current(_ offer: Offer, of search: GeneratedSearch, countingRead: Bool) async throws(APIFailure) -> Offer {
        guard search.scenarios.contains(.priceRisesOnRead) else { return offer }
        let reads: Int
        do {
            reads = countingRead ? try await store.recordRead(ofOffer: offer.id) : try await store.reads(ofOffer: offer.id)
        } catch {
            throw .internalError(error.description)
        }
        return SandboxAPI.raised(offer, reads: reads, at: countingRead ? now() : nil)
    }

    static func raised(_ offer: Offer, reads: Int, at date: Date?) -> Offer {
        guard reads > 0 else { return offer }
        var raised = offer
        let rise = Money(amount: Decimal(Scenario.priceRise * reads), currency: offer.totalAmount.currency)
        raised.totalAmount = offer.totalAmount.adding(rise) ?? offer.totalAmount
        raised.baseAmount = offer.baseAmount.flatMap { $0.adding(rise) }
        if let date { raised.updatedAt = date }
        return raised
    }

    static func pageSize(_ limit: String?) throws(APIFailure) -> Int {
        guard let limit else { return 50 }
        guard let value = Int(limit), (1...200).contains(value) else {
            throw .invalidParameter("limit", "limit must be a whole number from 1 to 200.")
        }
        return value
    }
}
