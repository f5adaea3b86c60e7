import Entities
import FixtureServices
import Foundation
import ModuleCore
import Testing
@testable import Trips
@testable import FlightBookings

/// What a recording of the screen keeps of personal data.
@Suite("FlightBookingsReducer redaction")
struct FlightBookingsRedactionTests {
    @Test func theNamesARecordKeepsAreRedactedFromAnswers() async throws {
        let booked = try await Booked()
        let state = FlightBookingsState(
            input: FlightBookingsInput(), canAsk: false, backend: "fixtures", storeLocation: "memory", timeZone: utc,
            now: orderTime)
        let list = BookingList(records: [booked.record], reconciliations: [.confirmed(booked.record)])
        let action = FlightBookingsReducer.redacted(.bookingsLoaded(.success(list), now: quoteTime), in: state)
        guard case .bookingsLoaded(.success(let redacted), _) = action else {
            Issue.record("The answer changed kind: \(action)")
            return
        }
        #expect(booked.record.passengers == ["Imogen Fairweather"])
        #expect(redacted.records.map(\.passengers) == [[Redaction.name]])
        #expect(redacted.reconciliations == [.confirmed(redacted.records[0])])
        let typed = FlightBookingsAction.entered("1")
        #expect(FlightBookingsReducer.redacted(typed, in: state) == typed)
    }
}
