import Entities
import FixtureServices
import Foundation
import Services
import Testing

@Suite("Recorded responses decode as live answers")
struct RecordedResponseTests {
    @Test("every data file decodes into its entity", arguments: FixtureFile.allCases.filter { !$0.isError })
    func dataFilesDecode(_ file: FixtureFile) throws {
        switch file {
        case .offerRequestOneWay, .offerRequestRoundTrip, .offerRequestEmpty:
            let request = try file.decode(DataEnvelope<OfferRequest>.self).data
            #expect(request.id.hasPrefix("orq_"))
            #expect(!request.passengers.isEmpty)
        case .offersPage1, .offersPage2:
            let page = try file.decode(Page<Offer>.self)
            #expect(!page.items.isEmpty)
            #expect((page.after == nil) == (file == .offersPage2))
        case .offer:
            #expect(try file.decode(DataEnvelope<Offer>.self).data.id.hasPrefix("off_"))
        case .order:
            #expect(try file.decode(DataEnvelope<Order>.self).data.bookingReference.count == 6)
        case .ordersByReference:
            #expect(try file.decode(Page<Order>.self).items.count == 1)
        case .orderCancellationQuote, .orderCancellationConfirmed:
            let cancellation = try file.decode(DataEnvelope<OrderCancellation>.self).data
            #expect(cancellation.isConfirmed == (file == .orderCancellationConfirmed))
        case .placesLon, .placesNewYork, .placesJFK, .placesParisCDG:
            #expect(!(try file.decode(Page<Place>.self).items.isEmpty))
        case .seatMaps, .seatMapsRoundTrip:
            let maps = try file.decode(Page<SeatMap>.self).items
            #expect(maps.count == (file == .seatMaps ? 1 : 4))
            #expect(maps.allSatisfy { map in map.seats.contains(where: \.isTaken) && map.seats.contains { !$0.isTaken } })
        default:
            Issue.record("\(file) has no decoding check")
        }
    }

    @Test("each error file maps to its typed error", arguments: [
        (FixtureFile.errorAirline, 502, APIErrorType.airline),
        (.errorAPI, 504, .api),
        (.errorAuthentication, 401, .authentication),
        (.errorInvalidRequest, 400, .invalidRequest),
        (.errorInvalidState, 422, .invalidState),
        (.errorRateLimit, 429, .rateLimit),
        (.errorValidation, 422, .validation),
        (.errorNotFound, 404, .invalidRequest),
    ])
    func errorFiles(_ file: FixtureFile, status: Int, type: APIErrorType) throws {
        guard case .api(let error, _) = file.error else {
            Issue.record("\(file) did not decode as an API error: \(file.error)")
            return
        }
        #expect(error.status == status)
        #expect(error.primary?.type == type)
        #expect(error.requestID != nil)
        #expect(!(error.primary?.message.isEmpty ?? true))
    }

    @Test("the codes callers act on are kept")
    func actionableCodes() {
        #expect(FixtureFile.errorOfferNoLongerAvailable.error.has(.offerNoLongerAvailable))
        #expect(FixtureFile.errorPriceChanged.error.has(.priceChanged))
        #expect(FixtureFile.errorValidation.error.apiError?.primary?.source?.field == "phone_number")
        #expect(FixtureFile.errorRateLimit.error.isRetryable)
        #expect(!FixtureFile.errorValidation.error.isRetryable)
    }

    @Test("the one-way search has direct and connecting offers with consistent money and times")
    func oneWaySearchIsConsistent() throws {
        let offers = try FixtureFile.offerRequestOneWay.decode(DataEnvelope<OfferRequest>.self).data.offers
        #expect(offers.count >= 12)
        #expect(offers.contains { $0.maxConnections == 0 } && offers.contains { $0.maxConnections >= 1 })
        for offer in offers {
            if let base = offer.baseAmount, let tax = offer.taxAmount {
                #expect(base.adding(tax) == offer.totalAmount, "\(offer.id): base + tax ≠ total")
            }
            for slice in offer.slices {
                // The slice's duration is the elapsed time between its ends, across time zones.
                let computed = Slice(
                    id: slice.id, origin: slice.origin, destination: slice.destination, duration: nil,
                    fareBrandName: nil, segments: slice.segments
                ).totalDuration
                #expect(slice.duration == computed, "\(offer.id) \(slice.id)")
                #expect(slice.layovers.allSatisfy { $0.duration.seconds >= 45 * 60 })
            }
        }
    }
}

