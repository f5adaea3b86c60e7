import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import Testing
@testable import Trips
@testable import FlightBookings

/// Checked bags added after booking (`x`): priced first, added once confirmed; a paid booking pays them now. What a
/// held booking, a lost answer and an agreed total do is the core's (`flights add-bags`, AppTests' ExtrasCommandFaceTests).
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

    @Test func noBagsSoldOrNoExtrasServiceIsSaidNotOffered() async throws {
        let booked = try await Booked()
        let extras = FixtureOrderExtrasService(orders: booked.orders)
        extras.setAvailableServices([], for: booked.order.id)
        let none = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, extras)
        await none.appear()
        await none.answer("x")
        #expect(none.text.contains("✗ The airline sells no more checked bags for booking ERDAH6."))
        #expect(none.state.step == .detail)
        #expect(extras.additions.isEmpty)

        let without = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, nil)
        await without.appear()
        #expect(!without.state.detailChoices.contains("x to add bags"))
        #expect(FlightBookingsReducer.action(for: .key(.character("x")), in: without.state) == nil)
    }
}
