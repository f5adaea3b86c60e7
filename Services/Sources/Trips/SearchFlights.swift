public import Entities
import Foundation
public import Services

/// A search as a person or a program types it: places as codes or names, days as `2026-12-18`, `tomorrow` or `+7`,
/// a departure window as `09:00-17:00`. ``SearchFlights`` says what it means.
public struct TripQuery: Sendable, Hashable, Codable {
    /// One leg as typed.
    public struct Leg: Sendable, Hashable, Codable {
        /// Where from: a code or a name.
        public var from: String
        /// Where to: a code or a name.
        public var to: String
        /// The day, as typed; a later leg's `+N` counts from the leg before.
        public var date: String

        /// Creates a leg.
        public init(from: String, to: String, date: String) {
            self.from = from
            self.to = to
            self.date = date
        }
    }

    /// One leg for a one-way or round trip, several for multi-city.
    public var legs: [Leg]
    /// The return's day, for a round trip (`+N` counts from the departure).
    public var returnDate: String?
    /// Adults (18 and over).
    public var adults: Int
    /// Each child's age (0–17).
    public var childAges: [Int]
    /// Infants on a lap, one per adult.
    public var infants: Int
    /// The cabin; economy when `nil`.
    public var cabin: CabinClass?
    /// At most this many connections per leg; one when `nil`.
    public var maxConnections: Int?
    /// Only flights departing in this window, as typed.
    public var departureWindow: String?

    /// Creates a query.
    public init(
        legs: [Leg], returnDate: String? = nil, adults: Int = 1, childAges: [Int] = [], infants: Int = 0,
        cabin: CabinClass? = nil, maxConnections: Int? = nil, departureWindow: String? = nil
    ) {
        self.legs = legs
        self.returnDate = returnDate
        self.adults = adults
        self.childAges = childAges
        self.infants = infants
        self.cabin = cabin
        self.maxConnections = maxConnections
        self.departureWindow = departureWindow
    }
}

/// Why a search was not made.
public enum SearchFailure: Error, Sendable, Hashable {
    /// What was typed does not make a search: each problem, named by its field (`From: No airport or city matches
    /// “Atlantis”…`). Nothing was asked of the flight service but the places.
    case invalidInput([String])
    /// The flight service failed (places or offers).
    case service(ServiceError)
}

