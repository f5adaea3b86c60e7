import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary

/// `?` at the summary's questions is help, never an answer; its yes-or-no questions take one key, no Enter.
@MainActor
@Suite("FlightSummary: ? is help, one key answers")
struct FlightSummaryHelpTests {
    private func screen(on terminal: VirtualTerminal, router: SpyRouter) throws -> any Screen {
        let offer = try recordedOffer()
        return FlightSummaryBuilder(
            offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: FixtureBookingStore(),
            backend: "fixtures", now: { searchTime }, timeZone: utc, makeBookingKey: { "key-1" }
        ).build(input: FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch), router: router, terminal: terminal)
    }

    @Test("y at Book this offer? acts at the key press; ? at Title says what it takes and asks Title again", arguments: [60, 80, 120])
    func helpAtTheForm(columns: Int) async throws {
        let terminal = VirtualTerminal(columns: columns, isInteractive: true)
        let router = SpyRouter()
        let shown = try screen(on: terminal, router: router)
        let running = Task { await shown.run() }
        try await terminal.waitForOutput(containing: "Book this offer? y yes · n no")
        try await terminal.waitUntilAwaitingInput()
        terminal.type("y")
        try await terminal.waitForOutput(containing: "Title (mr, ms, mrs, miss, dr):")
        terminal.enter("?")
        try await terminal.waitForOutput(containing: "Enter alone keeps what is in")
        try await terminal.waitUntilAwaitingInput()
        #expect(!terminal.text.contains("Choose a title"))
        #expect(terminal.screen.last?.hasPrefix("Title (mr, ms, mrs, miss, dr):") == true)
        #expect(terminal.screen.allSatisfy { TerminalText.displayWidth(of: $0) <= columns })
        let words = terminal.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("The title the airline prints: mr, ms, mrs, miss or dr."))
        terminal.enter("ms")
        try await terminal.waitForOutput(containing: "Given names")
        running.cancel()
        _ = await running.value
    }

    @Test("off a TTY a typed y and Enter still answers, and a line of ? is help there too")
    func pipedConfirmation() async throws {
        let terminal = VirtualTerminal()
        let router = SpyRouter()
        let shown = try screen(on: terminal, router: router)
        let running = Task { await shown.run() }
        try await terminal.waitForOutput(containing: "Book this offer?")
        terminal.enter("?")
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "Title")
        let words = terminal.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("y goes on to the passengers' details; n goes back to the offers."), "\(words)")
        running.cancel()
        _ = await running.value
    }
}
