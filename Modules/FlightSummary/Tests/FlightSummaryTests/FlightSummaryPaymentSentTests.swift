import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import Trips
@testable import FlightSummary

/// The orders of the fixture service, answered as some airlines answer an instant order: `awaiting_payment: true`,
/// though the payment went with it.
private struct AwaitingPaymentAnswers: OrderService {
    let base = FixtureOrderService()

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order {
        var made = try await base.createOrder(order)
        made.paymentStatus = PaymentStatus(awaitingPayment: true, paymentRequiredBy: searchTime.addingTimeInterval(86_400))
        return made
    }
    func order(id: String) async throws(ServiceError) -> Order { try await base.order(id: id) }
    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> { try await base.orders(query) }
    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        try await base.quoteCancellation(orderID: orderID)
    }
    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        try await base.confirmCancellation(id: id)
    }
    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        try await base.payOrder(payment)
    }
}

/// The record remembers what an instant booking paid and until when its offer was sold; the booking shown is paid.
@Suite("FlightSummary: a booking's payment as sent")
struct FlightSummaryPaymentSentTests {
    private func book(_ type: OrderType, orders: any OrderService, store: FixtureBookingStore) async throws -> (Offer, BookingAttempt) {
        let offer = try recordedOffer()
        let slots = PassengerSlot.slots(for: offer, search: nil)
        let details = try rules().details(from: [imogen], offer: offer, slots: slots).get()
        let keys = KeyMaker()
        let services = FlightSummaryServices(
            offers: FixtureOfferService(), orders: orders, bookings: store, backend: "fixtures", now: { searchTime },
            timeZone: utc, makeBookingKey: { keys.make() }, lookupDelays: [.zero])
        return (offer, await services.book(offer: offer, passengers: details, slots: slots, type: type))
    }

    @Test func anInstantOrderAnsweredAwaitingPaymentIsBookedAndPaid() async throws {
        let store = FixtureBookingStore()
        let (offer, attempt) = try await book(.instant, orders: AwaitingPaymentAnswers(), store: store)
        guard case .booked(let order, _, _) = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        // The API's order as it came (for --json); the record, and what is shown, know it is paid.
        #expect(order.paymentStatus.awaitingPayment == true)
        #expect(order.paidWithBooking().status == .confirmed)
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
        #expect(store.saves.allSatisfy { $0.paymentSent == offer.totalAmount })
        #expect(store.saves.first?.offerExpiresAt == offer.expiresAt)
        #expect(store.saves.last?.paymentRequiredBy == nil)
    }

    @Test func aHoldRemembersNoPaymentAndAwaitsOne() async throws {
        let store = FixtureBookingStore()
        let (offer, attempt) = try await book(.hold, orders: FixtureOrderService(), store: store)
        guard case .booked(let order, _, _) = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        #expect(order.status == .awaitingPayment)
        #expect(store.saves.map(\.state) == [.pending, .awaitingPayment])
        #expect(store.saves.allSatisfy { $0.paymentSent == nil })
        #expect(store.saves.first?.offerExpiresAt == offer.expiresAt)
    }
}