/// What a search means, and the search itself: places for a text, a typed query resolved into a `SearchRequest`
/// (every problem at once), the offers in the order asked, and the date grid's lowest totals.
public struct SearchFlights: Sendable {
    private let placeService: (any PlaceService)?
    let offerService: (any OfferService)?
    let batchService: (any OfferBatchService)?

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.init(places: trip.places, offers: trip.offers, batches: trip.offerBatches)
    }

    /// The use case over a place service and an offer service alone (a screen that only searches); with
    /// `batches`, offers can be had as the airlines answer (``offersAsTheyArrive(for:order:supplierTimeout:maxOffers:)``).
    public init(
        places: (any PlaceService)? = nil, offers: (any OfferService)? = nil, batches: (any OfferBatchService)? = nil
    ) {
        placeService = places
        offerService = offers
        batchService = batches
    }

    /// Airports and cities for `text`, best first.
    public func places(matching text: String) async -> Result<[Place], ServiceError> {
        guard let places = placeService else { return .failure(.transport("This backend finds no places.")) }
        do {
            return .success(try await places.suggestions(for: text))
        } catch {
            return .failure(error)
        }
    }

    /// The request `query` makes on `today`: its places looked up (all at once), then judged whole.
    public func request(for query: TripQuery, today: CalendarDate) async -> Result<SearchRequest, SearchFailure> {
        let texts = Self.lookups(query).map(\.text).filter { !$0.isEmpty }
        // All at once (a real API is a round trip away for each), each answer kept in its place.
        let answers = await withTaskGroup(of: (Int, Result<[Place], ServiceError>).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, await places(matching: text)) }
            }
            var answers = [Result<[Place], ServiceError>](repeating: .failure(.cancelled), count: texts.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        var found: [[Place]] = []
        for answer in answers {
            switch answer {
            case .success(let places): found.append(places)
            case .failure(let error): return .failure(.service(error))
            }
        }
        return Self.request(for: query, found: found, today: today)
    }

    /// Each leg's places as typed (trimmed), with their fields, in the order they are looked up.
    public static func lookups(_ query: TripQuery) -> [(text: String, field: SearchField)] {
        query.legs.prefix(BookingRules.maxSlices).enumerated().flatMap { index, leg in
            [(leg.from, SearchField.origin(leg: index)), (leg.to, SearchField.destination(leg: index))]
                .map { (text: $0.0.trimmingCharacters(in: .whitespaces), field: $0.1) }
        }
    }

    /// Everything `query` says, resolved and judged without asking, given the places found for each of its
    /// ``lookups(_:)`` that is not blank, in order: the request, or every problem at once.
    public static func request(
        for query: TripQuery, found: [[Place]], today: CalendarDate
    ) -> Result<SearchRequest, SearchFailure> {
        var problems: [SearchIssue] = []
        var draft = SearchDraft()
        draft.adults = query.adults
        draft.childAges = query.childAges
        draft.infants = query.infants
        draft.cabin = query.cabin ?? .economy
        draft.maxConnections = query.maxConnections ?? 1
        if query.legs.isEmpty {
            problems.append(SearchIssue(field: .origin(leg: 0), message: "Give where from, where to and the departure date."))
        }
        if query.legs.count > BookingRules.maxSlices {
            problems.append(SearchIssue(field: .legs, message: "At most \(BookingRules.maxSlices) legs can be searched at once."))
        }
        let legs = Array(query.legs.prefix(BookingRules.maxSlices))
        draft.legs = legs.map { _ in SearchDraft.Leg() }
        var answers = found.makeIterator()
        for lookup in lookups(query) {
            let places = lookup.text.isEmpty ? nil : answers.next()
            switch PlaceMatching.resolve(lookup.text, in: places ?? []) {
            case .success(let place): draft.setPlace(place, in: lookup.field)
            case .failure(let problem): problems.append(SearchIssue(field: lookup.field, message: problem.message))
            }
        }
        let reader = TravelDateReader(today: today)
        for (index, leg) in legs.enumerated() {
            do {
                draft.legs[index].date = try reader.read(leg.date, base: (index > 0 ? draft.legs[index - 1].date : nil) ?? today)
            } catch {
                problems.append(SearchIssue(field: .departure(leg: index), message: error.message))
            }
        }
        if let returnText = query.returnDate {
            if legs.count > 1 {
                problems.append(SearchIssue(
                    field: .returnDate, message: "A return date goes with one leg; for multi-city give each leg its own date."))
            } else if let outbound = draft.legs.first?.date {
                do {
                    draft.returnDate = try reader.read(returnText, base: outbound)
                } catch {
                    problems.append(SearchIssue(field: .returnDate, message: error.message))
                }
            }
        }
        if let windowText = query.departureWindow {
            do {
                draft.departureWindow = try TimeWindowReader.read(windowText, checkOrder: false)
            } catch {
                problems.append(SearchIssue(field: .departureWindow, message: error.message))
            }
        }
        // Fields already reported above (an unknown place, an unreadable date) are missing, not wrong again.
        let reported = Set(problems.map(\.field))
        problems += SearchRules.issues(in: draft, complete: false, today: today).filter { !reported.contains($0.field) }
        let legCount = max(1, draft.legs.count)
        if problems.isEmpty {
            switch SearchRules.request(for: draft, today: today) {
            case .valid(let request): return .success(request)
            case .invalid(let remaining): problems = remaining
            }
        }
        return .failure(.invalidInput(problems.map { "\($0.field.label(legCount: legCount)): \($0.message)" }))
    }

    /// Every offer for `request` (up to `maxOffers`), in `order`: the offer request (for its passengers' ids) and
    /// its offers.
    public func offers(
        for request: SearchRequest, order: OfferOrder = .price, maxOffers: Int = 1_000
    ) async -> Result<OfferSearchResult, ServiceError> {
        guard let offers = offerService else { return .failure(.transport("This backend searches no offers.")) }
        do {
            var result = try await offers.search(request, sort: .totalAmount, maxOffers: maxOffers)
            result.offers = order.sorted(result.offers)
            return .success(result)
        } catch {
            return .failure(error)
        }
    }

    /// The cheapest total for `request`: one offer is enough, as the server sorts by price. With batch offer
    /// requests, the search is read as the airlines answer (as every search is), and the cheapest of all is taken.
    public func lowestTotal(for request: SearchRequest) async -> FlexibleDateFare {
        if batchService != nil {
            var last: OfferArrival?
            for await arrival in offersAsTheyArrive(for: request, order: .price) { last = arrival }
            guard let found = last else { return .failed(.cancelled) }
            if let failure = found.failure, found.offers.isEmpty { return .failed(failure) }
            return found.offers.first.map { .cheapest($0.totalAmount) } ?? .noOffers
        }
        guard let offers = offerService else { return .failed(.transport("This backend searches no offers.")) }
        do {
            let result = try await offers.search(request, sort: .totalAmount, maxOffers: 1)
            return result.offers.min { $0.totalAmount.amount < $1.totalAmount.amount }.map { .cheapest($0.totalAmount) }
                ?? .noOffers
        } catch {
            return .failed(error)
        }
    }

    /// Why `request` would be refused by the booking rules on `today`, as the API would say it (a 422 naming each
    /// field), so nothing is asked; `nil` when it may be searched.
    public static func refusal(of request: SearchRequest, today: CalendarDate) -> ServiceError? {
        let issues = request.validationIssues(today: today)
        guard !issues.isEmpty else { return nil }
        let details = issues.map { issue in
            APIErrorDetail(
                type: .validation, code: .invalidInputData, title: "Invalid search", message: issue.message,
                source: APIErrorSource(field: issue.field))
        }
        return .api(APIError(status: 422, errors: details), rateLimit: nil)
    }

    /// Searches run at once for the date grid: enough to fill it quickly, few enough to stay well inside the API's
    /// rate limit (a `429` is waited out by the HTTP client, as its `ratelimit-reset` says).
    public static let maxParallelSearches = 4

    /// The lowest total of every cell of the grid around `request` (``DateGridPlan``), at most
    /// ``maxParallelSearches`` at once, nearest the searched days first; a cell whose search breaks the booking
    /// rules fails without a call. `settled` hears of the cells as they settle, the grid so far each time.
    ///
    /// Cancelling the task stops the grid: no search starts after it, the ones under way are abandoned, and
    /// `settled` is told nothing more; the cells settled by then are returned.
    public func dateGrid(
        around request: SearchRequest, today: CalendarDate,
        settled: (DateGridProgress) async -> Void = { _ in }
    ) async -> (plan: DateGridPlan, fares: [GridDays: FlexibleDateFare]) {
        let plan = DateGridPlan(around: request, today: today)
        var fares: [GridDays: FlexibleDateFare] = [:]
        var waiting = plan.cells[...]
        await withTaskGroup(of: (GridDays, FlexibleDateFare).self) { group in
            var running = 0
            func startNext() {
                while running < Self.maxParallelSearches, let days = waiting.popFirst() {
                    let search = plan.search(for: days)
                    if let refusal = Self.refusal(of: search, today: today) {
                        fares[days] = .failed(refusal)
                        continue
                    }
                    running += 1
                    group.addTask { (days, await self.lowestTotal(for: search)) }
                }
            }
            startNext()
            if !fares.isEmpty { await settled(DateGridProgress(plan: plan, fares: fares, last: nil)) }
            while let (days, fare) = await group.next() {
                running -= 1
                fares[days] = fare
                if Task.isCancelled {
                    group.cancelAll()
                } else {
                    startNext()
                    await settled(DateGridProgress(plan: plan, fares: fares, last: days))
                }
            }
        }
        return (plan, fares)
    }
}
