import Entities
import FixtureServices
@testable import FlightAvailability
import Foundation
import Services
import TerminalUI

/// The recordings were made on 2026-11-22 at 10:15 UTC, for flights on 2026-12-18.
let recordingNow = Date(timeIntervalSince1970: 1_795_342_500)
let london = TimeZone(identifier: "Europe/London") ?? TimeZone(secondsFromGMT: 0) ?? .current

/// A date written in a test; a typo falls back to the recording day, which the test's expectations then catch.
func date(_ text: String) -> CalendarDate {
    CalendarDate(text) ?? CalendarDate(recordingNow, in: london)
}

enum Searches {
    static let oneWay = SearchRequest(
        slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: date("2026-12-18"))],
        passengers: [.adult], cabinClass: .economy)
    static let roundTrip = SearchRequest(
        slices: [
            SearchSlice(origin: "LHR", destination: "JFK", departureDate: date("2026-12-18")),
            SearchSlice(origin: "JFK", destination: "LHR", departureDate: date("2026-12-28")),
        ],
        passengers: [.adult, .adult, .child(age: 8)], cabinClass: .economy)
    static let empty = SearchRequest(
        slices: [SearchSlice(origin: "PVD", destination: "RAI", departureDate: date("2026-12-18"))],
        passengers: [.adult], cabinClass: .economy)
}

/// The traveller's day when the recordings were made.
let recordingDay = CalendarDate(recordingNow, in: london)

/// Every way out the module took.
@MainActor
final class SpyAvailabilityRouter: FlightAvailabilityRouter {
    private(set) var summaries: [(offer: Offer, search: SearchRequest)] = []
    private(set) var backCount = 0
    /// The searches gone back with, after other days were chosen in the date grid.
    private(set) var backSearches: [SearchRequest] = []

    func availabilityDidChoose(offer: Offer, search: SearchRequest) { summaries.append((offer, search)) }
    func availabilityDidGoBack() { backCount += 1 }
    func availabilityDidGoBack(withSearch search: SearchRequest) { backSearches.append(search) }
}

/// The fixture service, with the searches of chosen days failing, so a test knows which day fails however the
/// parallel searches interleave.
final class DayFailingOfferService: OfferService {
    let base: FixtureOfferService
    let failures: [CalendarDate: ServiceError]

    init(base: FixtureOfferService = FixtureOfferService(), failures: [CalendarDate: ServiceError]) {
        self.base = base
        self.failures = failures
    }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        if let day = request.slices.first?.departureDate, let failure = failures[day] {
            _ = try await base.createOfferRequest(request, returnOffers: returnOffers)
            throw failure
        }
        return try await base.createOfferRequest(request, returnOffers: returnOffers)
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        try await base.offers(query)
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        try await base.offer(id: id)
    }
}

/// The recorded offers, decoded as the services decode them.
enum Recorded {
    static func offers(_ file: FixtureFile) throws -> [Offer] {
        try file.decode(DataEnvelope<OfferRequest>.self).data.offers
    }
}
