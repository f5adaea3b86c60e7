import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// The schedule-change scenario (LHR → BCN): every order booked there gets an airline-initiated change moving a
/// flight 3 hours later, listed for the order and shown in it; accepted once, it gives the order the new times;
/// updated, it records the action taken.
@Suite("Airline-initiated schedule changes")
struct AirlineChangeTests {
    private var changes: (Harness) -> DuffelAirlineChangeService { { $0.client.airlineChangeService } }

    /// An instant order of the `index`-th offer on the scenario's route (a round trip when `returning`), and the offer.
    private func bookScenario(_ harness: Harness, returning: Bool = false, index: Int = 0) async throws -> (Order, Offer) {
        let offers = try await harness.offers.createOfferRequest(
            harness.search("LHR", "BCN", returnDaysAhead: returning ? 37 : nil), returnOffers: true).offers
        let offer = try #require(offers.indices.contains(index) ? offers[index] : nil)
        let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
        return (order, offer)
    }

    @Test("an order on LHR → BCN has one change waiting: listed for it and in the order, its last flight 3 hours later")
    func scheduleChange() async throws {
        try await Harness.run { harness in
            let (booked, offer) = try await bookScenario(harness, returning: true)
            let listed = try await changes(harness).airlineChanges(orderID: booked.id)
            let change = try #require(listed.first)
            #expect(listed.count == 1)
            #expect(change.id.hasPrefix("aic_"))
            #expect(change.orderId == booked.id)
            #expect(change.isPending)
            #expect(change.actionTakenAt == nil)
            #expect(Set(change.availableActions) == [.accept, .cancel, .change, .update])
            #expect(change.createdAt == booked.createdAt)

            // The outbound, as booked, is removed; the added slice has the same flights, the last 3 hours later.
            let outbound = try #require(offer.slices.first)
            let removed = try #require(change.removed.first)
            let added = try #require(change.added.first)
            #expect(change.removed.count == 1 && change.added.count == 1)
            #expect(removed == booked.slices[0])
            #expect(added.id != removed.id)
            #expect(added.segments.map(\.id) == outbound.segments.map(\.id))
            let before = try #require(removed.segments.last)
            let after = try #require(added.segments.last)
            #expect(after.departingAt.instant(in: after.origin.zone).timeIntervalSince(before.departingAt.instant(in: before.origin.zone)) == 3 * 3_600)
            #expect(after.arrivingAt.instant(in: after.destination.zone).timeIntervalSince(before.arrivingAt.instant(in: before.destination.zone)) == 3 * 3_600)
            #expect(after.marketingCarrierFlightNumber == before.marketingCarrierFlightNumber)
            #expect(added.segments.dropLast() == removed.segments.dropLast())

            // The order shows it waiting, and still flies the old times until it is answered.
            let order = try await harness.orders.order(id: booked.id)
            #expect(order.pendingAirlineChanges == [change])
            #expect(order.slices == booked.slices)
        }
    }

    @Test("accepting gives the order the new times and records the acceptance; a second accept is 422")
    func accept() async throws {
        try await Harness.run { harness in
            let (booked, _) = try await bookScenario(harness, returning: true)
            let change = try #require(try await changes(harness).airlineChanges(orderID: booked.id).first)
            harness.clock.advance(by: 600)
            let accepted = try await changes(harness).acceptAirlineChange(id: change.id)
            #expect(accepted.id == change.id)
            #expect(accepted.actionTaken == .accepted)
            #expect(accepted.actionTakenAt == harness.clock.now)
            #expect(accepted.availableActions.isEmpty)
            #expect(!accepted.isPending)

            let order = try await harness.orders.order(id: booked.id)
            #expect(order.slices.count == 2)
            #expect(order.slices[0] == change.added[0])
            #expect(order.slices[1] == booked.slices[1])
            #expect(order.pendingAirlineChanges.isEmpty)
            #expect(order.airlineInitiatedChanges == [accepted])
            #expect(try await changes(harness).airlineChanges(orderID: booked.id) == [accepted])

            let again = await apiError { try await changes(harness).acceptAirlineChange(id: change.id) }
            #expect(again?.status == 422)
            #expect(again?.primary?.type == .invalidState)
            #expect(again?.primary?.message.contains("already answered (accepted") == true, "\(String(describing: again?.primary?.message))")
            #expect(try await harness.orders.order(id: booked.id).slices == order.slices)
        }
    }

    @Test("an update records the action taken; cancelled and changed leave the flights, accepted moves them; once only")
    func update() async throws {
        try await Harness.run { harness in
            for (index, action) in [AirlineChangeActionTaken.cancelled, .changed, .accepted].enumerated() {
                let (booked, _) = try await bookScenario(harness, index: index)
                let change = try #require(try await changes(harness).airlineChanges(orderID: booked.id).first)
                let updated = try await changes(harness).updateAirlineChange(id: change.id, actionTaken: action)
                #expect(updated.actionTaken == action)
                #expect(updated.actionTakenAt == harness.clock.now)
                let order = try await harness.orders.order(id: booked.id)
                #expect(order.slices == (action == .accepted ? change.added : booked.slices), "\(action)")
                #expect(order.airlineInitiatedChanges.first?.actionTaken == action)

                let again = await apiError { try await changes(harness).updateAirlineChange(id: change.id, actionTaken: .accepted) }
                #expect(again?.status == 422)
                let accept = await apiError { try await changes(harness).acceptAirlineChange(id: change.id) }
                #expect(accept?.status == 422)
            }
        }
    }

