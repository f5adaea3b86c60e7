import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import Trips
@testable import FlightBookings

/// What this machine knows beyond the API's answer: an order paid with its booking is paid, and a pending booking
/// whose offer is no longer sold, with no order found, was never made.
@Suite("FlightBookings: what the record knows")
struct FlightBookingsKnownPaymentTests {
    private func interactor(_ booked: Booked, now: Date) -> FlightBookingsServices {
        FlightBookingsServices(
            orders: booked.orders, bookings: booked.store, backend: "fixtures", now: { now }, timeZone: utc,
            lookupDelays: [.zero])
    }

    @Test func anInstantOrderTheAPICallsAwaitingPaymentIsPaidAndCannotBePaidAgain() async throws {
        let booked = try await Booked()
        var record = booked.record
        record.paymentSent = booked.order.totalAmount
        var answered = booked.order
        answered.paymentStatus = PaymentStatus(awaitingPayment: true)
        let booking = interactor(booked, now: orderTime).follow(answered, record: record)
        #expect(booking.record?.state == .confirmed)
        #expect(booking.shownOrder?.paymentStatus.awaitingPayment == false)
        #expect(booking.shownOrder?.paymentStatus.paidAt != nil)
        // The API's order is kept as it came, for --json.
        #expect(booking.order == answered)
        #expect(booking.paymentBlocker(at: orderTime) == .notAwaitingPayment)
    }

    @Test func aHoldTheAPICallsAwaitingPaymentCanBePaid() async throws {
        let booked = try await Booked(type: .hold)
        #expect(booked.record.paymentSent == nil)
        let booking = interactor(booked, now: orderTime).follow(booked.order, record: booked.record)
        #expect(booking.record?.state == .awaitingPayment)
        #expect(booking.paymentBlocker(at: orderTime) == nil)
    }

    @Test func aPendingBookingSettlesOnceItsOfferIsNoLongerSoldNotBefore() async throws {
        let booked = try await Booked()
        let sent = orderTime.addingTimeInterval(60)
        var expired = pendingRecord(key: "key-expired", at: sent)
        expired.offerExpiresAt = sent.addingTimeInterval(29 * 60)
        var selling = pendingRecord(key: "key-selling", at: sent)
        selling.offerExpiresAt = sent.addingTimeInterval(45 * 60)
        // No expiry known (a record from before it was kept): the hour's lapse still applies.
        let unknown = pendingRecord(key: "key-unknown", at: sent)
        for record in [expired, selling, unknown] { try booked.store.save(record) }

        // Forty minutes on: the first offer stopped being sold eleven minutes ago.
        let list = try await interactor(booked, now: sent.addingTimeInterval(40 * 60)).loadBookings().get()
        let states = Dictionary(uniqueKeysWithValues: try booked.store.records().map { ($0.bookingKey, $0.state) })
        #expect(states == ["key-1": .confirmed, "key-expired": .failed, "key-selling": .pending, "key-unknown": .pending])
        #expect(list.records.first { $0.bookingKey == "key-expired" }?.state == .failed)
    }

    @Test func aPendingBookingWithinTenMinutesOfItsOfferExpiringStaysPending() {
        var record = pendingRecord(key: "key", at: orderTime)
        record.offerExpiresAt = orderTime.addingTimeInterval(30 * 60)
        #expect(!record.hasLapsed(at: orderTime.addingTimeInterval(39 * 60 + 30), lapse: 3_600))
        #expect(record.hasLapsed(at: orderTime.addingTimeInterval(40 * 60), lapse: 3_600))
        record.state = .confirmed
        #expect(!record.hasLapsed(at: orderTime.addingTimeInterval(2 * 3_600), lapse: 3_600))
    }
}
