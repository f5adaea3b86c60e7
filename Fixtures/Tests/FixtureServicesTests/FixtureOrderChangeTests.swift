import Entities
import FixtureServices
import Foundation
import Services
import Testing

@Suite("Fixture order changes")
struct FixtureOrderChangeTests {
    private func booked(_ orders: FixtureOrderService) async throws -> Order {
        try await orders.createOrder(OrderCreation(type: .instant, selectedOffers: ["off_1"], passengers: [], payments: []))
    }

    @Test("a change request offers a dearer and a cheaper move; confirming one moves the kept order, once")
    func movesTheOrder() async throws {
        let orders = FixtureOrderService()
        let changes = FixtureOrderChangeService(orders: orders)
        let order = try await booked(orders)
        let slice = try #require(order.slices.first)
        let later = try #require(slice.segments.first?.departingAt.date.adding(days: 3))
        let request = try await changes.createOrderChangeRequest(OrderChangeRequestCreation(
            orderId: order.id, slices: OrderChangeRequestSlices(
                add: [OrderChangeSliceToAdd(
                    origin: slice.origin.iataCode, destination: slice.destination.iataCode, departureDate: later,
                    cabinClass: .economy)],
                remove: [OrderChangeSliceToRemove(sliceId: slice.id)])))
        let offers = try await changes.orderChangeOffers(requestID: request.id)
        #expect(offers.map(\.id) == request.orderChangeOffers.map(\.id))
        #expect(offers.map(\.isRefund) == [false, true])
        let dearer = try #require(offers.first)
        #expect(dearer.changeTotalAmount == Money(amount: 70, currency: "GBP"))
        #expect(dearer.slices.add.first?.segments.first?.departingAt.date == later)

        let pending = try await changes.createOrderChange(offerID: dearer.id)
        await #expect(throws: ServiceError.self) {
            _ = try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: .zero("GBP")))
        }
        changes.loseConfirmationAnswers(.timedOut)
        await #expect(throws: ServiceError.timedOut) {
            _ = try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: dearer.changeTotalAmount))
        }
        #expect(try await changes.orderChange(id: pending.id).isConfirmed)
        let moved = try await orders.order(id: order.id)
        #expect(moved.slices.map(\.id) == dearer.slices.add.map(\.id))
        #expect(moved.totalAmount == dearer.newTotalAmount)
        await #expect(throws: ServiceError.self) {
            _ = try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: dearer.changeTotalAmount))
        }
        #expect(try await orders.order(id: order.id) == moved)
    }

    @Test("a change that gives money back is confirmed with no payment; a payment sent with it is refused")
    func refundTakesNoPayment() async throws {
        let orders = FixtureOrderService()
        let changes = FixtureOrderChangeService(orders: orders)
        let order = try await booked(orders)
        let slice = try #require(order.slices.first)
        let later = try #require(slice.segments.first?.departingAt.date.adding(days: 3))
        let request = try await changes.createOrderChangeRequest(OrderChangeRequestCreation(
            orderId: order.id, slices: OrderChangeRequestSlices(
                add: [OrderChangeSliceToAdd(
                    origin: slice.origin.iataCode, destination: slice.destination.iataCode, departureDate: later,
                    cabinClass: .economy)],
                remove: [OrderChangeSliceToRemove(sliceId: slice.id)])))
        let cheaper = try #require(request.orderChangeOffers.first { $0.isRefund })
        let pending = try await changes.createOrderChange(offerID: cheaper.id)
        await #expect(throws: ServiceError.self) {
            _ = try await changes.confirmOrderChange(id: pending.id, payment: Payment(amount: cheaper.changeTotalAmount))
        }
        let confirmed = try await changes.confirmOrderChange(id: pending.id, payment: nil)
        #expect(confirmed.isConfirmed)
        #expect(try await orders.order(id: order.id).slices.map(\.id) == cheaper.slices.add.map(\.id))
    }
}