    @Test("an unknown action_taken, a change on a cancelled order, an unknown id and a list without order_id are refused")
    func refusals() async throws {
        try await Harness.run { harness in
            let (booked, _) = try await bookScenario(harness)
            let change = try #require(try await changes(harness).airlineChanges(orderID: booked.id).first)

            let unknown = try await harness.raw(
                .patch, "/air/airline_initiated_changes/\(change.id)", body: #"{"data": {"action_taken": "ignored"}}"#)
            #expect(unknown.status == 422)
            #expect(try harness.decodeError(unknown).primary?.source?.field == "action_taken")

            let missing = await apiError { try await changes(harness).acceptAirlineChange(id: "aic_nothing") }
            #expect(missing?.status == 404)
            let blank = try await harness.raw(.get, "/air/airline_initiated_changes?order_id=")
            #expect(blank.status == 422)
            #expect(try harness.decodeError(blank).primary?.source?.parameter == "order_id")
            let nobody = await apiError { try await changes(harness).airlineChanges(orderID: "ord_nothing") }
            #expect(nobody?.status == 404)

            let quote = try await harness.orders.quoteCancellation(orderID: booked.id)
            _ = try await harness.orders.confirmCancellation(id: quote.id)
            let cancelled = await apiError { try await changes(harness).acceptAirlineChange(id: change.id) }
            #expect(cancelled?.status == 422)
            #expect(cancelled?.primary?.message.contains("cancelled") == true)
            #expect(try await changes(harness).airlineChanges(orderID: booked.id).first?.isPending == true)
        }
    }

    @Test("without order_id every order's changes are listed, a page at a time, the newest orders' first")
    func listedForAll() async throws {
        try await Harness.run { harness in
            let (first, _) = try await bookScenario(harness, index: 0)
            let (second, _) = try await bookScenario(harness, index: 1)
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS"), returnOffers: true).offers.first)
            _ = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))

            let all = try await changes(harness).airlineChanges()
            #expect(all.map(\.orderId) == [second.id, first.id])
            #expect(all.allSatisfy { $0.isPending })

            let page = try await harness.raw(.get, "/air/airline_initiated_changes?limit=1")
            #expect(page.status == 200)
            let decoded = try DuffelJSON.decoder().decode(Page<AirlineInitiatedChange>.self, from: page.body)
            #expect(decoded.items.map(\.orderId) == [second.id])
            let cursor = try #require(decoded.after)
            let rest = try await harness.raw(.get, "/air/airline_initiated_changes?limit=1&after=\(cursor)")
            let next = try DuffelJSON.decoder().decode(Page<AirlineInitiatedChange>.self, from: rest.body)
            #expect(next.items.map(\.orderId) == [first.id])
            #expect(next.after == nil)
            let foreign = try await harness.raw(.get, "/air/airline_initiated_changes?after=nonsense")
            #expect(foreign.status == 400 || foreign.status == 422)
        }
    }

    @Test("orders on other routes have no changes")
    func otherRoutes() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "AMS"), returnOffers: true).offers.first)
            let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            #expect(order.airlineInitiatedChanges.isEmpty)
            #expect(try await changes(harness).airlineChanges(orderID: order.id).isEmpty)
        }
    }

    @Test("a change carries every key Duffel lists, in the list, the order and the answers to accept")
    func wireShape() async throws {
        try await Harness.run { harness in
            let (booked, _) = try await bookScenario(harness)
            let keys = [
                "id", "order_id", "action_taken", "action_taken_at", "available_actions", "added", "removed",
                "travel_agent_ticket", "created_at", "updated_at",
            ]
            let list = try #require(try JSONSerialization.jsonObject(
                with: try await harness.raw(.get, "/air/airline_initiated_changes?order_id=\(booked.id)").body) as? [String: Any])
            #expect((list["meta"] as? [String: Any])?.keys.sorted() == ["after", "before", "limit"])
            let listed = try #require((list["data"] as? [[String: Any]])?.first)
            #expect(listed.keys.sorted() == keys.sorted())
            #expect(listed["action_taken"] is NSNull && listed["travel_agent_ticket"] is NSNull)
            let slice = try #require((listed["added"] as? [[String: Any]])?.first)
            #expect(["id", "origin", "destination", "segments", "duration", "conditions"].allSatisfy { slice[$0] != nil })

            let order = try #require(try JSONSerialization.jsonObject(
                with: try await harness.raw(.get, "/air/orders/\(booked.id)").body) as? [String: Any])
            let inOrder = try #require(((order["data"] as? [String: Any])?["airline_initiated_changes"] as? [[String: Any]])?.first)
            #expect(inOrder.keys.sorted() == keys.sorted())

            let id = try #require(listed["id"] as? String)
            let accepted = try await harness.raw(.post, "/air/airline_initiated_changes/\(id)/actions/accept")
            #expect(accepted.status == 200)
            let answer = try #require(try JSONSerialization.jsonObject(with: accepted.body) as? [String: Any])
            #expect((answer["data"] as? [String: Any])?["action_taken"] as? String == "accepted")
        }
    }
}
