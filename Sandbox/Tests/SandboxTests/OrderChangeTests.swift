import DuffelServices
import Entities
import Foundation
import SandboxServer
import Services
import Testing

/// Order changes: a paid order on a changeable fare moved to other flights, priced from the new flights, paid with
/// the change total, once.
@Suite("Order changes")
struct OrderChangeTests {
    /// A paid order of a fare that allows changes, and the order's departure day.
    private func bookChangeable(
        _ harness: Harness, _ origin: String, _ destination: String, returnDaysAhead: Int? = nil
    ) async throws -> Order {
        let request = harness.search(origin, destination, daysAhead: 30, returnDaysAhead: returnDaysAhead)
        let offers = try await harness.offers.createOfferRequest(request, returnOffers: true).offers
        let offer = try #require(offers.first { $0.conditions.changeBeforeDeparture?.allowed == true })
        return try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
    }

    private func moving(_ order: Order, slice index: Int, to date: CalendarDate) throws -> OrderChangeRequestCreation {
        let slice = try #require(order.slices.dropFirst(index).first)
        return OrderChangeRequestCreation(orderId: order.id, slices: OrderChangeRequestSlices(
            add: [OrderChangeSliceToAdd(
                origin: slice.origin.iataCode, destination: slice.destination.iataCode, departureDate: date,
                cabinClass: .economy)],
            remove: [OrderChangeSliceToRemove(sliceId: slice.id)]))
    }

    @Test("a round trip's return moved three days later: priced from the new flights, paid with the change total, once")
    func movesTheReturn() async throws {
        try await Harness.run { harness in
            let changes = harness.client.orderChangeService
            let order = try await bookChangeable(harness, "LHR", "JFK", returnDaysAhead: 37)
            let total = try #require(order.totalAmount)
            let newDate = harness.clock.date(daysAhead: 40)
            let request = try await changes.createOrderChangeRequest(try moving(order, slice: 1, to: newDate))
            #expect(request.id.hasPrefix("ocr_"))
            #expect(request.orderId == order.id)
            let offers = request.orderChangeOffers
            #expect(!offers.isEmpty)

            // The rule: change total = new fare − the return's share (half the order's fare) + the penalty; the new
            // flights leave from New York, priced in dollars, and are charged in the order's pounds.
            let penalty = order.conditions.changeBeforeDeparture?.penalty ?? .zero(total.currency)
            let share = Money(amount: total.amount / 2, currency: total.currency).rounded
            for offer in offers {
                #expect(offer.changeTotalAmount.currency == total.currency)
                #expect(offer.changeTotalAmount.amount - penalty.amount + share.amount > 0)
                #expect(offer.slices.remove.map(\.id) == [order.slices[1].id])
                #expect(offer.slices.add.first?.segments.first?.departingAt.date == newDate)
                #expect(offer.penaltyTotalAmount == penalty)
                #expect(offer.newTotalAmount == total.adding(offer.changeTotalAmount))
                let passengers = offer.slices.add.flatMap(\.segments).flatMap(\.passengers).map(\.passengerId)
                #expect(Set(passengers) == Set(order.passengers.map(\.id)))
            }
            #expect(try await changes.orderChangeOffers(requestID: request.id).map(\.id) == offers.map(\.id))
            let chosen = try #require(offers.first)
            #expect(try await changes.orderChangeOffer(id: chosen.id) == chosen)

            let pending = try await changes.createOrderChange(offerID: chosen.id)
            #expect(pending.id.hasPrefix("oce_"))
            #expect(!pending.isConfirmed)
            #expect(pending.changeTotalAmount == chosen.changeTotalAmount)
            #expect(try await changes.orderChangeOffer(id: chosen.id).orderChangeId == pending.id)

            let due = chosen.changeTotalAmount
            let wrong = await apiError {
                try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: Money(amount: due.amount + 7, currency: due.currency)))
            }
            #expect(wrong?.status == 422)
            #expect(wrong?.has(.invalidPaymentAmount) == true)
            #expect(wrong?.primary?.source?.field == "payment.amount")
            #expect(try await harness.orders.order(id: order.id).slices.map(\.id) == order.slices.map(\.id))

