import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// Bags and seats added after booking (`GET /air/orders/{id}/available_services`, `POST /air/orders/{id}/services`),
/// paid like Duffel's: a paid order pays their total now, a held order pays them with the order.
@Suite("Services added after booking")
struct OrderServicesTests {
    private var extras: (Harness) -> DuffelOrderExtrasService { { $0.client.orderExtrasService } }

    private func book(
        _ harness: Harness, _ origin: String = "LHR", _ destination: String = "AMS", passengers: [PassengerSpec] = [.adult]
    ) async throws -> (Order, Offer) {
        let offer = try #require(try await harness.offers.createOfferRequest(
            harness.search(origin, destination, passengers: passengers), returnOffers: true).offers.first)
        let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
        return (order, offer)
    }

    private func hold(_ harness: Harness) async throws -> (Order, Offer) {
        let offer = try #require(try await harness.offers.createOfferRequest(
            harness.search("JFK", "EWR"), returnOffers: true).offers.first)
        let order = try await harness.orders.createOrder(OrderCreation(
            type: .hold, selectedOffers: [offer.id],
            passengers: harness.details(for: offer, departure: harness.clock.date(daysAhead: 30)), payments: []))
        return (order, offer)
    }

    /// The first seat on the first map offered to `passenger` whose price `wanted` accepts.
    private func seat(
        _ harness: Harness, _ offer: Offer, for passenger: String, _ wanted: (SeatElement) -> Bool = { _ in true },
        priced: Bool = true
    ) async throws -> (seat: SeatElement, service: SeatService) {
        let map = try #require(try await harness.client.extrasService.seatMaps(offerID: offer.id).first)
        let found = map.seats.lazy.compactMap { seat in seat.service(for: passenger).map { (seat, $0) } }
            .first { wanted($0.0) && (!priced || $0.1.totalAmount.amount > 0) }
        return try #require(found)
    }

    @Test("a paid order adds a bag: paid at its price, the order's services and total grow, the quantity left shrinks")
    func bagOnPaidOrder() async throws {
        try await Harness.run { harness in
            let (order, offer) = try await book(harness)
            let available = try await extras(harness).availableServices(orderID: order.id)
            #expect(available.count == offer.slices.count)
            #expect(available.allSatisfy { $0.type == .baggage && $0.passengerIds == [order.passengers[0].id] })
            let bag = try #require(available.first)
            let twice = bag.totalAmount.multiplied(by: 2)

            let unpaid = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: bag.id, quantity: 2)], payment: nil))
            }
            #expect(unpaid?.status == 422)
            #expect(unpaid?.primary?.source?.field == "payment")
            let short = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: bag.id, quantity: 2)], payment: Payment(amount: bag.totalAmount)))
            }
            #expect(short?.status == 422)
            #expect(short?.primary?.code == .invalidPaymentAmount)
            #expect(short?.primary?.source?.field == "payment.amount")
            #expect(short?.primary?.message.contains(twice.wireAmount) == true, "\(String(describing: short?.primary?.message))")

            let added = try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                addServices: [SelectedService(id: bag.id)], payment: Payment(amount: bag.totalAmount)))
            #expect(added.services.count == 1)
            #expect(added.services.first?.quantity == 1)
            #expect(added.services.first?.totalAmount == bag.totalAmount)
            #expect(added.services.first?.segmentIds == bag.segmentIds)
            #expect(added.totalAmount == order.totalAmount?.adding(bag.totalAmount))
            #expect(added.paymentStatus.awaitingPayment == false)
            #expect(try await harness.orders.order(id: order.id) == added)

            let left = try await extras(harness).availableServices(orderID: order.id).first { $0.id == bag.id }
            #expect(left?.maximumQuantity == bag.maximumQuantity - 1)
            let beyond = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: bag.id, quantity: bag.maximumQuantity)],
                    payment: Payment(amount: bag.totalAmount.multiplied(by: bag.maximumQuantity))))
            }
            #expect(beyond?.status == 422)
            #expect(beyond?.primary?.source?.field == "add_services[0].quantity")

            // The same bag once more: a service of its own beside the first.
            let again = try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                addServices: [SelectedService(id: bag.id)], payment: Payment(amount: bag.totalAmount)))
            #expect(again.services.count == 2)
            #expect(Set(again.services.map(\.id)).count == 2)
            #expect(again.totalAmount == added.totalAmount?.adding(bag.totalAmount))
            if bag.maximumQuantity == 2 {
                #expect(try await extras(harness).availableServices(orderID: order.id).contains { $0.id == bag.id } == false)
            }
        }
    }

    @Test("seats after booking: one is added and then taken; the same seat, a second seat on the flight and another offer's seat are refused")
    func seatsOnPaidOrder() async throws {
        try await Harness.run { harness in
            let (order, offer) = try await book(harness, passengers: [.adult, .adult])
            let first = order.passengers[0].id, second = order.passengers[1].id
            let chosen = try await seat(harness, offer, for: first)
            let added = try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                addServices: [SelectedService(id: chosen.service.id)], payment: Payment(amount: chosen.service.totalAmount)))
            #expect(added.services.map(\.metadata?.designator) == [chosen.seat.designator])
            #expect(added.totalAmount == order.totalAmount?.adding(chosen.service.totalAmount))
            let map = try #require(try await harness.client.extrasService.seatMaps(offerID: offer.id).first)
            #expect(map.seats.first { $0.designator == chosen.seat.designator }?.availableServices.isEmpty == true)

            // The same seat for the other passenger, with the id read before it was taken.
            let sameSeat = try #require(chosen.seat.service(for: second))
            let taken = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: sameSeat.id)], payment: Payment(amount: sameSeat.totalAmount)))
            }
            #expect(taken?.status == 422)
            #expect(taken?.primary?.source?.field == "add_services[0].id")
            #expect(taken?.primary?.message.contains("already taken by passenger \(first)") == true)

            let another = try await seat(harness, offer, for: first, { $0.designator != chosen.seat.designator }, priced: false)
            let secondSeat = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: another.service.id)], payment: Payment(amount: another.service.totalAmount)))
            }
            #expect(secondSeat?.status == 422)
            #expect(secondSeat?.primary?.message.contains("already has seat \(chosen.seat.designator ?? "")") == true)

            let (_, otherOffer) = try await book(harness, "LHR", "CDG")
            let foreign = try await seat(harness, otherOffer, for: try #require(otherOffer.passengers.first?.id), priced: false)
            let elsewhere = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: foreign.service.id)], payment: Payment(amount: foreign.service.totalAmount)))
            }
            #expect(elsewhere?.status == 422)
            #expect(elsewhere?.primary?.source?.field == "add_services[0].id")
            #expect(try await harness.orders.order(id: order.id).services.count == 1)
        }
    }

    @Test("a booked offer's seat maps outlive the offer: a seat is added from them after it expired")
    func seatMapsAfterExpiry() async throws {
        try await Harness.run { harness in
            let (order, offer) = try await book(harness)
            harness.clock.advance(by: 31 * 60)
            let stale = await apiError { try await harness.offers.offer(id: offer.id) }
            #expect(stale?.status == 404)
            let chosen = try await seat(harness, offer, for: order.passengers[0].id, priced: false)
            let added = try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                addServices: [SelectedService(id: chosen.service.id)], payment: Payment(amount: chosen.service.totalAmount)))
            #expect(added.services.map(\.metadata?.designator) == [chosen.seat.designator])

            let quote = try await harness.orders.quoteCancellation(orderID: order.id)
            _ = try await harness.orders.confirmCancellation(id: quote.id)
            let gone = await apiError { try await harness.client.extrasService.seatMaps(offerID: offer.id) }
            #expect(gone?.status == 404)
        }
    }

    @Test("a held order adds a seat and a bag without paying; paying the old total fails, the new total pays it")
    func heldOrder() async throws {
        try await Harness.run { harness in
            let (order, offer) = try await hold(harness)
            let passenger = order.passengers[0].id
            let bag = try #require(try await extras(harness).availableServices(orderID: order.id).first)
            let chosen = try await seat(harness, offer, for: passenger, priced: false)
            let services = [SelectedService(id: bag.id), SelectedService(id: chosen.service.id)]
            let extrasTotal = try #require(bag.totalAmount.adding(chosen.service.totalAmount))
            let newTotal = try #require(order.totalAmount?.adding(extrasTotal))

            let paying = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: services, payment: Payment(amount: extrasTotal)))
            }
            #expect(paying?.status == 422)
            #expect(paying?.primary?.source?.field == "payment")
            #expect(paying?.primary?.message.contains(newTotal.wireAmount) == true)

            let added = try await extras(harness).addServices(orderID: order.id, ServicesAddition(addServices: services, payment: nil))
            #expect(added.paymentStatus.awaitingPayment)
            #expect(added.totalAmount == newTotal)
            #expect(Set(added.services.map(\.type)) == [.baggage, .seat])

            let stale = await apiError {
                try await harness.orders.payOrder(OrderPaymentCreation(
                    orderId: order.id, payment: Payment(amount: try #require(order.totalAmount))))
            }
            #expect(stale?.status == 422)
            #expect(stale?.primary?.message.contains(newTotal.wireAmount) == true)
            let payment = try await harness.orders.payOrder(OrderPaymentCreation(orderId: order.id, payment: Payment(amount: newTotal)))
            #expect(payment.amount == newTotal)
            let paid = try await harness.orders.order(id: order.id)
            #expect(!paid.paymentStatus.awaitingPayment)
            #expect(paid.totalAmount == newTotal)
            #expect(paid.services == added.services)
        }
    }

    @Test("a cancelled order adds nothing; an unknown order is 404; an empty list is 422; the answers carry Duffel's keys")
    func refusalsAndShapes() async throws {
        try await Harness.run { harness in
            let (order, _) = try await book(harness)
            let list = try #require(try JSONSerialization.jsonObject(
                with: try await harness.raw(.get, "/air/orders/\(order.id)/available_services").body) as? [String: Any])
            #expect(list["meta"] is NSNull)
            let service = try #require((list["data"] as? [[String: Any]])?.first)
            #expect(service.keys.sorted() == [
                "id", "maximum_quantity", "metadata", "passenger_ids", "segment_ids", "total_amount", "total_currency", "type",
            ])

            let empty = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(addServices: [], payment: nil))
            }
            #expect(empty?.primary?.source?.field == "add_services")
            let nobody = await apiError { try await extras(harness).availableServices(orderID: "ord_nothing") }
            #expect(nobody?.status == 404)

            let bag = try #require(try await extras(harness).availableServices(orderID: order.id).first)
            let body = #"{"data": {"add_services": [{"id": "\#(bag.id)", "quantity": 1}], "payment": {"type": "balance", "amount": "\#(bag.totalAmount.wireAmount)", "currency": "\#(bag.totalAmount.currency)"}}}"#
            let created = try await harness.raw(.post, "/air/orders/\(order.id)/services", body: body)
            #expect(created.status == 201)
            #expect(try DuffelJSON.decoder().decode(DataEnvelope<Order>.self, from: created.body).data.services.count == 1)

            let quote = try await harness.orders.quoteCancellation(orderID: order.id)
            _ = try await harness.orders.confirmCancellation(id: quote.id)
            #expect(try await extras(harness).availableServices(orderID: order.id).isEmpty)
            let cancelled = await apiError {
                try await extras(harness).addServices(orderID: order.id, ServicesAddition(
                    addServices: [SelectedService(id: bag.id)], payment: Payment(amount: bag.totalAmount)))
            }
            #expect(cancelled?.status == 422)
            #expect(cancelled?.primary?.type == .invalidState)
        }
    }
}
