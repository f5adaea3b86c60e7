import CurlHTTP
import Entities
import Foundation
import SandboxServer
import Services
import Testing

@Suite("Offer search")
struct OfferSearchTests {
    @Test("a one-way search returns Duffel-shaped offers that add up and keep local time")
    func oneWay() async throws {
        try await Harness.run { harness in
            let request = harness.search("LHR", "JFK")
            let offerRequest = try await harness.offers.createOfferRequest(request, returnOffers: true)
            #expect(offerRequest.id.hasPrefix("orq_"))
            #expect(offerRequest.passengers.count == 1)
            #expect(offerRequest.slices.first?.origin.iataCode == "LHR")
            #expect((10...60).contains(offerRequest.offers.count))

            for offer in offerRequest.offers {
                #expect(offer.id.hasPrefix("off_"))
                #expect(offer.totalAmount.currency == "GBP")
                let base = try #require(offer.baseAmount), tax = try #require(offer.taxAmount)
                #expect(base.adding(tax) == offer.totalAmount)
                #expect(offer.expiresAt == harness.clock.now.addingTimeInterval(30 * 60))
                #expect(offer.passengers.map(\.id) == offerRequest.passengers.map(\.id))
                #expect(offer.liveMode == false)
                let slice = try #require(offer.slices.first)
                #expect(offer.slices.count == 1)
                #expect(slice.origin.iataCode == "LHR" && slice.destination.iataCode == "JFK")
                #expect(slice.segments.first?.departingAt.date == request.slices[0].departureDate)
                try checkSegments(slice)
                #expect(slice.segments.allSatisfy { $0.marketingCarrier.iataCode == offer.owner.iataCode })
            }
            let owners = Set(offerRequest.offers.compactMap(\.owner.iataCode))
            #expect(owners.count >= 4)
            #expect(owners.contains("ZZ"))
            #expect(offerRequest.offers.contains { $0.slices[0].segments.count == 1 })
            let checkedBags = Set(offerRequest.offers.compactMap {
                $0.slices[0].segments[0].passengers[0].baggages.first { $0.type == .checked }?.quantity
            })
            #expect(checkedBags.count >= 2)
            let refundable = Set(offerRequest.offers.map { $0.conditions.refundBeforeDeparture?.allowed == true })
            #expect(refundable == [true, false])
            #expect(Set(offerRequest.offers.compactMap(\.slices[0].fareBrandName)) == ["Basic", "Standard", "Flex"])
        }
    }

    /// Segments follow on from each other; each lasts what its local times say across time zones; nothing
    /// leaves between 01:00 and 05:00; a connection leaves time to change planes.
    private func checkSegments(_ slice: Slice, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for segment in slice.segments {
            let departs = segment.departingAt.instant(in: segment.origin.zone)
            let arrives = segment.arrivingAt.instant(in: segment.destination.zone)
            let duration = try #require(segment.duration, sourceLocation: sourceLocation)
            #expect(Int(arrives.timeIntervalSince(departs)) == duration.seconds, sourceLocation: sourceLocation)
            #expect(duration.seconds >= 30 * 60, sourceLocation: sourceLocation)
            #expect(!(1..<5).contains(segment.departingAt.time.hour), sourceLocation: sourceLocation)
            #expect(segment.aircraft != nil, sourceLocation: sourceLocation)
        }
        for (arriving, leaving) in zip(slice.segments, slice.segments.dropFirst()) {
            #expect(arriving.destination.iataCode == leaving.origin.iataCode, sourceLocation: sourceLocation)
        }
        for layover in slice.layovers {
            #expect(layover.duration.seconds >= 45 * 60, sourceLocation: sourceLocation)
            #expect(layover.duration.seconds <= 20 * 3_600, sourceLocation: sourceLocation)
        }
        let first = try #require(slice.segments.first, sourceLocation: sourceLocation)
        let last = try #require(slice.segments.last, sourceLocation: sourceLocation)
        let elapsed = last.arrivingAt.instant(in: last.destination.zone)
            .timeIntervalSince(first.departingAt.instant(in: first.origin.zone))
        #expect(slice.duration?.seconds == Int(elapsed), sourceLocation: sourceLocation)
    }