@Suite("Fixture services")
struct FixtureServiceTests {
    @Test("recorded place answers, and the world's airports for the rest")
    func places() async throws {
        let service = FixturePlaceService()
        let london = try await service.suggestions(for: "LON")
        #expect(london.first?.kind == .city)
        #expect(london.first?.airports.map(\.iataCode).contains("LHR") == true)
        let zurich = try await service.suggestions(for: "zurich")
        #expect(zurich.contains { $0.iataCode == "ZRH" })
        #expect(try await service.suggestions(for: "qqqqzzzz").isEmpty)
        #expect(service.queries == ["LON", "zurich", "qqqqzzzz"])
        service.fail(with: .timedOut)
        await #expect(throws: ServiceError.timedOut) { try await service.suggestions(for: "lon") }
    }

    @Test("a search pages its offers in the order asked")
    func searchPages() async throws {
        let service = FixtureOfferService()
        let request = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: CalendarDate("2026-12-18")!)],
            passengers: [.adult])
        let result = try await service.search(request, sort: .totalDuration)
        #expect(result.offers.count >= 12)
        #expect(result.offers.map(\.totalDuration) == result.offers.map(\.totalDuration).sorted())
        let direct = try await service.search(
            SearchRequest(slices: request.slices, passengers: [.adult], maxConnections: 0))
        #expect(!direct.offers.isEmpty && direct.offers.allSatisfy { $0.maxConnections == 0 })
        #expect(service.searches.count == 2)
    }

    @Test("PVD→RAI finds nothing; scripted failures come first")
    func emptyAndFailing() async throws {
        let service = FixtureOfferService()
        let empty = SearchRequest(
            slices: [SearchSlice(origin: "PVD", destination: "RAI", departureDate: CalendarDate("2026-12-18")!)],
            passengers: [.adult])
        #expect(try await service.search(empty).offers.isEmpty)
        service.replySearches(with: .file(.errorAPI))
        await #expect(throws: ServiceError.self) { try await service.search(empty) }
        #expect(try await service.search(empty).offers.isEmpty)
    }

    @Test("a held search waits for release, and a cancelled one stops waiting at once")
    func heldSearches() async throws {
        let service = FixtureOfferService()
        let request = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: CalendarDate("2026-12-18")!)],
            passengers: [.adult])
        service.holdSearches()
        let cancelled = Task { try await service.createOfferRequest(request, returnOffers: false) }
        let released = Task { try await service.createOfferRequest(request, returnOffers: false) }
        while service.heldSearchCount < 2 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: ServiceError.cancelled) { try await cancelled.value }
        #expect(service.heldSearchCount == 1)
        service.releaseSearches()
        #expect(try await released.value.id.hasPrefix("orq_"))
    }

    @Test("an order is kept, found by reference and cancelled")
    func orders() async throws {
        let service = FixtureOrderService()
        let creation = OrderCreation(
            type: .instant, selectedOffers: ["off_1"], passengers: [], payments: [],
            metadata: ["flights_booking_key": "k1"])
        service.replyCreates(with: .bookThenFail(.timedOut))
        await #expect(throws: ServiceError.timedOut) { try await service.createOrder(creation) }
        let found = try await service.orders(OrderQuery()).items
        #expect(found.count == 1)
        #expect(found.first?.metadata?["flights_booking_key"] == "k1")
        let order = try #require(found.first)
        #expect(try await service.orders(OrderQuery(bookingReference: order.bookingReference)).items.map(\.id) == [order.id])
        let quote = try await service.quoteCancellation(orderID: order.id)
        #expect(quote.orderId == order.id && !quote.isConfirmed)
        let confirmed = try await service.confirmCancellation(id: quote.id)
        #expect(confirmed.isConfirmed)
        #expect(try await service.order(id: order.id).status == .cancelled)
    }
}

@Suite("Fixture extras")
struct FixtureExtrasTests {
    @Test("the recorded offers have their seat maps and services; another offer has none; replies can be scripted")
    func answers() async throws {
        let extras = FixtureExtrasService()
        let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
        let maps = try await extras.seatMaps(offerID: offer.id)
        #expect(maps.map(\.segmentId) == offer.slices.flatMap(\.segments).map(\.id))
        #expect(try await extras.seatMaps(offerID: "off_other").isEmpty)
        #expect(try await extras.offerWithServices(id: offer.id).availableServices?.isEmpty == false)
        await #expect(throws: ServiceError.self) { _ = try await extras.offerWithServices(id: "off_other") }
        extras.replySeatMaps(with: .failure(.timedOut))
        await #expect(throws: ServiceError.timedOut) { _ = try await extras.seatMaps(offerID: offer.id) }
        #expect(extras.seatMapReads == [offer.id, "off_other", offer.id])
        #expect(extras.serviceReads == [offer.id, "off_other"])
    }
}
