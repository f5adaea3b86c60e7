import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import Testing
@testable import Trips
@testable import FlightBookings

/// Paying for a held booking: the current total is confirmed, then paid; a changed price is never paid without a
/// new confirmation; a lapsed hold, a paid or a cancelled booking is not paid.
@MainActor
@Suite("Paying for a held booking")
struct FlightBookingsPaymentTests {
    private func harness(
        _ input: FlightBookingsInput, booked: Booked, now: Date = quoteTime, canAsk: Bool = false
    ) -> Harness {
        Harness(input, orders: booked.orders, store: booked.store, now: now, canAsk: canAsk)
    }

    private let total = Money(amount: 412.5, currency: "GBP")

    @Test func aHeldBookingIsPaidOnceConfirmedInteractively() async throws {
        let booked = try await Booked(type: .hold)
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked: booked)
        await h.appear()
        #expect(h.state.detailChoices.hasPrefix("p to pay, "))
        await h.answer("p")
        #expect(h.prompt == .confirm(question: "Pay £412.50 now for booking ERDAH6?", default: false))
        #expect(booked.orders.payments.isEmpty)
        await h.answer("y")
        #expect(booked.orders.payments.map(\.payment.amount) == [total])
        #expect(h.text.contains("✓ Booking ERDAH6 is paid: £412.50."))
        #expect(h.state.current?.record?.state == .confirmed)
        #expect(try booked.store.records().first?.state == .confirmed)
        #expect(!h.state.detailChoices.contains("p to pay"))
    }

    @Test func aChangedPriceIsShownAndAskedAgainNeverPaid() async throws {
        let booked = try await Booked(type: .hold)
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked: booked)
        await h.appear()
        await h.answer("p")
        let new = Money(amount: 433.13, currency: "GBP")
        booked.orders.reprice(orderID: booked.order.id, to: new)
        await h.answer("y")
        #expect(h.text.contains("✗ Nothing was paid: the airline changed the price from £412.50 to £433.13."))
        #expect(FlightBookingsReducer.screen(h.state).page == h.state.current.map(h.state.detailBlocks))
        #expect(h.prompt == .confirm(question: "Pay £433.13 now for booking ERDAH6?", default: false))
        #expect(booked.orders.orders.first?.paymentStatus.awaitingPayment == true)
        await h.answer("y")
        #expect(booked.orders.payments.map(\.payment.amount) == [total, new])
        #expect(booked.orders.orders.first?.paymentStatus.awaitingPayment == false)
    }

    @Test func aLapsedHoldAPaidAndACancelledBookingAreNotPaid() async throws {
        let lapsed = try await Booked(type: .hold)
        let deadline = quoteTime.addingTimeInterval(-60)
        let interactor = FlightBookingsServices(
            orders: lapsed.orders, bookings: lapsed.store, backend: "fixtures", now: { quoteTime }, timeZone: utc, lookupDelays: [.zero, .zero])
        var order = lapsed.order
        order.paymentStatus.paymentRequiredBy = deadline
        #expect(Booking(record: lapsed.record, order: order).paymentBlocker(at: interactor.now) == .lapsed(deadline))
        order.paymentStatus = PaymentStatus(awaitingPayment: false, paidAt: quoteTime)
        #expect(Booking(record: lapsed.record, order: order).paymentBlocker(at: interactor.now) == .notAwaitingPayment)
        order.cancelledAt = quoteTime
        #expect(Booking(record: lapsed.record, order: order).paymentBlocker(at: interactor.now) == .cancelled)

        let instant = try await Booked()
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked: instant)
        await h.appear()
        #expect(!h.state.detailChoices.contains("p to pay"))
        await h.answer("p")
        #expect(instant.orders.payments.isEmpty)
        #expect(h.state.step == .detail)
    }
}
