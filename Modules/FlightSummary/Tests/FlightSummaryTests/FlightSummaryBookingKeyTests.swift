import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import Trips
@testable import FlightSummary

/// A booking key made the same for the same booking (as `flights mcp` makes it from a tool's arguments) may already
/// have a record from an earlier attempt: the new attempt carries it on, so the order is looked for from the first
/// time it was sent.
@Suite struct FlightSummaryBookingKeyTests {
    @Test func anEarlierAttemptsRecordUnderTheSameKeyKeepsItsFirstTime() async throws {
        let offer = try recordedOffer()
        let slots = PassengerSlot.slots(for: offer, search: nil)
        let details = try rules().details(from: [imogen], offer: offer, slots: slots).get()
        let firstSent = searchTime.addingTimeInterval(-1_800)
        let earlier = BookingRecord(
            bookingKey: "same-key", offerID: offer.id, backend: "fixtures", legs: [], passengers: [],
            total: offer.totalAmount, state: .failed, createdAt: firstSent, updatedAt: firstSent)
        let store = FixtureBookingStore(records: [earlier])
        let services = FlightSummaryServices(
            offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: store, backend: "fixtures",
            now: { searchTime }, timeZone: utc, makeBookingKey: { "same-key" }, lookupDelays: [.zero])
        let attempt = await services.book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
        #expect(store.saves.allSatisfy { $0.createdAt == firstSent && $0.bookingKey == "same-key" })
    }
}
