import Entities
import Foundation
import SandboxServer
import Services
import Testing

@Suite("Orders and cancellations")
struct OrderTests {
    @Test("an instant order is confirmed with a booking reference, tickets, and the metadata it was given")
    func createAndRead() async throws {
        try await Harness.run { harness in
            let request = harness.search("LHR", "JFK", passengers: [.adult, .child(age: 10)])
            let offer = try #require(try await harness.offers.createOfferRequest(request, returnOffers: true).offers.first)
            let departure = request.slices[0].departureDate
            let order = try await harness.orders.createOrder(
                harness.instantOrder(offer, departure: departure, metadata: ["idempotency_key": "k-123"]))
            #expect(order.id.hasPrefix("ord_"))
            #expect(order.bookingReference.count == 6)
            #expect(order.bookingReference.allSatisfy { $0.isUppercase || $0.isNumber })
            #expect(order.status == .confirmed)
            #expect(order.totalAmount == offer.totalAmount)
            #expect(order.slices == offer.slices)
            #expect(order.passengers.map(\.id) == offer.passengers.map(\.id))
            #expect(order.passengers.map(\.givenName) == ["Ada", "Alan"])
            #expect(order.documents.count == 2)
            #expect(order.documents.allSatisfy { $0.type == "electronic_ticket" && $0.uniqueIdentifier.count == 13 })
            #expect(order.metadata == ["idempotency_key": "k-123"])
            #expect(order.availableActions?.contains(.cancel) == true)
            #expect(order.createdAt == harness.clock.now)

            #expect(try await harness.orders.order(id: order.id) == order)
            let found = try await harness.orders.orders(OrderQuery(bookingReference: order.bookingReference))
            #expect(found.items == [order])
            let lowerCase = try await harness.orders.orders(OrderQuery(bookingReference: order.bookingReference.lowercased()))
            #expect(lowerCase.items == [order])
            #expect(try await harness.orders.orders(OrderQuery(bookingReference: "ZZZZZZ")).items.isEmpty)
        }
    }

