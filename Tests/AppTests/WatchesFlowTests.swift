import Entities
import FlightWatches
import Foundation
import Testing
@testable import FlightsApp

@MainActor
@Suite("The App's flow: a watch searched again")
struct WatchesFlowTests {
    @Test("offers opened from the watches go back to the watches, even after other days were chosen")
    func backFromOffersOverWatches() async throws {
        let app = Harness()
        let day = try #require(CalendarDate("2026-12-18"))
        let search = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: day)], passengers: [.adult])
        _ = try app.watches.add(PriceWatch(id: 0, search: search, createdAt: fixtureNow(), backend: "fixtures"))
        app.flow.startWatches(FlightWatchesInput())
        let running = app.run()
        try await app.type("1")
        try await app.type("search")
        try await app.waitForStack(2)
        try await app.terminal.waitForOutput(containing: "Offer number or command:")
        try await app.type("dates")
        try await app.terminal.waitForOutput(containing: "Day number or command:")
        try await app.type("5")
        try await app.terminal.wait(for: "the offers of another day") {
            $0.isAwaitingInput && app.offers.searches.last?.slices.first?.departureDate.description == "2026-12-19"
        }
        app.terminal.clearOutput()
        try await app.type("back")
        try await app.waitForStack(1)
        try await app.terminal.waitForOutput(containing: "Type search, check, remove or back:")
        #expect(!app.terminal.text.contains("Enter to search"), "a search form replaced the watches:\n\(app.terminal.text)")
        app.terminal.endInput()
        await running.value
    }
}
