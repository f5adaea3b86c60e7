import Entities
import FixtureServices
import FlightAvailability
import FlightSummary
import Foundation
@testable import rebook
import Services
import TerminalUI
import Testing

/// The team's flow on Flights' recorded answers (FixtureServices): no network, no server, the same screens a traveller
/// sees, on a virtual terminal.
@MainActor
@Suite("Rebooking on Flights' fixture services")
struct RebookingFixtureTests {
    private let offers = FixtureOfferService()
    private let orders = FixtureOrderService()
    private let bookings = FixtureBookingStore()

    /// The flow as `rebook` makes it, with the builders on the fixture services and the recording's clock.
    private func flow(on terminal: VirtualTerminal) -> RebookingFlow {
        RebookingFlow(
            availability: FlightAvailabilityBuilder(offers: offers, now: { Recording.time }, timeZone: Recording.zone),
            summary: FlightSummaryBuilder(
                offers: offers, orders: orders, bookings: bookings, backend: "fixtures", now: { Recording.time },
                timeZone: Recording.zone),
            terminal: terminal)
    }

    @Test("--show json: the recorded search's offers as one JSON document, counted")
    func listsTheOffersAsJSON() async throws {
        let terminal = VirtualTerminal()
        let result = await OfferListing.print(Recording.search, json: true, offers: offers, on: terminal)
        #expect(result == .listed(14))
        #expect(offers.searches == [Recording.search])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(terminal.output.utf8)) as? [String: Any])
        #expect((document["offers"] as? [Any])?.count == 14)
        #expect(terminal.diagnostics.contains("Searching flights LHR → JFK"))
    }

    @Test("a traveller chooses an offer by number, types their details and books: the flow ends booked")
    func booksAnOfferByTypingLines() async throws {
        let terminal = VirtualTerminal(columns: 100)
        let flow = flow(on: terminal)
        let running = Task { await flow.run(Recording.search) }
        try await Traveller.book(offer: "1", on: terminal)
        await waitForEnd(of: running, on: terminal)
        #expect(flow.result == .booked(reference: "ERDAH6"))
        #expect(bookings.saves.map(\.state) == [.pending, .confirmed])
        #expect(orders.created.first?.passengers.first?.familyName == Traveller.familyName)
    }

    @Test("back from the summary shows the offers again; leaving them ends the flow with nothing booked")
    func backAndLeave() async throws {
        let terminal = VirtualTerminal(columns: 100)
        let flow = flow(on: terminal)
        let running = Task { await flow.run(Recording.search) }
        try await terminal.waitForOutput(containing: "Offer number or command:")
        terminal.enter("2")
        try await terminal.waitForOutput(containing: "Book this offer?")
        terminal.clearOutput()
        terminal.enter("n")
        try await terminal.waitForOutput(containing: "Offer number or command:")
        terminal.enter("back")
        await waitForEnd(of: running, on: terminal)
        #expect(flow.result == .left)
        #expect(orders.created.isEmpty)
        #expect(bookings.saves.isEmpty)
    }
}
