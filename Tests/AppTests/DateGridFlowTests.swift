import Entities
import Foundation
import Testing
@testable import FlightsApp

@MainActor
@Suite("The App's flow: the date grid")
struct DateGridFlowTests {
    @Test("a day chosen in the grid is the day the search shows when the traveller goes back")
    func backShowsTheDayChosen() async throws {
        let app = Harness()
        app.flow.startSearch()
        let running = app.run()
        try await app.searchLondonToNewYork()
        try await app.type("dates")
        try await app.terminal.waitForOutput(containing: "Day number or command:")
        app.terminal.clearOutput()
        try await app.type("5")
        try await app.terminal.wait(for: "the offers of Sat 19 Dec") {
            $0.isAwaitingInput && $0.text.contains("Offer number or command:")
        }
        #expect(app.offers.searches.last?.slices.first?.departureDate.description == "2026-12-19")

        app.terminal.clearOutput()
        try await app.type("back")
        try await app.terminal.wait(for: "the search's review with the day chosen") {
            $0.isAwaitingInput && $0.text.contains("Sat 19 Dec")
        }
        #expect(app.navigator.stack.count == 1)
        #expect(!app.terminal.text.contains("Fri 18 Dec"), "\(app.terminal.text)")

        // Searching from there searches the day chosen.
        let searches = app.offers.searches.count
        try await app.type("")
        try await app.waitForStack(2)
        try await app.terminal.wait(for: "a new search") { _ in app.offers.searches.count > searches }
        #expect(app.offers.searches.last?.slices.first?.departureDate.description == "2026-12-19")
        app.terminal.endInput()
        await running.value
    }
}

