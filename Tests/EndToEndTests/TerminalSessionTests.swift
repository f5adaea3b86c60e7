import Foundation
import Testing

/// The interactive flow on a real pseudo-terminal (tmux), keys and all: the arrow list, single-key actions, Esc,
/// and what the screen shows.
@Suite struct TerminalSessionTests {
    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the pseudo-terminal session cannot run"))
    func arrowKeysChooseAPlaceAndAnOfferThenEscapeAndQuitRestoreTheTerminal() async throws {
        try await FlightsApp.withFreshData { app in
            try await TmuxSession.run(app) { terminal in
                try await terminal.waitForPrompt("From:")
                // On a TTY the hint names Esc, not the `b` of a pipe.
                #expect(try await terminal.screen().contains("Esc goes back"))
                try await terminal.type("lon")
                try await terminal.press("Enter")

                // The arrow list: the first place is selected, ↓ moves the selection.
                let list = try await terminal.waitForPrompt("↑/↓ move")
                #expect(Self.selectedLine(list)?.contains("London (all airports)") == true, "\(list)")
                try await terminal.press("Down")
                let moved = try await terminal.waitForScreen("the selection on Heathrow") {
                    Self.selectedLine($0)?.contains("London Heathrow Airport") == true
                }
                #expect(!moved.contains("› 1.") && !moved.contains("›  1."))
                try await terminal.press("Enter")
                // The list gives way to one line saying what was chosen.
                let chosen = try await terminal.waitForPrompt("To:")
                #expect(chosen.contains("From London Heathrow Airport"), "\(chosen)")
                #expect(!chosen.contains("↑/↓ move"))

                try await terminal.type("new york")
                try await terminal.press("Enter")
                let toList = try await terminal.waitForPrompt("↑/↓ move")
                #expect(Self.selectedLine(toList)?.contains("New York (all airports)") == true, "\(toList)")
                try await terminal.press("Enter")
                try await terminal.waitForPrompt("Depart")
                try await terminal.type(TravelData.nextMonthTyped)
                try await terminal.press("Enter")
                try await terminal.waitForScreen(containing: TravelData.nextMonthShown)
                try await terminal.waitForPrompt("Return")
                try await terminal.press("Enter")
                let review = try await terminal.waitForPrompt("Enter to search")
                #expect(review.contains("LHR → NYC"), "\(review)")
                #expect(review.contains("Esc back"), "\(review)")
                // A single key acts at once, without Enter.
                try await terminal.press("Enter")

                let offers = try await terminal.waitForPrompt("Enter choose")
                #expect(offers.contains("London (LHR) → New York (NYC)"), "\(offers)")
                let header = try #require(offers.components(separatedBy: "\n").first { $0.contains("Departs") })
                for column in ["Arrives", "Duration", "Stops", "Airline", "Flights", "Price"] {
                    #expect(header.contains(column), "the header lacks \(column) at 120 columns: \(header)")
                }
                #expect(Self.selectedLine(offers)?.contains("1.") == true, "\(offers)")
                try await terminal.press("Down")
                let second = try await terminal.waitForScreen("the second offer selected") {
                    Self.selectedLine($0)?.contains("2.") == true
                }
                let secondPrice = try #require(Self.price(in: Self.selectedLine(second) ?? ""), "\(second)")
                try await terminal.press("Enter")

                // The chosen offer in full, with the price of the row that was selected.
                let summary = try await terminal.waitForPrompt("Book this offer?")
                #expect(summary.contains(secondPrice), "expected \(secondPrice) in:\n\(summary)")
                #expect(summary.contains("Total"), "\(summary)")

                // Esc goes back a screen at a time: the offers as they were, then the search form.
                try await terminal.press("Escape")
                let back = try await terminal.waitForPrompt("Enter choose")
                #expect(Self.selectedLine(back)?.contains("2.") == true, "the selection was lost:\n\(back)")
                try await terminal.press("Escape")
                let form = try await terminal.waitForPrompt("Enter to search")
                #expect(form.contains("London Heathrow Airport"), "\(form)")
                try await terminal.press("q")

                let status = try await terminal.waitForExit()
                #expect(status == 0)
                let modes = try terminal.terminalModes()
                #expect(modes.before == modes.after, "the terminal was left in another mode")
            }
        }
    }

    /// Ctrl-C on an inner screen ends the app at once (not one screen back), with SIGINT's status, and leaves the
    /// terminal as it was.
    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed: the pseudo-terminal session cannot run"))
    func controlCOnTheOffersEndsTheApp() async throws {
        try await FlightsApp.withFreshData { app in
            try await TmuxSession.run(app) { terminal in
                try await terminal.searchToOffers()
                try await terminal.press("C-c")
                let status = try await terminal.waitForExit()
                let last = (try? await terminal.screen()) ?? ""
                #expect(status == 130, "exit status \(status); screen:\n\(last)")
                let modes = try terminal.terminalModes()
                #expect(modes.before == modes.after, "the terminal was left in another mode")
            }
        }
    }

    /// The line the list marks as selected (`›`).
    static func selectedLine(_ screen: String) -> String? {
        screen.components(separatedBy: "\n").first { $0.hasPrefix("›") }
    }

    /// The last `£…` amount in a line.
    static func price(in line: String) -> String? {
        line.components(separatedBy: " ").last { $0.hasPrefix("£") }
    }
}
