import Entities
import FixtureServices
import FlightAvailability
import Foundation
import Services
import TerminalUI
import Testing
@testable import Trips

/// The date grid through the Builder, on a virtual terminal, against the fixture's offers priced by day.
@Suite("FlightAvailability date grid on a terminal")
@MainActor
struct FlightAvailabilityDateGridModuleTests {
    /// A round trip's screen with the matrix open and every cell in.
    private func matrix(columns: Int) async throws -> Session {
        let base = FixtureOfferService()
        let session = Session(
            Searches.roundTrip, interactive: true, columns: columns, service: base, offers: DayPricedOfferService(base: base))
        try await session.settle(on: "›1.")
        session.terminal.press(.character("d"))
        try await session.terminal.wait(for: "every cell priced") {
            $0.isAwaitingInput && $0.screen.joined().contains("Depart →") && !$0.screen.joined().contains("…")
        }
        return session
    }

    @Test("keys: the matrix fills in, moves over both axes, Enter searches that pair, back carries the days chosen")
    func roundTripMatrix() async throws {
        let session = try await matrix(columns: 80)
        let screen = session.terminal.screen
        #expect(screen.contains { $0.hasPrefix("Depart →        1 Tue    2 Wed    3 Thu    4 Fri    5 Sat    6 Sun    7 Mon") })
        #expect(screen.contains { $0.hasPrefix("Return ↓       15 Dec   16 Dec   17 Dec   18 Dec   19 Dec   20 Dec   21 Dec") })
        // The lowest pair (departing 15 Dec, back 25 Dec) is marked; each day later costs more.
        #expect(screen.contains { $0.hasPrefix("a Fri 25 Dec   £1,402*  £1,412   £1,422   £1,432   £1,442   £1,452   £1,462") })
        #expect(screen.contains("Fri 18 Dec → Mon 28 Dec: £1,440.61 (your dates)"))
        #expect(screen.joined(separator: " ").contains("Lowest total for the whole party of 3: departure across, return down"))

        session.terminal.press(.left, .up, .up)
        try await session.settle(on: "Thu 17 Dec → Sat 26 Dec: £1,424.61")
        session.terminal.press(.enter)
        try await session.settle(on: "›1.")
        #expect(session.screenText.contains("Thu 17 Dec – Sat 26 Dec · 2 adults, 1 child (8) · Economy · 6 offers"))
        session.terminal.press(.escape)
        try await session.terminal.wait(for: "back with the days") { _ in session.router.backSearches.count == 1 }
        #expect(session.router.backSearches.first?.slices.map(\.departureDate.description) == ["2026-12-17", "2026-12-26"])
        #expect(session.router.backCount == 0)
        await session.stop()
    }

    @Test("the matrix at 60, 80 and 120 columns: every line fits; a narrow terminal keeps the highlight in view",
          arguments: [60, 80, 120])
    func widths(columns: Int) async throws {
        let session = try await matrix(columns: columns)
        let screen = session.terminal.screen
        let tooWide = screen.filter { $0.count > columns }
        #expect(tooWide.isEmpty)
        let header = try #require(screen.first { $0.hasPrefix("Depart →") })
        let shown = (1...7).filter { header.contains("\($0) ") }
        #expect(shown.contains(4))
        if columns >= 80 {
            #expect(shown.count == 7)
            #expect(!header.contains("›"))
        } else {
            #expect(shown.count >= 5)
            #expect(header.contains("›") || header.contains("‹"))
        }
        session.terminal.press(.right, .right, .right)
        try await session.settle(on: "Mon 21 Dec → Mon 28 Dec")
        let moved = try #require(session.terminal.screen.first { $0.hasPrefix("Depart →") })
        #expect(moved.contains("7 Mon"))
        await session.stop()
    }

}
