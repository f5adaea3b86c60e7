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

    /// Types a whole booking as a traveller would, answering each question by its kind rather than its words (which
    /// differ between a TTY and a line terminal, and are the screens' to reword): the offer by its number, yes to
    /// it, the passenger's details, book and pay (the first choice), yes. Then the input ends, as a kiosk's might:
    /// the flow has heard of the booking the moment it was made. `serverWait` bounds the steps that wait on a server
    /// (a search, a price re-check, the order).
    @MainActor
    static func book(offer number: String, on terminal: VirtualTerminal, serverWait: Duration = .seconds(10))
        async throws
    {
        var keys = [number, "y", "y"][...]
        var lines = answers[...]
        while !keys.isEmpty || !lines.isEmpty {
            let question = try await terminal.waitForQuestion(timeout: serverWait)
            switch question.kind {
            case .keys: terminal.answer(keys.popFirst() ?? "")
            case .line: terminal.answer(lines.popFirst() ?? "")
            case .choice: terminal.answer(choosing: 0)
            }
        }
        // The booked screen's "Press Enter to …": not answered; the input ends instead.
        _ = try await terminal.waitForQuestion(timeout: serverWait)
        terminal.endInput()
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
