import Entities
import Foundation
import Services

/// The filters a traveller set on the results, applied on this machine over every offer found.
struct AvailabilityFilters: Sendable, Hashable {
    /// At most this many stops (changes of plane and landings on the way) on every leg.
    var maxStops: Int?
    /// Only offers whose every flight is sold or flown by one of these airlines (IATA codes, upper case).
    var carriers: Set<String> = []
    /// Only offers whose first leg leaves in this window (local to its airport).
    var departureWindow: TimeWindow?

    /// Whether no filter is set.
    var isEmpty: Bool { maxStops == nil && carriers.isEmpty && departureWindow == nil }

    /// Whether `offer` passes every filter set.
    func admits(_ offer: Offer) -> Bool {
        if let maxStops, offer.slices.contains(where: { FlightAvailabilityInteractor.stops(in: $0) > maxStops }) {
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
        return true
    }
}

/// The cheapest offer on one day of a flexible-dates search, or why there is none.
struct FlexibleDateFare: Sendable, Hashable {
    /// What the search of that day found.
    enum Outcome: Sendable, Hashable {
        /// The lowest total on that day.
        case cheapest(Money)
        /// The search worked and found nothing.
        case noOffers
        /// The search of that day failed; the other days are unaffected.
        case failed(ServiceError)
    }

    /// The first leg's departure day.
    var date: CalendarDate
    /// What was found.
    var outcome: Outcome
}

/// The use case of the availability screen: checks and runs searches, sorts and filters their offers, finds the
/// cheapest day around a date, and writes offers as JSON. No UI types.
final class FlightAvailabilityInteractor: Sendable {
    /// Days either side of the first leg's date in the flexible-dates view.
    static let flexibleDaySpan = 3
    /// Searches run at once for flexible dates: enough to be quick, few enough not to hit the rate limit.
    static let maxParallelSearches = 4

    private let offers: any OfferService
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone

    init(offers: any OfferService, now: @escaping @Sendable () -> Date, timeZone: TimeZone) {
        self.offers = offers
        self.now = now
        self.timeZone = timeZone
    }

    /// The traveller's date today.
    var today: CalendarDate { CalendarDate(now(), in: timeZone) }

    // MARK: Searching

    /// The error the API would answer for a request that breaks the search rules, or `nil` when it may be sent.
    /// Checked here first so a bad deep link fails in words without a round trip.
    func validationError(for request: SearchRequest) -> ServiceError? {
        let issues = request.validationIssues(today: today)
        guard !issues.isEmpty else { return nil }
        let details = issues.map { issue in
            APIErrorDetail(
                type: .validation, code: .invalidInputData, title: "Invalid search", message: issue.message,
                source: APIErrorSource(field: issue.field))
        }
        return .api(APIError(status: 422, errors: details), rateLimit: nil)
    }

    /// Checks and runs `request`, following every page of offers (cheapest first from the server).
    func search(_ request: SearchRequest) async throws(ServiceError) -> OfferSearchResult {
        if let error = validationError(for: request) { throw error }
        return try await offers.search(request, sort: .totalAmount)
    }

    /// The search of `request` as work that holds only the service, so a caller that stops waiting for it (a
    /// cancelled search the service has not noticed yet) keeps nothing of the screen alive.
    func searchOperation(for request: SearchRequest) -> @Sendable () async -> Result<OfferSearchResult, ServiceError> {
        let failure = validationError(for: request)
        let offers = self.offers
        return {
            if let failure { return .failure(failure) }
            do throws(ServiceError) {
                return .success(try await offers.search(request, sort: .totalAmount))
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: Sorting and filtering

    /// `offers` in `sort` order; ties go to the cheaper, then to the order found, so the order is stable.
    static func sorted(_ offers: [Offer], by sort: AvailabilitySort) -> [Offer] {
        // Indices are sorted, not offers: an offer is a large value, and moving a thousand of them about was most
        // of the time a sort took.
        let keys = offers.map { sortKey($0, sort) }
        let amounts = offers.map(\.totalAmount.amount)
        let order = offers.indices.sorted { lhs, rhs in
            if keys[lhs] != keys[rhs] { return keys[lhs] < keys[rhs] }
            if amounts[lhs] != amounts[rhs] { return amounts[lhs] < amounts[rhs] }
            return lhs < rhs
        }
        return order.map { offers[$0] }
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
        }
    }

    /// The offers that pass `filters`, in their order.
    static func filtered(_ offers: [Offer], by filters: AvailabilityFilters) -> [Offer] {
        filters.isEmpty ? offers : offers.filter(filters.admits)
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

    // MARK: Flexible dates

    /// The days around the first leg's date to price, earliest first; days before today are left out.
    func flexibleDates(around request: SearchRequest) -> [CalendarDate] {
        guard let first = request.slices.first?.departureDate else { return [] }
        let today = self.today
        return (-Self.flexibleDaySpan...Self.flexibleDaySpan)
            .map { first.adding(days: $0) }
            .filter { $0 >= today }
    }

    /// The cheapest offer of `request` moved to each of `dates` (every leg shifted alike), searched a few at a
    /// time; each day's answer arrives as soon as it is known, a failure only in its own day. Ending the stream's
    /// iteration cancels the searches still running.
    func cheapestFares(
        for request: SearchRequest, on dates: [CalendarDate], maxParallel: Int = maxParallelSearches
    ) -> AsyncStream<FlexibleDateFare> {
        let offers = self.offers
        let checks = dates.map { (date: $0, request: request.shifted(toDepartOn: $0)) }
            .map { (date: $0.date, request: $0.request, failure: validationError(for: $0.request)) }
        let (stream, continuation) = AsyncStream.makeStream(of: FlexibleDateFare.self)
        let producer = Task {
            await withTaskGroup(of: FlexibleDateFare.self) { group in
                var waiting = checks[...]
                for _ in 0..<max(1, maxParallel) {
                    guard let next = waiting.popFirst() else { break }
                    group.addTask { await Self.cheapestFare(next.date, next.request, next.failure, offers) }
                }
                while let fare = await group.next() {
                    continuation.yield(fare)
                    if let next = waiting.popFirst(), !Task.isCancelled {
                        group.addTask { await Self.cheapestFare(next.date, next.request, next.failure, offers) }
                    }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in producer.cancel() }
        return stream
    }

    private static func cheapestFare(
        _ date: CalendarDate, _ request: SearchRequest, _ failure: ServiceError?, _ offers: any OfferService
    ) async -> FlexibleDateFare {
        if let failure { return FlexibleDateFare(date: date, outcome: .failed(failure)) }
        do throws(ServiceError) {
            // The server sorts by price, so one offer is the cheapest; no need to page through the rest.
            let result = try await offers.search(request, sort: .totalAmount, maxOffers: 1)
            guard let cheapest = result.offers.min(by: { $0.totalAmount.amount < $1.totalAmount.amount }) else {
                return FlexibleDateFare(date: date, outcome: .noOffers)
            }
            return FlexibleDateFare(date: date, outcome: .cheapest(cheapest.totalAmount))
        } catch {
            return FlexibleDateFare(date: date, outcome: .failed(error))
        }
    }

    // MARK: JSON

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
