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
