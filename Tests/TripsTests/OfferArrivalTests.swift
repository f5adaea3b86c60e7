import Entities
import FixtureServices
import Foundation
import Services
import Synchronization
import Testing
import Trips

/// A search read as its airlines answer (`SearchFlights.offersAsTheyArrive`): an arrival per batch read, each offer
/// once and in order, a failed read ending the wait without losing what came, and an API without batches searched
/// at once.
@Suite("Offers as the airlines answer")
struct OfferArrivalTests {
    private func offer(_ id: String, _ amount: Decimal) throws -> Offer {
        var offer = try recordedOffer()
        offer.id = id
        offer.totalAmount = gbp(amount)
        return offer
    }

    private func arrivals(_ batches: ScriptedBatches, _ offers: ListedOffers) async -> [OfferArrival] {
        let search = SearchFlights(offers: offers, batches: batches)
        var arrivals: [OfferArrival] = []
        for await arrival in search.offersAsTheyArrive(for: trip, order: .price) { arrivals.append(arrival) }
        return arrivals
    }

    private let trip = SearchRequest(
        slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day("2027-01-10"))], passengers: [.adult])

    @Test("each read is an arrival: every offer so far in order, each once, the empty batch counted, the last final")
    func arrivalPerRead() async throws {
        let (a, b, c) = (try offer("off_a", 300), try offer("off_b", 200), try offer("off_c", 100))
        let batches = ScriptedBatches(total: 3, reads: [.success(([a, b], 2)), .success(([], 1)), .success(([c, a], 0))])
        let arrivals = await arrivals(batches, ListedOffers([]))
        #expect(arrivals.map { $0.offers.map(\.id) } == [["off_b", "off_a"], ["off_b", "off_a"], ["off_c", "off_b", "off_a"]])
        #expect(arrivals.map { $0.newOffers.map(\.id) } == [["off_a", "off_b"], [], ["off_c"]])
        #expect(arrivals.map(\.remainingBatches) == [2, 1, 0])
        #expect(arrivals.map(\.emptyBatches) == [0, 1, 1])
        #expect(arrivals.map(\.isFinal) == [false, false, true])
        #expect(arrivals.allSatisfy { $0.failure == nil && $0.offerRequestID == "orq_batch" })
    }

    @Test("a read that fails ends the wait: what arrived is kept, the offer request's offers are listed, the failure named")
    func failedReadKeepsWhatCame() async throws {
        let (a, d) = (try offer("off_a", 300), try offer("off_d", 250))
        let batches = ScriptedBatches(total: 3, reads: [.success(([a], 2)), .failure(.transport("The connection closed."))])
        let arrivals = await arrivals(batches, ListedOffers([a, d]))
        #expect(arrivals.count == 2)
        let last = try #require(arrivals.last)
        #expect(last.isFinal)
        #expect(last.failure == .transport("The connection closed."))
        #expect(last.offers.map(\.id) == ["off_d", "off_a"])
    }

    @Test("an API without batch offer requests (404) is searched at once, in one final arrival")
    func noBatchesMeansOneAnswer() async throws {
        let a = try offer("off_a", 300)
        let batches = ScriptedBatches(total: 0, reads: [], createFails: .api(APIError(status: 404, errors: []), rateLimit: nil))
        let arrivals = await arrivals(batches, ListedOffers([a]))
        #expect(arrivals.count == 1)
        #expect(arrivals.first?.isFinal == true)
        #expect(arrivals.first?.offers.map(\.id) == ["off_a"])
        #expect(arrivals.first?.offerRequestID == "orq_plain")
    }

    @Test("the legs are named as searched: a city searched (LON) is the city, an airport searched is the airport")
    func legsNamedAsSearched() throws {
        let offer = try offer("off_a", 300)
        let airport = try #require(offer.slices.first?.origin)
        let city = try #require(airport.iataCityCode)
        let leg = { (origin: String) in
            SearchSlice(origin: origin, destination: offer.slices[0].destination.iataCode, departureDate: day("2027-01-10"))
        }
        let started = OfferArrival(started: BatchOfferRequest(id: "orq_b", totalBatches: 1, remainingBatches: 1))
        let read = BatchOfferRequest(id: "orq_b", totalBatches: 1, remainingBatches: 0, offers: [offer])
        let byCity = started.adding(read, OfferArrival.Rules(order: .price, legs: [leg(city)]))
        #expect(byCity.slices.first?.origin.kind == .city)
        #expect(byCity.slices.first?.origin.iataCode == city)
        #expect(byCity.slices.first?.origin.name == airport.cityName)
        let byAirport = started.adding(read, OfferArrival.Rules(order: .price, legs: [leg(airport.iataCode)]))
        #expect(byAirport.slices.first?.origin == airport)
        #expect(byAirport.passengers == offer.passengers)
    }

    @Test("a server that repeats the same offers without counting down ends the wait once the limit of idle reads is reached")
    func repeatedOffersEndTheWait() async throws {
        let a = try offer("off_a", 300)
        let batches = ScriptedBatches(
            total: 2, reads: Array(repeating: .success(([a], 2)), count: OfferArrival.idleReadLimit + 5))
        let arrivals = await arrivals(batches, ListedOffers([]))
        #expect(arrivals.last?.isFinal == true)
        #expect(arrivals.last?.failure != nil)
        #expect(arrivals.last?.offers.map(\.id) == ["off_a"])
        #expect(batches.readCount == OfferArrival.idleReadLimit + 1)
    }

    @Test("a server that answers every read at once with nothing ends the wait, naming it")
    func idleReadsEndTheWait() async throws {
        let batches = ScriptedBatches(
            total: 2, reads: Array(repeating: .success(([], 2)), count: OfferArrival.idleReadLimit + 5))
        let arrivals = await arrivals(batches, ListedOffers([]))
        #expect(arrivals.count == 1)
        #expect(arrivals.last?.isFinal == true)
        #expect(arrivals.last?.failure != nil)
        #expect(batches.readCount == OfferArrival.idleReadLimit)
    }
}

