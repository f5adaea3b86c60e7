import Foundation
import Testing

/// The offers screen filling in as the airlines answer, through the real binary on the sandbox's slow routes: the
/// first page is shown while airlines are still answering, `back` stops the wait and keeps the offers, and an
/// airline that sent nothing is named once the last batch is in.
@Suite struct OffersArrivingTests {
    @Test func theFirstOffersAreShownBeforeTheSlowestAirlineAnswersAndBackStopsTheWait() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([])
            defer { flights.terminate() }
            let session = Conversation(flights)
            // LHR → LAX: batches after 0.3, 2 and 8 seconds.
            let first = try await session.searchOffers(from: "LHR", to: "LAX", date: TravelData.nextMonthISO)
            #expect(first.contains("still answering (type back to stop waiting)"), "\(first)")
            #expect(first.contains(" 1. "), "\(first)")
            // The prompt of the first page was just read: answer it (a later batch may have repainted it since).
            try flights.send(line: "back")
            let kept = try await session.expect("Stopped waiting for")
            #expect(!kept.contains("Enter to search"), "back left the offers instead of stopping the wait:\n\(kept)")
            let page = try await session.expect("Offer number or command")
            #expect(page.contains(" 1. "), "\(page)")
            try flights.send(line: "back")
            try await session.expect("Enter to search")
        }
    }

    @Test func anAirlineThatSentNothingIsNamedOnceTheLastBatchIsIn() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([])
            defer { flights.terminate() }
            let session = Conversation(flights)
            // LHR → SFO: batches after 0.3, 1 and 2 seconds, the second failing.
            try await session.searchOffers(from: "LHR", to: "SFO", date: TravelData.nextMonthISO)
            try await session.expect("1 of 3 airlines sent no offers")
            let page = try await session.expect("Offer number or command")
            #expect(page.contains(" 1. "), "\(page)")
        }
    }
}
