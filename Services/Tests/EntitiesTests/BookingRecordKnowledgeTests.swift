import Entities
import Foundation
import Testing

/// What a booking record knows beyond an order's answer: a payment sent with the order, and when its offer stopped
/// being sold. Both are kept in the bookings file.
@Suite struct BookingRecordKnowledgeTests {
    static let sent = Date(timeIntervalSince1970: 1_795_342_800)

    static func record(paymentSent: Money?, offerExpiresAt: Date? = nil, state: BookingRecord.State = .pending) -> BookingRecord {
        var record = BookingRecord(
            bookingKey: "bk_1", offerID: "off_1", backend: "sandbox", legs: [], passengers: ["Ada Lovelace"],
            total: Money(amount: 90.8, currency: "GBP"), state: state, createdAt: sent, updatedAt: sent)
        record.paymentSent = paymentSent
        record.offerExpiresAt = offerExpiresAt
        return record
    }

    static func order(awaitingPayment: Bool, cancelled: Bool = false) throws -> Order {
        let json = """
            {"id": "ord_1", "booking_reference": "RZPNX8", "total_amount": "90.80", "total_currency": "GBP",
             "created_at": "2026-11-22T10:21:00Z", "cancelled_at": \(cancelled ? "\"2026-11-22T11:00:00Z\"" : "null"),
             "payment_status": {"awaiting_payment": \(awaitingPayment), "payment_required_by": "2026-11-23T10:20:00Z"}}
            """
        return try DuffelJSON.decoder().decode(Order.self, from: Data(json.utf8))
    }

    @Test func anOrderPaidWithItsBookingIsPaidWhateverItsStatusSays() throws {
        let record = Self.record(paymentSent: Money(amount: 90.8, currency: "GBP"))
        let known = record.known(try Self.order(awaitingPayment: true))
        #expect(known.status == .confirmed)
        #expect(known.paymentStatus.awaitingPayment == false)
        #expect(known.paymentStatus.paymentRequiredBy == nil)
        #expect(known.paymentStatus.paidAt == DuffelJSON.parseTimestamp("2026-11-22T10:21:00Z"))
        let updated = record.updated(from: try Self.order(awaitingPayment: true), at: Self.sent)
        #expect(updated.state == .confirmed)
        #expect(updated.paymentRequiredBy == nil)
    }

    @Test func aHoldAwaitingPaymentStaysAwaitingAndACancelledOrderStaysCancelled() throws {
        let hold = Self.record(paymentSent: nil)
        #expect(hold.known(try Self.order(awaitingPayment: true)).status == .awaitingPayment)
        #expect(hold.updated(from: try Self.order(awaitingPayment: true), at: Self.sent).state == .awaitingPayment)
        let paid = Self.record(paymentSent: Money(amount: 90.8, currency: "GBP"))
        #expect(paid.known(try Self.order(awaitingPayment: true, cancelled: true)).status == .cancelled)
    }

    @Test func aPendingRecordLapsesTenMinutesAfterItsOfferStopsBeingSoldOrAfterTheLapse() {
        let expiring = Self.record(paymentSent: nil, offerExpiresAt: Self.sent.addingTimeInterval(1_200))
        #expect(!expiring.hasLapsed(at: Self.sent.addingTimeInterval(1_200), lapse: 3_600))
        #expect(!expiring.hasLapsed(at: Self.sent.addingTimeInterval(1_799), lapse: 3_600))
        #expect(expiring.hasLapsed(at: Self.sent.addingTimeInterval(1_800), lapse: 3_600))
        let unknown = Self.record(paymentSent: nil)
        #expect(!unknown.hasLapsed(at: Self.sent.addingTimeInterval(3_599), lapse: 3_600))
        #expect(unknown.hasLapsed(at: Self.sent.addingTimeInterval(3_600), lapse: 3_600))
        let confirmed = Self.record(paymentSent: nil, offerExpiresAt: Self.sent, state: .confirmed)
        #expect(!confirmed.hasLapsed(at: Self.sent.addingTimeInterval(7_200), lapse: 3_600))
    }

    @Test func bothAreKeptInTheFileAndAnOlderFileReadsWithoutThem() throws {
        let record = Self.record(
            paymentSent: Money(amount: 90.8, currency: "GBP"), offerExpiresAt: Self.sent.addingTimeInterval(1_800))
        let data = try DuffelJSON.encoder().encode(record)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"payment_sent\""), "\(text)")
        #expect(text.contains("\"offer_expires_at\""), "\(text)")
        #expect(try DuffelJSON.decoder().decode(BookingRecord.self, from: data) == record)
        var older = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        older["payment_sent"] = nil
        older["offer_expires_at"] = nil
        let read = try DuffelJSON.decoder().decode(BookingRecord.self, from: try JSONSerialization.data(withJSONObject: older))
        #expect(read.paymentSent == nil && read.offerExpiresAt == nil && read.bookingKey == "bk_1")
    }
}
