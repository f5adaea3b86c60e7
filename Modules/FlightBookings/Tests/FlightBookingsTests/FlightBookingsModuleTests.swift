import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightBookings

/// The whole module through its builder, on a virtual terminal, typed at as a person would.
@MainActor
@Suite("FlightBookings module")
struct FlightBookingsModuleTests {
    private let router = SpyRouter()

    private func screen(_ input: FlightBookingsInput, booked: Booked, on terminal: VirtualTerminal) -> any Screen {
        FlightBookingsBuilder(orders: booked.orders, bookings: booked.store, backend: "fixtures", now: { quoteTime }, timeZone: utc)
            .build(input: input, router: router, terminal: terminal)
    }

    @Test func aTravellerOpensABookingCancelsItAndStartsANewSearch() async throws {
        let booked = try await Booked()
        let terminal = VirtualTerminal(columns: 110)
        let screen = screen(FlightBookingsInput(highlight: "ERDAH6"), booked: booked, on: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Open a booking (1–1)")
        #expect(terminal.text.contains("ERDAH6 (new)"))
        #expect(terminal.text.contains("LHR → JFK"))
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "What next? c to cancel")
        #expect(terminal.text.contains("Booking ERDAH6 · Confirmed"))
        #expect(terminal.text.contains("e-ticket 0387010675893"))
        terminal.enter("c")
        try await terminal.waitForOutput(containing: "Cancel booking ERDAH6 for a refund of £372.50? y yes · n no · Enter no")
        #expect(terminal.text.contains("Goes to"))
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "✓ Booking ERDAH6 is cancelled. £372.50 goes back to your Duffel balance.")
        terminal.clearOutput()
        terminal.enter("b")
        try await terminal.waitForOutput(containing: "Open a booking")
        #expect(terminal.text.contains("Cancelled"))
        terminal.enter("n")
        _ = await running.value
        #expect(router.exits == [.search])
        #expect(try booked.store.record(reference: "ERDAH6")?.state == .cancelled)
    }

    @Test func mOnABookingWhoseFareAllowsChangesOpensTheChangeOnlyWhenTheBuilderOffersIt() async throws {
        for (offers, keys) in [(true, false), (true, true), (false, false), (false, true)] {
            let booked = try await Booked()
            let router = SpyRouter()
            let terminal = VirtualTerminal(columns: 110, isInteractive: keys)
            let screen = FlightBookingsBuilder(
                orders: booked.orders, bookings: booked.store, backend: "fixtures", now: { quoteTime }, timeZone: utc,
                offersChanges: offers
            ).build(input: FlightBookingsInput(), router: router, terminal: terminal)
            let running = Task { await screen.run() }
            try await terminal.waitForOutput(containing: "Open a booking")
            terminal.enter("1")
            try await terminal.waitForOutput(containing: "What next?")
            #expect(terminal.text.contains("m to move a flight") == offers)
            // On a terminal the key acts at once; elsewhere it is a line.
            if keys { terminal.type("m") } else { terminal.enter("m") }
            if offers {
                // The booking's screen stays beneath the change, as the App shows it: the router is told.
                try await terminal.wait(for: "the change asked for") { _ in router.exits == [.change("ERDAH6")] }
            } else if !keys {
                try await terminal.waitForOutput(containing: "Enter c to cancel")
            } else {
                // A key that means nothing here is ignored; the next one still acts.
                terminal.clearOutput()
                terminal.type("b")
                try await terminal.waitForOutput(containing: "Open a booking")
            }
            #expect(router.exits == (offers ? [.change("ERDAH6")] : []))
            running.cancel()
            _ = await running.value
        }
    }

    @Test func escapeLeavesTheListOnATerminal() async throws {
        let booked = try await Booked()
        let terminal = VirtualTerminal(isInteractive: true)
        let screen = screen(FlightBookingsInput(), booked: booked, on: terminal)
        let running = Task { await screen.run() }
        try await terminal.waitForOutput(containing: "Open a booking")
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "What next?")
        // Esc on the booking goes back to the list; Esc on the list leaves.
        terminal.clearOutput()
        terminal.press(.escape)
        try await terminal.waitForOutput(containing: "Open a booking")
        terminal.press(.escape)
        _ = await running.value
        #expect(router.exits == [.back])
    }

    @Test func everyRoleIsFreedWhenTheScreenIsDropped() async throws {
        weak var weakRunner: ScreenRunner<FlightBookingsReducer>?
        let booked = try await Booked()
        let terminal = VirtualTerminal()
        do {
            let screen = screen(FlightBookingsInput(), booked: booked, on: terminal)
            weakRunner = try #require(screen as? ScreenRunner<FlightBookingsReducer>)
            let running = Task { await screen.run() }
            try await terminal.waitForOutput(containing: "Open a booking")
            terminal.enter("1")
            terminal.enter("c")
            try await terminal.waitForOutput(containing: "Cancel booking ERDAH6")
            // The navigator covers or drops the screen: its run must end, and nothing it started may keep it alive.
            running.cancel()
            _ = await running.value
        }
        #expect(weakRunner == nil)
    }
}
