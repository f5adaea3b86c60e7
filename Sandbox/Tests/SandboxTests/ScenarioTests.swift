import Entities
import Foundation
import Services
import Testing

/// Duffel's test-mode routes, as the notes' scenarios table lists them.
@Suite("Test scenarios")
struct ScenarioTests {
    @Test("PVD → RAI: no offers")
    func noOffers() async throws {
        try await Harness.run { harness in
            let offerRequest = try await harness.offers.createOfferRequest(harness.search("PVD", "RAI"), returnOffers: true)
            #expect(offerRequest.offers.isEmpty)
            let listed = try await harness.offers.offers(OfferQuery(offerRequestID: offerRequest.id))
            #expect(listed.items.isEmpty)
            #expect(listed.after == nil)
        }
    }

    @Test("JFK → EWR: offers can only be held, and a hold is paid later")
    func holdOnly() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("JFK", "EWR"), returnOffers: true).offers
            #expect(!offers.isEmpty)
            #expect(offers.allSatisfy { $0.canBeHeld })
            let offer = try #require(offers.first)
            let departure = harness.clock.date(daysAhead: 30)

            let instant = await apiError { try await harness.orders.createOrder(harness.instantOrder(offer, departure: departure)) }
            #expect(instant?.status == 422)
            #expect(instant?.primary?.source?.field == "type")

            let hold = OrderCreation(
                type: .hold, selectedOffers: [offer.id], passengers: harness.details(for: offer, departure: departure),
                payments: [])
            let order = try await harness.orders.createOrder(hold)
            #expect(order.type == .hold)
            #expect(order.status == .awaitingPayment)
            #expect(order.paymentStatus.paymentRequiredBy != nil)
            #expect(order.documents.isEmpty)
        }
    }

    @Test("LHR → DEL: passports are required; an order without them is refused, naming the field")
    func documentsRequired() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "DEL"), returnOffers: true).offers
            let offer = try #require(offers.first)
            #expect(offers.allSatisfy { $0.passengerIdentityDocumentsRequired })
            #expect(offer.supportedPassengerIdentityDocumentTypes == [.passport])
            let departure = harness.clock.date(daysAhead: 30)

            let without = await apiError { try await harness.orders.createOrder(harness.instantOrder(offer, departure: departure)) }
            #expect(without?.status == 422)
            #expect(without?.primary?.type == .validation)
            #expect(without?.primary?.source?.field == "passengers[0].identity_documents")

            var passengers = harness.details(for: offer, departure: departure)
            let lastDay = try #require(offer.slices.last?.arrivingAt?.date)
            passengers[0].identityDocuments = [IdentityDocument(
                uniqueIdentifier: "533380006", issuingCountryCode: "GB", expiresOn: lastDay)]
            let expired = await apiError {
                try await harness.orders.createOrder(OrderCreation(
                    type: .instant, selectedOffers: [offer.id], passengers: passengers,
                    payments: [Payment(amount: offer.totalAmount)]))
            }
            #expect(expired?.primary?.source?.field == "passengers[0].identity_documents[0].expires_on")

            passengers[0].identityDocuments = [IdentityDocument(
                uniqueIdentifier: "533380006", issuingCountryCode: "GB", expiresOn: lastDay.adding(days: 365))]
            let order = try await harness.orders.createOrder(OrderCreation(
                type: .instant, selectedOffers: [offer.id], passengers: passengers,
                payments: [Payment(amount: offer.totalAmount)]))
            #expect(order.bookingReference.count == 6)
        }
    }

    @Test("LHR → DXB: every offer connects")
    func connections() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "DXB"), returnOffers: true).offers
            #expect(!offers.isEmpty)
            #expect(offers.allSatisfy { $0.slices[0].connections >= 1 })
            #expect(offers.allSatisfy { $0.slices[0].connectingAirports.allSatisfy { !["LHR", "DXB"].contains($0.iataCode) } })
        }
    }

    @Test("DXB → AMS: a stop inside a segment, within its times")
    func stopInsideSegment() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("DXB", "AMS"), returnOffers: true).offers
            #expect(!offers.isEmpty)
            for offer in offers {
                let segment = try #require(offer.slices[0].segments.first { !$0.stops.isEmpty })
                let stop = try #require(segment.stops.first)
                #expect(stop.id.hasPrefix("sto_"))
                #expect(![segment.origin.iataCode, segment.destination.iataCode].contains(stop.airport.iataCode))
                let departs = segment.departingAt.instant(in: segment.origin.zone)
                let lands = stop.arrivingAt.instant(in: stop.airport.zone)
                let leaves = stop.departingAt.instant(in: stop.airport.zone)
                let arrives = segment.arrivingAt.instant(in: segment.destination.zone)
                #expect(departs < lands && lands < leaves && leaves < arrives)
                #expect(stop.duration?.seconds == Int(leaves.timeIntervalSince(lands)))
                #expect(offer.slices[0].technicalStops == 1)
            }
        }
    }

    @Test("BTS → MRU: no bags included")
    func noBaggage() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("BTS", "MRU"), returnOffers: true).offers
            #expect(!offers.isEmpty)
            let bags = offers.flatMap { $0.slices.flatMap { $0.segments.flatMap { $0.passengers.flatMap(\.baggages) } } }
            #expect(bags.isEmpty)
        }
    }

    @Test("STN → LHR: the search times out with a 504 api_error")
    func searchTimesOut() async throws {
        try await Harness.run { harness in
            let error = await apiError { try await harness.offers.createOfferRequest(harness.search("STN", "LHR"), returnOffers: true) }
            #expect(error?.status == 504)
            #expect(error?.primary?.type == .api)
            #expect(error?.requestID?.isEmpty == false)
        }
    }

    @Test("LGW → LHR: booking fails with offer_no_longer_available")
    func offerNoLongerAvailable() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LGW", "LHR"), returnOffers: true).offers.first)
            let error = await apiError {
                try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            }
            #expect(error?.status == 422)
            #expect(error?.has(.offerNoLongerAvailable) == true)
        }
    }

    @Test("LHR → STN: the price rises by 10.00 on each read; a stale price is price_changed, the new one books")
    func priceRises() async throws {
        try await Harness.run { harness in
            let searched = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "STN"), returnOffers: true).offers.first)
            let first = try await harness.offers.offer(id: searched.id)
            let second = try await harness.offers.offer(id: searched.id)
            #expect(first.totalAmount.amount == searched.totalAmount.amount + 10)
            #expect(second.totalAmount.amount == searched.totalAmount.amount + 20)
            #expect(second.baseAmount?.adding(try #require(second.taxAmount)) == second.totalAmount)

            let departure = harness.clock.date(daysAhead: 30)
            let stale = await apiError { try await harness.orders.createOrder(harness.instantOrder(first, departure: departure)) }
            #expect(stale?.status == 422)
            #expect(stale?.has(.priceChanged) == true)

            var wrong = harness.instantOrder(second, departure: departure)
            wrong.payments = [Payment(amount: Money(amount: second.totalAmount.amount + 3, currency: "GBP"))]
            let invalid = await apiError { try await harness.orders.createOrder(wrong) }
            #expect(invalid?.status == 422)
            #expect(invalid?.primary?.type == .validation)
            #expect(invalid?.primary?.source?.field == "payments[0].amount")

            let order = try await harness.orders.createOrder(harness.instantOrder(second, departure: departure))
            #expect(order.totalAmount == second.totalAmount)
        }
    }
}