    @Test("an overnight flight east arrives the next local day")
    func nextDayArrival() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("LHR", "SIN", maxConnections: 0), returnOffers: true).offers
            #expect(!offers.isEmpty)
            for offer in offers {
                let segment = offer.slices[0].segments[0]
                #expect(offer.slices[0].segments.count == 1)
                #expect(segment.departingAt.dayOffset(to: segment.arrivingAt) >= 1)
                try checkSegments(offer.slices[0])
            }
        }
    }

    @Test("a round trip has one slice per leg, the second coming back")
    func roundTrip() async throws {
        try await Harness.run { harness in
            let request = harness.search("LHR", "JFK", daysAhead: 30, returnDaysAhead: 37)
            let offers = try await harness.offers.createOfferRequest(request, returnOffers: true).offers
            #expect(!offers.isEmpty)
            for offer in offers {
                #expect(offer.slices.count == 2)
                #expect(offer.slices[1].origin.iataCode == "JFK" && offer.slices[1].destination.iataCode == "LHR")
                #expect(offer.slices[1].segments.first?.departingAt.date == request.slices[1].departureDate)
                #expect(offer.slices.allSatisfy { $0.segments.allSatisfy { $0.marketingCarrier.iataCode == offer.owner.iataCode } })
                try offer.slices.forEach { try checkSegments($0) }
            }
            // Different combinations of outbound and return flights, not one pairing repeated.
            #expect(Set(offers.map { $0.slices.map { $0.segments.map(\.flightNumber) } }).count >= offers.count / 3)
        }
    }

    @Test("a multi-city search has a slice for each leg, in order")
    func multiCity() async throws {
        try await Harness.run { harness in
            let request = SearchRequest(
                slices: [
                    SearchSlice(origin: "LHR", destination: "CDG", departureDate: harness.clock.date(daysAhead: 20)),
                    SearchSlice(origin: "CDG", destination: "FCO", departureDate: harness.clock.date(daysAhead: 23)),
                    SearchSlice(origin: "FCO", destination: "LHR", departureDate: harness.clock.date(daysAhead: 27)),
                ],
                passengers: [.adult, .adult], cabinClass: .economy)
            let offers = try await harness.offers.createOfferRequest(request, returnOffers: true).offers
            #expect(!offers.isEmpty)
            for offer in offers {
                #expect(offer.slices.map(\.origin.iataCode) == ["LHR", "CDG", "FCO"])
                #expect(offer.slices.map(\.destination.iataCode) == ["CDG", "FCO", "LHR"])
                #expect(offer.passengers.count == 2)
            }
        }
    }

    @Test("a city code searches its airports")
    func citySearch() async throws {
        try await Harness.run { harness in
            let offerRequest = try await harness.offers.createOfferRequest(harness.search("LON", "NYC"), returnOffers: true)
            #expect(offerRequest.slices.first?.origin.kind == .city)
            let origins = Set(offerRequest.offers.map { $0.slices[0].origin.iataCode })
            let destinations = Set(offerRequest.offers.map { $0.slices[0].destination.iataCode })
            #expect(origins.isSubset(of: ["LHR", "LGW", "STN", "LTN", "LCY", "SEN"]))
            #expect(destinations.isSubset(of: ["JFK", "EWR", "LGA"]))
            #expect(origins.count + destinations.count >= 3)
        }
    }

    @Test("a long route with no plausible nonstop connects once or twice")
    func longRouteConnects() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("BTS", "SYD", maxConnections: 2), returnOffers: true).offers
            #expect(!offers.isEmpty)
            #expect(offers.allSatisfy { (1...2).contains($0.slices[0].connections) })
            for offer in offers { try checkSegments(offer.slices[0]) }
        }
    }

    @Test("the same search gives the same offers, in another process with another data directory too")
    func deterministic() async throws {
        let clock = TestClock()
        let (first, firstOffer) = try await Harness.run(clock: clock) { harness in
            let result = try await harness.offers.createOfferRequest(harness.search("CDG", "BCN"), returnOffers: true)
            let again = try await harness.offers.createOfferRequest(harness.search("CDG", "BCN"), returnOffers: true)
            #expect(again == result)
            return (result, try await harness.offers.offer(id: try #require(result.offers.last).id))
        }
        try await Harness.run(clock: clock) { harness in
            let second = try await harness.offers.createOfferRequest(harness.search("CDG", "BCN"), returnOffers: true)
            #expect(second == first)
            // An offer id is readable by a process that never saw the search.
            #expect(try await harness.offers.offer(id: firstOffer.id) == firstOffer)
            let listed = try await harness.offers.offers(OfferQuery(offerRequestID: first.id, limit: 200))
            #expect(listed.items == first.offers)
        }
    }

    @Test("offers are listed later by offer request, sorted, filtered and paged without gaps or repeats")
    func listing() async throws {
        try await Harness.run { harness in
            let offerRequest = try await harness.offers.createOfferRequest(
                harness.search("LHR", "JFK", maxConnections: 1), returnOffers: false)
            #expect(offerRequest.offers.isEmpty)
            var collected: [Offer] = []
            var cursor: String?
            var pages = 0
            repeat {
                let page = try await harness.offers.offers(OfferQuery(
                    offerRequestID: offerRequest.id, sort: .totalAmount, limit: 7, after: cursor))
                #expect(page.items.count <= 7)
                #expect(page.limit == 7)
                collected += page.items
                cursor = page.after
                pages += 1
            } while cursor != nil && pages < 50
            let all = try await harness.offers.offers(OfferQuery(offerRequestID: offerRequest.id, limit: 200)).items
            #expect(collected.count == all.count)
            #expect(Set(collected.map(\.id)) == Set(all.map(\.id)))
            #expect(pages == (all.count + 6) / 7)
            let amounts = collected.map(\.totalAmount.amount)
            #expect(amounts == amounts.sorted())

            let descending = try await harness.offers.offers(OfferQuery(
                offerRequestID: offerRequest.id, sort: .totalAmountDescending, limit: 200)).items.map(\.totalAmount.amount)
            #expect(descending == amounts.sorted(by: >))
            let durations = try await harness.offers.offers(OfferQuery(
                offerRequestID: offerRequest.id, sort: .totalDuration, limit: 200)).items.map(\.totalDuration)
            #expect(durations == durations.sorted())
            let longestFirst = try await harness.offers.offers(OfferQuery(
                offerRequestID: offerRequest.id, sort: .totalDurationDescending, limit: 200)).items.map(\.totalDuration)
            #expect(longestFirst == durations.sorted(by: >))

            let direct = try await harness.offers.offers(OfferQuery(
                offerRequestID: offerRequest.id, maxConnections: 0, limit: 200)).items
            #expect(!direct.isEmpty)
            #expect(direct.count < all.count)
            #expect(direct.allSatisfy { $0.maxConnections == 0 })
        }
    }

    @Test("max_connections 0 in the search gives only nonstops")
    func directOnly() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("LHR", "JFK", maxConnections: 0), returnOffers: true).offers
            #expect(!offers.isEmpty)
            #expect(offers.allSatisfy { $0.slices[0].segments.count == 1 })
        }
    }

    @Test("departure and arrival time windows are respected")
    func timeWindows() async throws {
        try await Harness.run { harness in
            var request = harness.search("LHR", "AMS")
            let window = try #require(LocalTime("09:00").flatMap { from in LocalTime("13:00").map { TimeWindow(from: from, to: $0) } })
            request.slices[0].departureTime = window
            let offers = try await harness.offers.createOfferRequest(request, returnOffers: true).offers
            #expect(!offers.isEmpty)
            #expect(offers.allSatisfy { window.contains($0.slices[0].segments[0].departingAt.time) })
        }
    }

    @Test("prices rise with the cabin, close to departure, and with each passenger; children pay less")
    func pricing() async throws {
        try await Harness.run { harness in
            func median(_ request: SearchRequest) async throws -> Decimal {
                let amounts = try await harness.offers.createOfferRequest(request, returnOffers: true).offers
                    .map(\.totalAmount.amount).sorted()
                return try #require(amounts.isEmpty ? nil : amounts[amounts.count / 2])
            }
            let economy = try await median(harness.search("LHR", "JFK", daysAhead: 45))
            let business = try await median(harness.search("LHR", "JFK", daysAhead: 45, cabin: .business))
            #expect(business > economy * 2)
            let lastMinute = try await median(harness.search("LHR", "JFK", daysAhead: 2))
            let early = try await median(harness.search("LHR", "JFK", daysAhead: 120))
            #expect(lastMinute > early)

            // The same flights and fare priced for one adult and for a family.
            func byJourney(_ passengers: [PassengerSpec]) async throws -> [String: Offer] {
                let offers = try await harness.offers.createOfferRequest(
                    harness.search("LHR", "JFK", daysAhead: 45, passengers: passengers), returnOffers: true).offers
                return Dictionary(offers.map { offer in
                    (offer.slices.map { "\($0.fareBrandName ?? "")" + $0.segments.map(\.flightNumber).joined() }.joined(), offer)
                }, uniquingKeysWith: { first, _ in first })
            }
            let single = try await byJourney([.adult])
            let family = try await byJourney([.adult, .adult, .child(age: 7), .infantOnLap])
            let shared = Set(single.keys).intersection(family.keys)
            #expect(!shared.isEmpty)
            for key in shared {
                let one = try #require(single[key]?.baseAmount?.amount)
                let four = try #require(family[key]?.baseAmount?.amount)
                let ratio = NSDecimalNumber(decimal: four / one).doubleValue
                #expect(abs(ratio - 2.85) < 0.02, "base fares: 2 adults + 0.75 child + 0.1 infant")
            }
        }
    }

    @Test("one offer reads back by id, and the price action answers it too")
    func singleOffer() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("MAD", "LIS"), returnOffers: true).offers
            let offer = try #require(offers.first)
            #expect(try await harness.offers.offer(id: offer.id) == offer)
            #expect(offer.totalAmount.currency == "EUR")
            let priced = try await harness.raw(.post, "/air/offers/\(offer.id)/actions/price", body: #"{"data":{}}"#)
            #expect(priced.status == 200)
            let decoded = try DuffelJSON.decoder().decode(DataEnvelope<Offer>.self, from: priced.body).data
            #expect(decoded == offer)
        }
    }

    @Test("offers expire 30 minutes after the search")
    func expiry() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "EDI"), returnOffers: true).offers.first)
            harness.clock.advance(by: 29 * 60)
            #expect(try await harness.offers.offer(id: offer.id).id == offer.id)
            harness.clock.advance(by: 2 * 60)
            let error = await apiError { try await harness.offers.offer(id: offer.id) }
            #expect(error?.status == 404)
            #expect(error?.has(.offerNoLongerAvailable) == true)
            let booking = await apiError {
                try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            }
            #expect(booking?.status == 422)
            #expect(booking?.has(.offerNoLongerAvailable) == true)
        }
    }

    @Test("x-sandbox-offer-count asks for a number of offers, up to 500")
    func offerCount() async throws {
        try await Harness.run { harness in
            let body = """
                {"data":{"slices":[{"origin":"LHR","destination":"JFK","departure_date":"\(harness.clock.date(daysAhead: 30))"},\
                {"origin":"JFK","destination":"LHR","departure_date":"\(harness.clock.date(daysAhead: 40))"}],\
                "passengers":[{"type":"adult"}],"cabin_class":"economy"}}
                """
            let headers: HTTPHeaders = [
                "Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2", "x-sandbox-offer-count": "250",
            ]
            let response = try await harness.raw(.post, "/air/offer_requests?return_offers=true", body: body, headers: headers)
            #expect(response.status == 201)
            let offerRequest = try DuffelJSON.decoder().decode(DataEnvelope<OfferRequest>.self, from: response.body).data
            #expect(offerRequest.offers.count == 250)
            #expect(Set(offerRequest.offers.map(\.id)).count == 250)
            let listed = try await harness.offers.offers(OfferQuery(offerRequestID: offerRequest.id, limit: 200))
            #expect(listed.items.count == 200)
            #expect(listed.after != nil)
        }
    }
}
