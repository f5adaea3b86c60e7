import Entities
import FixtureServices
import Foundation
import Services
import Testing

/// The fixture services for after a booking work on the orders a `FixtureOrderService` keeps: what they change shows
/// in the order a test reads back.
@Suite("Airline changes and services after booking, with no network")
struct AfterBookingFixtureTests {
    private func booked(_ orders: FixtureOrderService, type: OrderType = .instant) async throws -> Order {
        let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
        return try await orders.createOrder(OrderCreation(
            type: type, selectedOffers: [offer.id], passengers: [],
            payments: type == .instant ? [Payment(amount: offer.totalAmount)] : []))
    }

    @Test("a scheduled change waits in the order; accepted, the order has the moved flight; a second accept is refused")
    func airlineChange() async throws {
        let orders = FixtureOrderService()
        let changes = FixtureAirlineChangeService(orders: orders)
        let order = try await booked(orders)
        let change = try #require(changes.scheduleChange(orderID: order.id, movedBy: 3))
        #expect(try await orders.order(id: order.id).pendingAirlineChanges == [change])
        #expect(try await changes.airlineChanges(orderID: order.id) == [change])
        let before = try #require(order.slices.first?.segments.last)
        let after = try #require(change.added.first?.segments.last)
        #expect(after.departingAt.instant(in: after.origin.zone).timeIntervalSince(before.departingAt.instant(in: before.origin.zone)) == 3 * 3_600)

        let accepted = try await changes.acceptAirlineChange(id: change.id)
        #expect(accepted.actionTaken == .accepted)
        let read = try await orders.order(id: order.id)
        #expect(read.slices.first == change.added.first)
        #expect(read.pendingAirlineChanges.isEmpty)
        await #expect(throws: ServiceError.self) { try await changes.acceptAirlineChange(id: change.id) }
        #expect(changes.accepted == [change.id, change.id])
    }

    @Test("an update records the action without moving the flights; a lost answer still records it")
    func update() async throws {
        let orders = FixtureOrderService()
        let changes = FixtureAirlineChangeService(orders: orders)
        let order = try await booked(orders)
        let change = try #require(changes.scheduleChange(orderID: order.id, movedBy: -2))
        changes.loseActionAnswers(.timedOut)
        await #expect(throws: ServiceError.timedOut) { try await changes.updateAirlineChange(id: change.id, actionTaken: .cancelled) }
        let read = try await orders.order(id: order.id)
        #expect(read.airlineInitiatedChanges.first?.actionTaken == .cancelled)
        #expect(read.slices == order.slices)
    }

    @Test("a paid order pays for a bag now; a held order adds it to its total, paid with the order")
    func services() async throws {
        let orders = FixtureOrderService()
        let extras = FixtureOrderExtrasService(orders: orders)
        let paid = try await booked(orders)
        let bag = try #require(try await extras.availableServices(orderID: paid.id).first)
        #expect(bag.segmentIds == paid.slices.flatMap(\.segments).map(\.id))
        await #expect(throws: ServiceError.self) {
            try await extras.addServices(orderID: paid.id, ServicesAddition(addServices: [SelectedService(id: bag.id)], payment: nil))
        }
        let added = try await extras.addServices(orderID: paid.id, ServicesAddition(
            addServices: [SelectedService(id: bag.id)], payment: Payment(amount: bag.totalAmount)))
        #expect(added.services.count == 1)
        #expect(added.totalAmount == paid.totalAmount?.adding(bag.totalAmount))
        #expect(try await orders.order(id: paid.id) == added)
        #expect(try await extras.availableServices(orderID: paid.id).isEmpty, "the recorded bag sells one")

        let held = try await booked(orders, type: .hold)
        let heldBag = try #require(try await extras.availableServices(orderID: held.id).first)
        let grown = try await extras.addServices(orderID: held.id, ServicesAddition(addServices: [SelectedService(id: heldBag.id)], payment: nil))
        #expect(grown.paymentStatus.awaitingPayment)
        let total = try #require(grown.totalAmount)
        #expect(total == held.totalAmount?.adding(heldBag.totalAmount))
        _ = try await orders.payOrder(OrderPaymentCreation(orderId: held.id, payment: Payment(amount: total)))
        #expect(try await orders.order(id: held.id).paymentStatus.awaitingPayment == false)
        #expect(extras.additions.count == 3)
    }
}
