import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import Testing
@testable import Trips
@testable import FlightBookings

/// Checked bags added after booking (`x`, `flights add-bags`): priced first, added once confirmed; a paid booking
/// pays them now, a held one adds them to its total with no payment sent; a lost answer is resolved by reading the
/// order, never by adding twice.
@MainActor
@Suite("Bags added after booking")
struct FlightBookingsBagsTests {
    private func harness(
        _ input: FlightBookingsInput, _ booked: Booked, _ extras: FixtureOrderExtrasService?, canAsk: Bool = false
    ) -> Harness {
        Harness(input, orders: booked.orders, store: booked.store, canAsk: canAsk, extras: extras)
    }

    private func bags(_ order: Order?) -> Int {
        order?.services.filter { $0.type == .baggage }.reduce(0) { $0 + $1.quantity } ?? 0
    }

    @Test func xPricesTheBagsAndAPaidBookingPaysThemOnceConfirmed() async throws {
        let booked = try await Booked()
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, extras)
        await h.appear()
        #expect(h.state.detailChoices.contains("x to add bags, "))
        #expect(FlightBookingsReducer.action(for: .key(.character("x")), in: h.state) == .entered("x"))
        await h.answer("x")
        guard case .confirmExtras(let quote) = h.state.step else {
            Issue.record("no bags asked: \(h.state.step)")
            return
        }
        #expect(quote.paysNow)
        #expect(h.prompt == .confirm(question: "Add the bags and pay \(quote.total.formatted) now?", default: false))
        #expect(FlightBookingsReducer.screen(h.state).page.contains(.header("Bags for booking ERDAH6")))
        #expect(extras.additions.isEmpty)
        await h.answer("y")
        #expect(extras.additions.count == 1)
        #expect(extras.additions.first?.addition.payment?.amount == quote.total)
        #expect(h.text.contains("✓ Bags added to booking ERDAH6: \(quote.total.formatted) paid."))
        #expect(bags(h.state.current?.order) == bags(booked.order) + quote.services.reduce(0) { $0 + $1.quantity })
        #expect(h.state.step == .detail)
    }

    @Test func aHeldBookingAddsThemToItsTotalWithNoPaymentSent() async throws {
        let booked = try await Booked(type: .hold)
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        let h = harness(
            FlightBookingsInput(request: .addBags(reference: "ERDAH6", perPassenger: 1), presentation: .text, assumeYes: true),
            booked, extras)
        await h.appear()
        #expect(extras.additions.count == 1)
        #expect(extras.additions.first?.addition.payment == nil)
        let grown = try #require(booked.orders.orders.first?.totalAmount)
        #expect(grown.amount > 412.5)
        #expect(h.text.contains("the hold now costs \(grown.formatted), paid with it before its deadline (`flights pay ERDAH6`)"))
        #expect(booked.orders.orders.first?.paymentStatus.awaitingPayment == true)
        #expect(h.router.exits == [.finished(.done)])
    }

    @Test func aLostAnswerIsCheckedByReadingTheOrderNeverByAddingTwice() async throws {
        let booked = try await Booked()
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        extras.loseAdditionAnswers(.timedOut)
        let h = harness(
            FlightBookingsInput(request: .addBags(reference: "ERDAH6", perPassenger: 1), presentation: .text, assumeYes: true),
            booked, extras)
        await h.appear()
        #expect(extras.additions.count == 1)
        #expect(h.text.contains("(the answer was lost; the booking, read again, holds them)"))
        #expect(h.router.exits == [.finished(.done)])
    }

    @Test func anotherTotalOrNoYesAddsNothing() async throws {
        let booked = try await Booked()
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        let other = harness(
            FlightBookingsInput(
                request: .addBags(reference: "ERDAH6", perPassenger: 1), presentation: .text, assumeYes: true,
                acceptedTotal: 0.01),
            booked, extras)
        await other.appear()
        #expect(other.text.contains("Nothing was added: the bags cost"))
        #expect(other.router.exits == [.finished(.declined)])
        let unasked = harness(
            FlightBookingsInput(request: .addBags(reference: "ERDAH6", perPassenger: 1), presentation: .text), booked, extras)
        await unasked.appear()
        #expect(unasked.router.exits == [.finished(.declined)])
        #expect(extras.additions.isEmpty)
    }

    @Test func bagsForOnlySomePassengersAreAddedByAScriptOnlyAtTheirTotal() async throws {
        let booked = try await Booked()
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        let passenger = try #require(booked.order.passengers.first?.id)
        let segments = booked.order.slices.flatMap(\.segments).map(\.id)
        let price = Money(amount: 30, currency: "GBP")
        extras.setAvailableServices([
            AvailableService(id: "ase_two", type: .baggage, maximumQuantity: 2, passengerIds: [passenger], segmentIds: segments, totalAmount: price),
            AvailableService(id: "ase_one", type: .baggage, maximumQuantity: 1, passengerIds: ["pas_other"], segmentIds: segments, totalAmount: price),
        ], for: booked.order.id)
        let yes = harness(
            FlightBookingsInput(request: .addBags(reference: "ERDAH6", perPassenger: 2), presentation: .text, assumeYes: true),
            booked, extras)
        await yes.appear()
        #expect(yes.text.contains("Nothing added: the airline sells these for only some passengers and flights"))
        #expect(yes.router.exits == [.finished(.declined)])
        #expect(extras.additions.isEmpty)

        let agreed = harness(
            FlightBookingsInput(
                request: .addBags(reference: "ERDAH6", perPassenger: 2), presentation: .text, assumeYes: true, acceptedTotal: 60),
            booked, extras)
        await agreed.appear()
        #expect(extras.additions.map(\.addition.addServices) == [[SelectedService(id: "ase_two", quantity: 2)]])
        #expect(agreed.router.exits == [.finished(.done)])
    }

    @Test func noBagsSoldOrNoExtrasServiceIsSaidNotOffered() async throws {
        let booked = try await Booked()
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        extras.setAvailableServices([], for: booked.order.id)
        let none = harness(
            FlightBookingsInput(request: .addBags(reference: "ERDAH6", perPassenger: 1), presentation: .text, assumeYes: true),
            booked, extras)
        await none.appear()
        #expect(none.text.contains("The airline sells no more checked bags for booking ERDAH6."))
        #expect(none.router.exits == [.finished(.notFound(reference: "ERDAH6"))])

        let without = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, nil)
        await without.appear()
        #expect(!without.state.detailChoices.contains("x to add bags"))
        #expect(FlightBookingsReducer.action(for: .key(.character("x")), in: without.state) == nil)
    }
}
