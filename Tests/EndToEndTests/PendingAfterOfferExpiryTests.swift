import Entities
import Foundation
import Testing

/// A booking left pending (the app was killed while the order was on its way, and no order came of it) settles as
/// not booked once its offer is no longer sold and no order carries its key; never while the offer is still sold,
/// and never when the order exists.
@Suite struct PendingAfterOfferExpiryTests {
    /// A pending record for `offer`, sent `age` ago, whose offer stopped (or stops) being sold at `expiry`.
    static func pending(_ key: String, offer: String, age: TimeInterval, expiry: Date?) -> BookingRecord {
        let sent = Date().addingTimeInterval(-age)
        var record = BookingRecord(
            bookingKey: key, offerID: offer, backend: "sandbox",
            legs: [BookingRecord.Leg(origin: "LHR", destination: "JFK", departingAt: nil, arrivingAt: nil, flightNumbers: ["ZZ117"])],
            passengers: ["Ada Lovelace"], total: Money(amount: 412.5, currency: "GBP"), state: .pending,
            createdAt: sent, updatedAt: sent)
        record.offerExpiresAt = expiry
        record.paymentSent = record.total
        return record
    }

    @Test func aPendingRowSettlesAsNotBookedOnceItsOfferExpiredAndNoOrderHasItsKey() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            // Sent 41 minutes ago; its offer stopped being sold eleven minutes ago. Another, sent 35 minutes ago,
            // had its offer expire five minutes ago: its order could still be on its way, and it stays pending.
            try BookingsFile.write([
                Self.pending("bk_expired", offer: offer, age: 41 * 60, expiry: Date().addingTimeInterval(-11 * 60)),
                Self.pending("bk_live", offer: offer, age: 35 * 60, expiry: Date().addingTimeInterval(-5 * 60)),
            ], to: app)

            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            let after = try #require(BookingsFile.bytes(app))
            let states = Dictionary(uniqueKeysWithValues: try BookingsFile.decode(after).bookings.map { ($0.bookingKey, $0.state) })
            #expect(states["bk_expired"] == .failed, "\(states)\n\(list)")
            #expect(states["bk_live"] == .pending, "\(states)\n\(list)")
            #expect(list.output.contains("Not booked"), "\(list)")
            #expect(list.output.contains("Pending"), "\(list)")
            // Nothing was booked by settling it.
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty)
        }
    }

    @Test func anExpiredOfferWhoseOrderExistsIsConfirmedNotSettled() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let booked = try await app.run(["book", offer, "--passengers", passengers.path, "--yes"])
            #expect(booked.status == 0, "\(booked)")
            // The record is put back as it would be had the answer been lost: pending, its offer long expired.
            let bytes = try #require(BookingsFile.bytes(app))
            var record = try #require(try BookingsFile.decode(bytes).bookings.first)
            let reference = try #require(record.bookingReference)
            record.state = .pending
            record.orderID = nil
            record.bookingReference = nil
            record.offerExpiresAt = Date().addingTimeInterval(-3_600)
            try BookingsFile.write([record], to: app)

            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            #expect(list.output.contains("went through after all: reference \(reference)"), "\(list)")
            #expect(list.output.components(separatedBy: "\n").contains { $0.contains(reference) && $0.contains("Confirmed") }, "\(list)")
            let keptBytes = try #require(BookingsFile.bytes(app))
            let kept = try BookingsFile.decode(keptBytes).bookings
            #expect(kept.map(\.state) == [.confirmed], "\(kept)")
        }
    }
}
