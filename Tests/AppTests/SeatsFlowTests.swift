import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
@testable import FlightsApp

/// The summary and the seats screen composed: the seats go and come back through the routers, the seats screen is
/// freed once it is left, and the order books the seat chosen.
@MainActor
@Suite("Summary ⇄ seats")
struct SeatsFlowTests {
    /// From an empty start to the review of the recorded ZZ117 offer (the one with a seat map), details given.
    private func atReview(_ app: Harness) async throws {
        try await app.searchLondonToNewYork()
        // The recorded ZZ117 offer's number in the table, whatever its place.
        let row = try #require(app.terminal.text.split(separator: "\n").first { $0.contains("ZZ117") })
        let number = String(row.drop { !$0.isNumber }.prefix { $0.isNumber })
        try await app.type(number)
        try await app.waitForStack(3)
        try await app.terminal.waitForOutput(containing: "Book this offer?")
        for line in ["y", "ms", "Ada", "Lovelace", "1985-12-10", "f", "ada@example.com", "+442080160508"] {
            try await app.type(line)
        }
        try await app.terminal.waitForOutput(containing: "Choose seats")
    }

    /// From the review to the seats screen, watched for leaks once it is left.
    private func openSeats(_ app: Harness) async throws -> LeakDetector {
        try await atReview(app)
        // 1 book, 2 hold, 3 seats, 4 bags, 5 change passenger 1, 6 back.
        try await app.type("3")
        try await app.waitForStack(4)
        let seats = LeakDetector(modules: ["FlightSeats"])
        seats.watch(try #require(app.navigator.top))
        try await app.terminal.waitForOutput(containing: "Choosing for passenger 1 of 1: Adult")
        return seats
    }

    @Test("a seat chosen comes back to the review with the new total, the seats screen is freed, the order books it")
    func seatChosenAndBooked() async throws {
        let app = Harness(seats: true)
        app.flow.startSearch()
        let running = app.run()
        let seats = try await openSeats(app)
        try await app.type("32A")
        try await app.terminal.waitForOutput(containing: "Take these seats?")
        app.terminal.clearOutput()
        try await app.type("")
        try await app.waitForStack(3)
        try await app.terminal.waitForOutput(containing: "32A for passenger 1 on ZZ117 LHR → JFK, £18.00")
        #expect(app.terminal.text.contains("Total with extras  £430.50"))
        await seats.expectAllFreed("the seats screen once its seats went back to the summary")

        try await app.type("1")
        try await app.type("y")
        try await app.terminal.waitForOutput(containing: "booking reference")
        let created = try #require(app.orders.created.first)
        let maps = try FixtureFile.seatMaps.decode(Page<SeatMap>.self).items
        let service = try #require(maps[0].seat("32A")?.service(for: "pas_0000BdlnJxvVWHajsjWoDW"))
        #expect(created.services == [SelectedService(id: service.id)])
        #expect(created.payments.map(\.amount) == [Money(amount: 430.5, currency: "GBP")])
        #expect(app.extras?.seatMapReads.count == 1)
        app.terminal.endInput()
        await running.value
    }

    @Test("back from the seats screen: the review as it was, nothing chosen, the seats screen freed")
    func backFromSeats() async throws {
        let app = Harness(seats: true)
        app.flow.startSearch()
        let running = app.run()
        let seats = try await openSeats(app)
        try await app.type("32A")
        try await app.terminal.waitForOutput(containing: "Take these seats?")
        try await app.type("b")
        try await app.waitForStack(3)
        try await app.terminal.waitForOutput(containing: "What next?")
        await seats.expectAllFreed("the seats screen left with b")
        try await app.terminal.waitUntilAwaitingInput()
        #expect(!app.terminal.text.contains("Total with extras"))
        #expect(app.orders.created.isEmpty)
        app.terminal.endInput()
        await running.value
    }
}
