import Entities
import Foundation
import Services
import Testing

/// Checked bags on an offer read with its services, and orders that book bags and seats: totals, the services an
/// order then shows, and every refusal as a 422 naming its field.
@Suite("Bags and seats booked with an order")
struct ServicesOrderTests {
    private var departure: (Harness) -> CalendarDate { { $0.clock.date(daysAhead: 30) } }

    private func order(
        _ harness: Harness, _ offer: Offer, services: [SelectedService], paying amount: Money? = nil
    ) -> OrderCreation {
        OrderCreation(
            type: .instant, selectedOffers: [offer.id], passengers: harness.details(for: offer, departure: departure(harness)),
            payments: [Payment(amount: amount ?? offer.totalAmount)], services: services)
    }

    /// The first seat on `segment`'s map offered to `passenger` whose price `wanted` accepts.
    private func seat(
        in maps: [SeatMap], segment: Int = 0, for passenger: String, _ wanted: (Decimal) -> Bool = { _ in true }
    ) throws -> (seat: SeatElement, service: SeatService) {
        let map = try #require(maps.indices.contains(segment) ? maps[segment] : nil)
        let found = map.seats.lazy.compactMap { seat in seat.service(for: passenger).map { (seat, $0) } }
            .first { wanted($0.1.totalAmount.amount) }
        return try #require(found)
    }

