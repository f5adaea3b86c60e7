import Entities
import Foundation
import TerminalUI
import Testing

/// What Flights' recorded answers were made for.
enum Recording {
    /// The recorded searches were made on 2026-11-22 at 10:15 UTC; their offers expire at 10:45.
    static let time = Date(timeIntervalSince1970: 1_795_342_800)
    static let zone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    /// The day the recorded flights leave; a typo would fall back to 1970, which the searches' checks then catch.
    static let december18 = CalendarDate(year: 2026, month: 12, day: 18) ?? CalendarDate(dayNumber: 0)
    /// One adult, LHR → JFK on 2026-12-18: the recorded one-way search.
    static let search = SearchRequest(
        slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: december18)],
        passengers: [.adult])
}

/// One adult's answers to the summary's questions, in the order they are asked.
enum Traveller {
    static let familyName = "Fairweather"
    static let answers = ["ms", "Imogen", familyName, "1990-04-12", "f", "imogen.fairweather@example.com", "+442079460123"]

    /// Types a whole booking as a traveller would, from the offers' prompt to the booked screen: the offer by its
    /// number, yes to it, the passenger's details, book, and Enter at the end. `serverWait` bounds the steps that wait
    /// on a server (a search, a price re-check, the order).
    @MainActor
    static func book(offer number: String, on terminal: VirtualTerminal, serverWait: Duration = .seconds(10))
        async throws
    {
        try await terminal.waitForOutput(containing: "Offer number or command:", timeout: serverWait)
        terminal.enter(number)
        try await terminal.waitForOutput(containing: "Book this offer?", timeout: serverWait)
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "Passenger 1 of 1 · Adult")
        for answer in answers { terminal.enter(answer) }
        try await terminal.waitForOutput(containing: "What next?")
        terminal.enter("1")
        try await terminal.waitForOutput(containing: "Book for 1 passenger")
        terminal.enter("y")
        try await terminal.waitForOutput(containing: "Press Enter to see your bookings.", timeout: serverWait)
        terminal.enter("")
    }
}

/// Waits for a flow's run to end. One still running after `timeout` (waiting for input no test will type, say) fails
/// the test with what the screen shows, and is ended, rather than hanging the whole run.
@MainActor
func waitForEnd(of running: Task<Void, Never>, on terminal: VirtualTerminal, timeout: Duration = .seconds(60)) async {
    let watchdog = Task { @MainActor () -> String? in
        do { try await Task.sleep(for: timeout) } catch { return nil }
        let screen = terminal.screen.joined(separator: "\n")
        terminal.endInput()
        running.cancel()
        return screen
    }
    await running.value
    watchdog.cancel()
    if let screen = await watchdog.value {
        Issue.record("The flow did not end within \(timeout); the screen showed:\n\(screen)")
    }
}
