import Entities
import Foundation
import Services
import Testing

/// `POST /air/payments`: a held order is paid with its current total, once; a stale price is `price_changed`; a
/// lapsed hold cannot be paid.
@Suite("Paying for a held order")
struct PaymentTests {
    /// A hold on the JFK → EWR scenario (hold-only), booked a month ahead.
    private func hold(_ harness: Harness) async throws -> Order {
        let offers = try await harness.offers.createOfferRequest(harness.search("JFK", "EWR"), returnOffers: true).offers
        let offer = try #require(offers.first)
        let departure = harness.clock.date(daysAhead: 30)
        return try await harness.orders.createOrder(OrderCreation(
            type: .hold, selectedOffers: [offer.id], passengers: harness.details(for: offer, departure: departure),
            payments: []))
    }

    private func pay(_ harness: Harness, _ order: Order, _ amount: Money?) async throws -> OrderPayment {
        try await harness.orders.payOrder(OrderPaymentCreation(
            orderId: order.id, payment: Payment(amount: try #require(amount ?? order.totalAmount))))
    }

    @Test("a hold paid with its total is paid and ticketed; paying again is refused")
    func paysOnce() async throws {
        try await Harness.run { harness in
            let order = try await hold(harness)
            #expect(order.status == .awaitingPayment)
            let payment = try await pay(harness, order, nil)
            #expect(payment.id.hasPrefix("pay_"))
            #expect(payment.amount == order.totalAmount)
            #expect(payment.status == .succeeded)
            let paid = try await harness.orders.order(id: order.id)
            #expect(paid.status == .confirmed)
            #expect(paid.paymentStatus.paidAt != nil)
            #expect(paid.eTickets.count == paid.passengers.count)
            let again = await apiError { try await pay(harness, order, nil) }
            #expect(again?.status == 422)
            #expect(again?.primary?.type == .invalidState)
        }
    }

    @Test("past its price guarantee the airline reprices: the old total is price_changed, the new one pays")
    func priceChangesAfterTheGuarantee() async throws {
        let clock = TestClock()
        try await Harness.run(clock: clock) { harness in
            let order = try await hold(harness)
            let guarantee = try #require(order.paymentStatus.priceGuaranteeExpiresAt)
            let deadline = try #require(order.paymentStatus.paymentRequiredBy)
            #expect(guarantee < deadline)
            clock.advance(by: guarantee.timeIntervalSince(clock.now) + 60)
            let stale = await apiError { try await pay(harness, order, nil) }
            #expect(stale?.status == 422)
            #expect(stale?.has(.priceChanged) == true)
            let current = try await harness.orders.order(id: order.id)
            let old = try #require(order.totalAmount)
            let new = try #require(current.totalAmount)
            #expect(new.amount > old.amount)
            let payment = try await pay(harness, order, new)
            #expect(payment.amount == new)
            #expect(try await harness.orders.order(id: order.id).status == .confirmed)
        }
    }

    @Test("a hold past its deadline cannot be paid")
    func lapsedHold() async throws {
        let clock = TestClock()
        try await Harness.run(clock: clock) { harness in
            let order = try await hold(harness)
            let deadline = try #require(order.paymentStatus.paymentRequiredBy)
            clock.advance(by: deadline.timeIntervalSince(clock.now) + 60)
            let current = try await harness.orders.order(id: order.id)
            let lapsed = await apiError { try await pay(harness, order, current.totalAmount) }
            #expect(lapsed?.status == 422)
            #expect(lapsed?.primary?.message.contains("can no longer be paid") == true)
        }
    }

    @Test("an instant order is already paid, and an unknown order is not found")
    func notPayable() async throws {
        try await Harness.run { harness in
            let offers = try await harness.offers.createOfferRequest(harness.search("LHR", "JFK"), returnOffers: true).offers
            let offer = try #require(offers.first)
            let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: harness.clock.date(daysAhead: 30)))
            #expect(await apiError { try await pay(harness, order, nil) }?.primary?.type == .invalidState)
            var unknown = order
            unknown.id = "ord_0000unknown"
            #expect(await apiError { try await pay(harness, unknown, nil) }?.status == 404)
        }
    }
}