    @Test("bags: one per passenger with a seat and per slice, over the slice's segments, priced in the offer's currency")
    func bagServices() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("LHR", "JFK", returnDaysAhead: 40, passengers: [.adult, .child(age: 8), .infantOnLap]),
                returnOffers: true).offers
            let listed = try #require(offers.first)
            #expect(listed.availableServices == nil)
            #expect(try await harness.offers.offer(id: listed.id).availableServices == nil)
            let offer = try await harness.client.extrasService.offerWithServices(id: listed.id)
            let bags = try #require(offer.availableServices)
            let seated = offer.passengers.filter { $0.resolvedType != .infantWithoutSeat }.map(\.id)
            #expect(bags.count == seated.count * offer.slices.count)
            for slice in offer.slices {
                let covering = bags.filter { $0.segmentIds == slice.segments.map(\.id) }
                #expect(covering.flatMap(\.passengerIds).sorted() == seated.sorted())
            }
            for bag in bags {
                #expect(bag.id.hasPrefix("ase_"))
                #expect(bag.type == .baggage)
                #expect((2...3).contains(bag.maximumQuantity))
                #expect(bag.totalAmount.currency == offer.totalAmount.currency)
                #expect(bag.totalAmount.amount >= 15 && bag.totalAmount.amount <= 120, "\(bag.totalAmount)")
                #expect(bag.metadata?.baggageType == .checked && bag.metadata?.maximumWeightKg == 23)
            }
            #expect(Set(bags.map(\.id)).count == bags.count)
            #expect(try await harness.client.extrasService.offerWithServices(id: listed.id).availableServices == bags)
        }
    }

    @Test("an order with a seat and two bags: the payment and the total include them, the order shows both, the seat is then taken")
    func seatAndBags() async throws {
        try await Harness.run { harness in
            let listed = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS"), returnOffers: true).offers.first)
            let offer = try await harness.client.extrasService.offerWithServices(id: listed.id)
            let passenger = try #require(offer.passengers.first?.id)
            let bag = try #require(offer.availableServices?.first { $0.passengerIds == [passenger] })
            let maps = try await harness.client.extrasService.seatMaps(offerID: offer.id)
            let chosen = try seat(in: maps, for: passenger) { $0 > 0 }
            let due = try #require(offer.totalAmount.adding(chosen.service.totalAmount)?.adding(bag.totalAmount.multiplied(by: 2)))

            let short = await apiError {
                try await harness.orders.createOrder(order(harness, offer, services: [
                    SelectedService(id: chosen.service.id), SelectedService(id: bag.id, quantity: 2),
                ]))
            }
            #expect(short?.status == 422)
            #expect(short?.primary?.source?.field == "payments[0].amount")
            #expect(short?.primary?.message.contains(due.wireAmount) == true, "\(String(describing: short?.primary?.message))")

            let booked = try await harness.orders.createOrder(order(harness, offer, services: [
                SelectedService(id: chosen.service.id), SelectedService(id: bag.id, quantity: 2),
            ], paying: due))
            #expect(booked.totalAmount == due)
            #expect(booked.services.count == 2)
            let seatService = try #require(booked.services.first { $0.type == .seat })
            #expect(seatService.id.hasPrefix("ser_"))
            #expect(seatService.quantity == 1 && seatService.passengerIds == [passenger])
            #expect(seatService.segmentIds == [maps[0].segmentId])
            #expect(seatService.totalAmount == chosen.service.totalAmount)
            #expect(seatService.metadata?.designator == chosen.seat.designator)
            let bagService = try #require(booked.services.first { $0.type == .baggage })
            #expect(bagService.quantity == 2 && bagService.passengerIds == [passenger])
            #expect(bagService.segmentIds == bag.segmentIds)
            #expect(bagService.totalAmount == bag.totalAmount.multiplied(by: 2))
            #expect(bagService.metadata?.baggageType == .checked)
            #expect(try await harness.orders.order(id: booked.id) == booked)

            let after = try await harness.client.extrasService.seatMaps(offerID: offer.id)
            let designator = try #require(chosen.seat.designator)
            #expect(after[0].seat(designator)?.isTaken == true)
        }
    }

    @Test("refused with 422 and the field: unknown ids, quantities, one seat each per flight, one passenger per seat")
    func refusals() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS", passengers: [.adult, .adult]), returnOffers: true).offers
            let listed = try #require(offers.first)
            let offer = try await harness.client.extrasService.offerWithServices(id: listed.id)
            let (first, second) = (offer.passengers[0].id, offer.passengers[1].id)
            let bag = try #require(offer.availableServices?.first)
            let maps = try await harness.client.extrasService.seatMaps(offerID: offer.id)
            let seatA = try seat(in: maps, for: first)
            let seatB = try #require(maps[0].seats.first { $0.designator != seatA.seat.designator && $0.service(for: first) != nil })
            let sameSeatForSecond = try #require(seatA.seat.service(for: second))
            let elsewhere = try #require(offers.dropFirst().first)
            let foreign = try seat(in: try await harness.client.extrasService.seatMaps(offerID: elsewhere.id), for: elsewhere.passengers[0].id)

            let cases: [(String, [SelectedService], String)] = [
                ("an unknown id", [SelectedService(id: "ase_nothing")], "services[0].id"),
                ("a seat of another offer", [SelectedService(id: foreign.service.id)], "services[0].id"),
                ("no bag", [SelectedService(id: bag.id, quantity: 0)], "services[0].quantity"),
                ("too many bags", [SelectedService(id: bag.id, quantity: bag.maximumQuantity + 1)], "services[0].quantity"),
                ("two of one seat", [SelectedService(id: seatA.service.id, quantity: 2)], "services[0].quantity"),
                ("a service twice", [SelectedService(id: bag.id), SelectedService(id: bag.id)], "services[1].id"),
                ("two seats for one passenger", [
                    SelectedService(id: seatA.service.id), SelectedService(id: try #require(seatB.service(for: first)?.id)),
                ], "services[1].id"),
                ("one seat for two passengers", [
                    SelectedService(id: seatA.service.id), SelectedService(id: sameSeatForSecond.id),
                ], "services[1].id"),
            ]
            for (name, services, field) in cases {
                let error = await apiError { try await harness.orders.createOrder(order(harness, offer, services: services)) }
                #expect(error?.status == 422, "\(name)")
                #expect(error?.primary?.type == .validation, "\(name)")
                #expect(error?.errors.map(\.source?.field) == [field], "\(name): \(String(describing: error))")
                #expect(error?.primary?.message.isEmpty == false, "\(name)")
            }
            // None of them booked the offer.
            let paid = try await harness.orders.createOrder(order(harness, offer, services: []))
            #expect(paid.services.isEmpty && paid.totalAmount == offer.totalAmount)
        }
    }
}
