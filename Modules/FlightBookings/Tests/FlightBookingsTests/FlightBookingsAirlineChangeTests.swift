import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import Testing
import TravelText
@testable import Trips
@testable import FlightBookings

/// The airline's schedule change to a booking: shown beside the booked flights, accepted once confirmed (`a`, or
/// `--accept-change --yes`), a lost answer resolved by listing the changes, never by accepting twice; the list marks
/// the bookings with one waiting.
@MainActor
@Suite("The airline's schedule changes")
struct FlightBookingsAirlineChangeTests {
    /// A paid booking whose flight the airline moved 3 hours later, and the change service that knows it.
    private func moved() async throws -> (Booked, FixtureAirlineChangeService, AirlineInitiatedChange) {
        let booked = try await Booked()
        let changes = FixtureAirlineChangeService(orders: booked.orders)
        let change = try #require(changes.scheduleChange(orderID: booked.order.id, movedBy: 3, at: orderTime))
        return (booked, changes, change)
    }

    private func harness(
        _ input: FlightBookingsInput, _ booked: Booked, _ changes: FixtureAirlineChangeService?, canAsk: Bool = false
    ) -> Harness {
        Harness(input, orders: booked.orders, store: booked.store, canAsk: canAsk, airlineChanges: changes)
    }

    @Test func aWaitingChangeIsShownSideBySideAndAcceptedWithAOnceConfirmed() async throws {
        let (booked, changes, change) = try await moved()
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, changes)
        await h.appear()
        let shown = try #require(h.detail?.airlineChange)
        let row = try #require(shown.flights.first)
        #expect(row[2].hasSuffix(", 3h 00m later"), "\(row)")
        #expect(row[1] != row[2])
        #expect(h.detail?.warnings.contains { $0.contains("The airline changed your flights' times") } == true)
        #expect(h.state.detailChoices.hasPrefix("a to accept the new times, "))
        #expect(FlightBookingsReducer.action(for: .key(.character("a")), in: h.state) == .entered("a"))

        await h.answer("a")
        #expect(h.prompt == .confirm(question: "Accept the airline's new times for booking ERDAH6?", default: nil))
        #expect(changes.accepted.isEmpty)
        await h.answer("y")
        #expect(changes.accepted == [change.id])
        #expect(h.text.contains("✓ Booking ERDAH6 now flies the airline's new times."))
        #expect(h.state.current?.order?.slices.first == change.added.first)
        #expect(h.detail?.airlineChange == nil)
        #expect(!h.state.detailChoices.contains("a to accept"))
        #expect(FlightBookingsReducer.action(for: .key(.character("a")), in: h.state) == nil)
    }

    @Test func noSaysNotAcceptedAndTheChangeStillWaits() async throws {
        let (booked, changes, _) = try await moved()
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, changes)
        await h.appear()
        await h.answer("a")
        await h.answer("n")
        #expect(changes.accepted.isEmpty)
        #expect(h.text.contains("Not accepted: the airline's change still waits for an answer."))
        #expect(h.state.step == .detail)
        #expect(h.detail?.airlineChange != nil)
    }

    @Test func withoutAChangeServiceTheChangeIsShownButNotOffered() async throws {
        let (booked, _, _) = try await moved()
        let h = harness(FlightBookingsInput(request: .show(reference: "ERDAH6")), booked, nil)
        await h.appear()
        #expect(h.detail?.airlineChange != nil)
        #expect(!h.state.detailChoices.contains("a to accept"))
        await h.answer("a")
        #expect(h.prompt == .text(question: "What next? \(h.state.detailChoices):"))
    }

    @Test func theListMarksTheBookingsWithAChangeWaiting() async throws {
        let (booked, changes, _) = try await moved()
        let h = harness(FlightBookingsInput(request: .list), booked, changes)
        await h.appear()
        #expect(h.list.rows.map(\.status) == ["Times changed"])
        #expect(h.list.notes.contains { $0.message.contains("marked \"Times changed\"") })

        let unmarked = harness(FlightBookingsInput(request: .list), booked, nil)
        await unmarked.appear()
        #expect(unmarked.list.rows.map(\.status) == ["Confirmed"])
    }
}