            let confirmed = try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: due))
            #expect(confirmed.isConfirmed)
            let moved = try await harness.orders.order(id: order.id)
            #expect(moved.slices.map(\.id) == [order.slices[0].id] + chosen.slices.add.map(\.id))
            #expect(moved.slices.last?.segments.first?.departingAt.date == newDate)
            #expect(moved.totalAmount == chosen.newTotalAmount)
            #expect(try await changes.orderChange(id: pending.id).isConfirmed)

            let again = await apiError { try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: due)) }
            #expect(again?.status == 422)
            #expect(again?.primary?.type == .invalidState)
            let after = try await harness.orders.order(id: order.id)
            #expect(after.slices == moved.slices)
            #expect(after.totalAmount == moved.totalAmount)
        }
    }

    @Test("a confirmation whose answer is lost (502 after the work): reading the change shows it confirmed, and a second confirmation moves nothing")
    func lostConfirmation() async throws {
        let faults = try FaultPlan(parsing: "after=502,times=1,on=POST:/air/order_changes/*/actions/confirm")
        try await Harness.run(faults: faults) { harness in
            let changes = harness.client.orderChangeService
            let order = try await bookChangeable(harness, "LHR", "JFK")
            let request = try await changes.createOrderChangeRequest(try moving(order, slice: 0, to: harness.clock.date(daysAhead: 34)))
            let offer = try #require(request.orderChangeOffers.first)
            let pending = try await changes.createOrderChange(offerID: offer.id)
            let payment = Payment(amount: offer.changeTotalAmount)
            let lost = await apiError { try await changes.confirmOrderChange(id: pending.id, payment: payment) }
            #expect(lost?.status == 502)
            #expect(try await changes.orderChange(id: pending.id).isConfirmed)
            let moved = try await harness.orders.order(id: order.id)
            #expect(moved.slices.map(\.id) == offer.slices.add.map(\.id))
            #expect(await apiError { try await changes.confirmOrderChange(id: pending.id, payment: payment) }?.status == 422)
            #expect(try await harness.orders.order(id: order.id) == moved)
        }
    }

    @Test("two changes of one request: once one is confirmed, the other no longer applies")
    func secondChangeOfTheSameSlices() async throws {
        try await Harness.run { harness in
            let changes = harness.client.orderChangeService
            let order = try await bookChangeable(harness, "LHR", "JFK")
            let newDate = harness.clock.date(daysAhead: 33)
            let request = try await changes.createOrderChangeRequest(try moving(order, slice: 0, to: newDate))
            #expect(request.orderChangeOffers.count >= 2)
            // Priced from the new flights: the same search's fares of the order's airline, less the whole order's
            // fare (its one slice is replaced), plus the penalty.
            let total = try #require(order.totalAmount)
            let penalty = order.conditions.changeBeforeDeparture?.penalty ?? .zero(total.currency)
            let search = try await harness.offers.createOfferRequest(SearchRequest(
                slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: newDate)], passengers: [.adult],
                cabinClass: .economy), returnOffers: true)
            let fares = Set(search.offers.filter { $0.owner.iataCode == order.owner.iataCode }.map(\.totalAmount.amount))
            for offer in request.orderChangeOffers {
                #expect(fares.contains(offer.changeTotalAmount.amount + total.amount - penalty.amount))
            }
            let first = try await changes.createOrderChange(offerID: request.orderChangeOffers[0].id)
            let second = try await changes.createOrderChange(offerID: request.orderChangeOffers[1].id)
            _ = try await changes.confirmOrderChange(id: first.id, payment: Payment(amount: try #require(first.changeTotalAmount)))
            let stale = await apiError {
                try await changes.confirmOrderChange(id: second.id, payment: Payment(amount: try #require(second.changeTotalAmount)))
            }
            #expect(stale?.status == 422)
            #expect(stale?.has(.orderChangeOfferNoLongerAvailable) == true)
            #expect(try await harness.orders.order(id: order.id).slices.map(\.id) == request.orderChangeOffers[0].slices.add.map(\.id))
        }
    }

    @Test("LHR → ARN: a fare that does not allow changes is refused, naming the order")
    func unchangeableFare() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "ARN"), returnOffers: true).offers
            #expect(!offers.isEmpty)
            #expect(offers.allSatisfy { $0.conditions.changeBeforeDeparture?.allowed == false })
            let offer = try #require(offers.first)
            let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            #expect(order.availableActions?.contains(.change) == false)
            let refused = await apiError {
                try await harness.client.orderChangeService.createOrderChangeRequest(
                    try moving(order, slice: 0, to: harness.clock.date(daysAhead: 32)))
            }
            #expect(refused?.status == 422)
            #expect(refused?.primary?.type == .validation)
            #expect(refused?.primary?.source?.field == "order_id")
            #expect(refused?.primary?.message.contains("change_before_departure") == true)
        }
    }

    @Test("LHR → CPH: the change expires as it is made, so confirming it is order_change_offer_no_longer_available")
    func changeExpiresBeforeConfirmation() async throws {
        try await Harness.run { harness in
            let changes = harness.client.orderChangeService
            let order = try await bookChangeable(harness, "LHR", "CPH")
            let request = try await changes.createOrderChangeRequest(try moving(order, slice: 0, to: harness.clock.date(daysAhead: 32)))
            let offer = try #require(request.orderChangeOffers.first)
            let pending = try await changes.createOrderChange(offerID: offer.id)
            let expired = await apiError {
                try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: offer.changeTotalAmount))
            }
            #expect(expired?.status == 422)
            #expect(expired?.has(.orderChangeOfferNoLongerAvailable) == true)
            #expect(try await harness.orders.order(id: order.id).slices == order.slices)
        }
    }

    @Test("a change offer past its expiry cannot be chosen")
    func expiredOffer() async throws {
        let clock = TestClock()
        try await Harness.run(clock: clock) { harness in
            let changes = harness.client.orderChangeService
            let order = try await bookChangeable(harness, "LHR", "JFK")
            let request = try await changes.createOrderChangeRequest(try moving(order, slice: 0, to: harness.clock.date(daysAhead: 33)))
            let offer = try #require(request.orderChangeOffers.first)
            clock.advance(by: 31 * 60)
            let expired = await apiError { try await changes.createOrderChange(offerID: offer.id) }
            #expect(expired?.status == 422)
            #expect(expired?.has(.orderChangeOfferNoLongerAvailable) == true)
        }
    }

    @Test("change requests, change offers and order changes carry every key Duffel's clients read")
    func wireShapes() async throws {
        try await Harness.run { harness in
            let order = try await bookChangeable(harness, "LHR", "JFK")
            let slice = try #require(order.slices.first)
            let body = #"{"data": {"order_id": "\#(order.id)", "slices": {"remove": [{"slice_id": "\#(slice.id)"}], "add": [{"origin": "LHR", "destination": "JFK", "departure_date": "\#(harness.clock.date(daysAhead: 33))", "cabin_class": "economy"}]}}}"#
            let created = try await harness.raw(.post, "/air/order_change_requests", body: body)
            #expect(created.status == 201)
            let request = try #require((try JSONSerialization.jsonObject(with: created.body) as? [String: Any])?["data"] as? [String: Any])
            let keys = ["id", "order_id", "slices", "order_change_offers", "created_at", "updated_at", "live_mode"]
            #expect(keys.filter { request[$0] == nil } == [])
            let offer = try #require((request["order_change_offers"] as? [[String: Any]])?.first)
            let offerKeys = [
                "id", "order_change_id", "live_mode", "change_total_amount", "change_total_currency", "new_total_amount",
                "new_total_currency", "penalty_total_amount", "penalty_total_currency", "penalty_amount", "penalty_currency",
                "refund_to", "created_at", "updated_at", "expires_at", "slices", "conditions",
            ]
            #expect(offerKeys.filter { offer[$0] == nil } == [])
            let added = try #require(((offer["slices"] as? [String: Any])?["add"] as? [[String: Any]])?.first)
            #expect(["id", "origin", "origin_type", "destination", "destination_type", "duration", "segments"].filter { added[$0] == nil } == [])

            let offerID = try #require(offer["id"] as? String)
            let made = try await harness.raw(
                .post, "/air/order_changes", body: #"{"data": {"selected_order_change_offer": "\#(offerID)"}}"#)
            #expect(made.status == 201)
            let change = try #require((try JSONSerialization.jsonObject(with: made.body) as? [String: Any])?["data"] as? [String: Any])
            let changeKeys = [
                "id", "order_id", "live_mode", "expires_at", "confirmed_at", "change_total_amount", "change_total_currency",
                "new_total_amount", "new_total_currency", "penalty_total_amount", "penalty_total_currency", "refund_to",
                "created_at", "updated_at", "slices",
            ]
            #expect(changeKeys.filter { change[$0] == nil } == [])
            let readOrder = try await harness.raw(.get, "/air/orders/\(order.id)")
            let slices = (try JSONSerialization.jsonObject(with: readOrder.body) as? [String: Any]).flatMap { $0["data"] as? [String: Any] }?["slices"] as? [[String: Any]]
            #expect(slices?.first?["changeable"] as? Bool == true)
        }
    }

    @Test("what a change request must name: a paid order, its own slices, new slices in one cabin")
    func refusals() async throws {
        try await Harness.run { harness in
            let changes = harness.client.orderChangeService
            let order = try await bookChangeable(harness, "LHR", "JFK")
            let later = harness.clock.date(daysAhead: 33)
            var unknownSlice = try moving(order, slice: 0, to: later)
            unknownSlice.slices.remove = [OrderChangeSliceToRemove(sliceId: "sli_nope")]
            let notOurs = await apiError { try await changes.createOrderChangeRequest(unknownSlice) }
            #expect(notOurs?.primary?.source?.field == "slices.remove[0].slice_id")

            var past = try moving(order, slice: 0, to: harness.clock.date(daysAhead: -2))
            past.slices.add[0].origin = "XQZ"
            let invalid = await apiError { try await changes.createOrderChangeRequest(past) }
            #expect(Set(invalid?.errors.compactMap(\.source?.field) ?? [])
                == ["slices.add[0].origin", "slices.add[0].departure_date"])

            var missing = try moving(order, slice: 0, to: later)
            missing.orderId = "ord_nope"
            #expect(await apiError { try await changes.createOrderChangeRequest(missing) }?.status == 404)

            let holdOffers = try await harness.offers.createOfferRequest(harness.search("JFK", "EWR"), returnOffers: true).offers
            let holdOffer = try #require(holdOffers.first { $0.conditions.changeBeforeDeparture?.allowed == true })
            let hold = try await harness.orders.createOrder(OrderCreation(
                type: .hold, selectedOffers: [holdOffer.id],
                passengers: harness.details(for: holdOffer, departure: harness.clock.date(daysAhead: 30)), payments: []))
            let unpaid = await apiError { try await changes.createOrderChangeRequest(try moving(hold, slice: 0, to: later)) }
            #expect(unpaid?.status == 422)
            #expect(unpaid?.primary?.type == .invalidState)
        }
    }
}
