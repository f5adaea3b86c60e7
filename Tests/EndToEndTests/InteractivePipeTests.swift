import Foundation
import Testing

/// The interactive flow with standard input on a pipe: no TTY, so the app reads plain lines and numbered lists.
@Suite struct InteractivePipeTests {
    @Test func searchFromTypedPlacesShowsTheOffersAndEndsCleanlyAtTheEndOfInput() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([])
            defer { flights.terminate() }
            let session = Conversation(flights)

            try await session.expect("Search flights")
            // A typed name shows the places it matches, the city first; Enter takes the first.
            try await session.answer("From:", with: "lon")
            let fromList = try await session.answer("or b to go back", with: "")
            #expect(fromList.contains("London (all airports)"), "\(fromList)")
            #expect(fromList.contains("LHR"), "\(fromList)")
            try await session.expect("(LON)")

            try await session.answer("To:", with: "new york")
            let toList = try await session.answer("or b to go back", with: "")
            #expect(toList.contains("New York (all airports)"), "\(toList)")
            #expect(toList.contains("JFK"), "\(toList)")
            try await session.expect("(NYC)")

            try await session.answer("Depart", with: TravelData.nextMonthISO)
            try await session.expect(TravelData.nextMonthShown)
            // Return: Enter for one way; then the review, where Enter searches.
            try await session.answer("Return", with: "")
            try await session.expect("One way")
            let review = try await session.answer("Enter to search", with: "")
            #expect(review.contains("LON → NYC"), "\(review)")
            #expect(review.contains("1 adult"), "\(review)")

            let offers = try await session.expect("Offer number or command")
            #expect(offers.contains("London (LON) → New York (NYC)"), "\(offers)")
            let header = try #require(offers.components(separatedBy: "\n").first { $0.contains("Departs") }, "no header:\n\(offers)")
            for column in ["Arrives", "Duration", "Stops", "Airline", "Flights", "Price"] {
                #expect(header.contains(column), "the header lacks \(column): \(header)")
            }
            let rows = Screen.offerRows(in: offers)
            #expect(rows.count >= 5, "expected a page of offers, got:\n\(offers)")
            #expect(rows.first?.trimmingCharacters(in: .whitespaces).hasPrefix("1.") == true, "\(rows)")
            #expect(rows.allSatisfy { $0.contains("£") }, "a row without a price:\n\(rows.joined(separator: "\n"))")

            // The end of input leaves the app cleanly.
            flights.closeInput()
            let status = try await flights.waitForExit()
            #expect(status == 0, "\(flights.transcript)")
            #expect(!flights.errors.text.contains("✗"), "an error was reported:\n\(flights.transcript)")
        }
    }
}