    @Test("a second order for the same offer is refused")
    func secondOrderRefused() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS"), returnOffers: true).offers.first)
            let creation = harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30))
            let order = try await harness.orders.createOrder(creation)
            let error = await apiError { try await harness.orders.createOrder(creation) }
            #expect(error?.status == 422)
            #expect(error?.has(.alreadyBooked) == true)
            #expect(error?.primary?.message.contains(order.id) == true)
        }
    }

    @Test("orders are listed newest first, a page at a time")
    func listing() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "DUB"), returnOffers: true).offers
            var booked: [Order] = []
            for offer in offers.prefix(5) {
                booked.append(try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30))))
                harness.clock.advance(by: 1)
            }
            var listed: [Order] = []
            var cursor: String?
            repeat {
                let page = try await harness.orders.orders(OrderQuery(limit: 2, after: cursor))
                #expect(page.items.count <= 2)
                listed += page.items
                cursor = page.after
            } while cursor != nil && listed.count < 20
            #expect(listed.map(\.id) == booked.reversed().map(\.id))
        }
    }

    @Test("a cancellation is quoted, then confirmed; the order is cancelled and allows nothing more")
    func cancellation() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "MAD"), returnOffers: true).offers
            let flex = try #require(offers.first { $0.conditions.refundBeforeDeparture?.allowed == true && $0.conditions.refundBeforeDeparture?.penalty?.amount == 0 })
            let basic = try #require(offers.first { $0.slices[0].fareBrandName == "Basic" })
            let departure = harness.clock.date(daysAhead: 30)

            let order = try await harness.orders.createOrder(harness.instantOrder(flex, departure: departure))
            let quote = try await harness.orders.quoteCancellation(orderID: order.id)
            #expect(quote.id.hasPrefix("ore_"))
            #expect(quote.orderId == order.id)
            #expect(quote.refundAmount == order.totalAmount)
            #expect(quote.isConfirmed == false)
            #expect(try await harness.orders.order(id: order.id).cancelledAt == nil)

            let confirmed = try await harness.orders.confirmCancellation(id: quote.id)
            #expect(confirmed.isConfirmed)
            let read = try await harness.raw(.get, "/air/order_cancellations/\(quote.id)")
            #expect(read.status == 200)
            #expect(try DuffelJSON.decoder().decode(DataEnvelope<OrderCancellation>.self, from: read.body).data == confirmed)
            let cancelled = try await harness.orders.order(id: order.id)
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.availableActions?.isEmpty == true)

            let again = await apiError { try await harness.orders.confirmCancellation(id: quote.id) }
            #expect(again?.status == 422)
            let requote = await apiError { try await harness.orders.quoteCancellation(orderID: order.id) }
            #expect(requote?.status == 422)
            #expect(requote?.has(.orderNotCancellable) == true)

            let nonRefundable = try await harness.orders.createOrder(harness.instantOrder(basic, departure: departure))
            #expect(nonRefundable.availableActions?.contains(.change) == false)
            #expect(try await harness.orders.quoteCancellation(orderID: nonRefundable.id).refundAmount?.amount == 0)
            let unknown = await apiError { try await harness.orders.quoteCancellation(orderID: "ord_nothing") }
            #expect(unknown?.status == 404)
        }
    }

    @Test("a cancellation quote expires")
    func quoteExpires() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "MAD"), returnOffers: true).offers.first)
            let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            let quote = try await harness.orders.quoteCancellation(orderID: order.id)
            harness.clock.advance(by: 31 * 60)
            let error = await apiError { try await harness.orders.confirmCancellation(id: quote.id) }
            #expect(error?.status == 422)
            #expect(try await harness.orders.order(id: order.id).cancelledAt == nil)
        }
    }

    @Test("orders survive a restart; the same offer cannot be booked again after it")
    func persistence() async throws {
        let directory = try Harness.temporaryDirectory()
        let clock = TestClock()
        let (order, offer) = try await Harness.run(clock: clock, directory: directory) { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "FRA"), returnOffers: true).offers.first)
            return (try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30))), offer)
        }
        try await Harness.run(clock: clock, directory: directory) { harness in
            let read = try await harness.orders.order(id: order.id)
            #expect(read == order)
            let listed = try await harness.orders.orders(OrderQuery(bookingReference: order.bookingReference)).items
            #expect(listed == [order])
            let error = await apiError {
                try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            }
            #expect(error?.has(.alreadyBooked) == true)
        }
    }

    @Test("concurrent bookings of different offers all succeed, each with its own booking reference")
    func concurrentBookings() async throws {
        try await Harness.run { harness in
            let request = harness.search("LHR", "JFK", daysAhead: 30, returnDaysAhead: 35)
            let offers = Array(try await harness.offers.createOfferRequest(request, returnOffers: true).offers.prefix(24))
            let departure = request.slices[0].departureDate
            let orders = try await withThrowingTaskGroup(of: Order.self) { group in
                for offer in offers {
                    let creation = harness.instantOrder(offer, departure: departure)
                    group.addTask { try await harness.orders.createOrder(creation) }
                }
                var orders: [Order] = []
                for try await order in group { orders.append(order) }
                return orders
            }
            #expect(orders.count == offers.count)
            #expect(Set(orders.map(\.bookingReference)).count == orders.count)
            var listed: [Order] = []
            var cursor: String?
            repeat {
                let page = try await harness.orders.orders(OrderQuery(limit: 200, after: cursor))
                listed += page.items
                cursor = page.after
            } while cursor != nil
            #expect(Set(listed.map(\.id)) == Set(orders.map(\.id)))
        }
    }

    @Test("two sandboxes sharing a data directory race to book one offer: exactly one wins, both see it")
    func twoProcessesOneOffer() async throws {
        let directory = try Harness.temporaryDirectory()
        let clock = TestClock()
        try await Harness.run(clock: clock, directory: directory) { first in
            try await Harness.run(clock: clock, directory: directory) { second in
                let offers = try await first.offers.createOfferRequest(first.search("LHR", "CDG"), returnOffers: true).offers
                let departure = first.clock.date(daysAhead: 30)
                for offer in offers.prefix(6) {
                    let creation = first.instantOrder(offer, departure: departure)
                    async let a = result { try await first.orders.createOrder(creation) }
                    async let b = result { try await second.orders.createOrder(creation) }
                    let outcomes = await [a, b]
                    let winners = outcomes.compactMap { try? $0.get() }
                    #expect(winners.count == 1)
                    let losers = outcomes.compactMap { outcome -> ServiceError? in
                        if case .failure(let error) = outcome { return error }
                        return nil
                    }
                    #expect(losers.count == 1)
                    #expect(losers.first?.has(.alreadyBooked) == true, "\(String(describing: losers.first))")
                    let winner = try #require(winners.first)
                    #expect(try await first.orders.order(id: winner.id) == winner)
                    #expect(try await second.orders.order(id: winner.id) == winner)
                }
            }
        }
    }

    private func result<T: Sendable>(_ call: () async throws -> T) async -> Result<T, ServiceError> {
        do {
            return .success(try await call())
        } catch let error as ServiceError {
            return .failure(error)
        } catch {
            return .failure(.transport("\(error)"))
        }
    }
}