/// A batch service answering its reads from a script.
private final class ScriptedBatches: OfferBatchService {
    private let total: Int
    private let reads: Mutex<[Result<([Offer], Int), ServiceError>]>
    private let createFails: ServiceError?
    private let count = Mutex(0)

    init(total: Int, reads: [Result<([Offer], Int), ServiceError>], createFails: ServiceError? = nil) {
        self.total = total
        self.reads = Mutex(reads)
        self.createFails = createFails
    }

    var readCount: Int { count.withLock { $0 } }

    func createBatchOfferRequest(_ request: SearchRequest, supplierTimeout: Duration?) async throws(ServiceError) -> BatchOfferRequest {
        if let createFails { throw createFails }
        return BatchOfferRequest(id: "orq_batch", totalBatches: total, remainingBatches: total)
    }

    func batchOfferRequest(id: String, supplierTimeout: Duration?) async throws(ServiceError) -> BatchOfferRequest {
        count.withLock { $0 += 1 }
        let next = reads.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        switch next {
        case .success(let (offers, remaining))?:
            return BatchOfferRequest(id: id, totalBatches: total, remainingBatches: remaining, offers: offers)
        case .failure(let error)?: throw error
        case nil: throw .transport("The script has no more reads.")
        }
    }
}

/// An offer service whose every offer request lists `offers`, cheapest first.
private final class ListedOffers: OfferService {
    private let listed: [Offer]

    init(_ offers: [Offer]) { listed = offers.sorted { $0.totalAmount.amount < $1.totalAmount.amount } }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        OfferRequest(id: "orq_plain", slices: [], passengers: [], cabinClass: nil, offers: [], createdAt: nil)
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        Page(items: listed, after: nil)
    }

    func offer(id: String) async throws(ServiceError) -> Offer {
        throw .transport("This test lists offers only.")
    }
}
