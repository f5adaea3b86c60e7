import Entities
import Foundation
import Testing

/// Order changes read as the tolerant reader reads every answer: what is needed to choose, pay and read back a
/// change is required, the rest reads as unknown.
@Suite("Order changes, read tolerantly")
struct OrderChangeReadingTests {
    private func offer(_ json: String) throws -> OrderChangeOffer {
        try DuffelJSON.decoder().decode(OrderChangeOffer.self, from: Data(json.utf8))
    }

    @Test("a change offer's null change currency is the new total's; its penalty is read under either name")
    func changeOfferCurrencyAndPenalty() throws {
        let read = try offer(#"""
            {"id": "oco_1", "change_total_amount": "-12.50", "change_total_currency": null,
             "new_total_amount": "300.00", "new_total_currency": "EUR", "penalty_amount": "40.00", "penalty_currency": "EUR",
             "slices": {"add": [{"id": "sli_bad"}], "remove": []}, "refund_to": "voucher", "expires_at": "not a date"}
            """#)
        #expect(read.changeTotalAmount == Money(amount: try #require(Decimal(string: "-12.50")), currency: "EUR"))
        #expect(read.isRefund)
        #expect(read.penaltyTotalAmount == Money(amount: 40, currency: "EUR"))
        #expect(read.slices.add.isEmpty)
        #expect(read.expiresAt == nil && !read.isExpired(at: Date()))
        #expect(read.refundTo == "voucher")
    }

    @Test("a change offer without a change total cannot be chosen; an order change needs only its id")
    func essentials() throws {
        #expect(throws: (any Error).self) { _ = try offer(#"{"id": "oco_1", "new_total_amount": "1.00", "new_total_currency": "GBP"}"#) }
        let change = try DuffelJSON.decoder().decode(
            OrderChange.self, from: Data(#"{"id": "oce_1", "confirmed_at": "2030-01-01T10:00:00Z", "slices": 3}"#.utf8))
        #expect(change.isConfirmed)
        #expect(change.orderId.isEmpty && change.changeTotalAmount == nil && change.slices.add.isEmpty)
    }

    @Test("a change request's body is written as Duffel's reference shows it, and a confirmation with no payment sends none")
    func bodies() throws {
        let body = OrderChangeRequestCreation(orderId: "ord_1", slices: OrderChangeRequestSlices(
            add: [OrderChangeSliceToAdd(
                origin: "JFK", destination: "LHR", departureDate: try #require(CalendarDate("2030-01-10")),
                cabinClass: .economy)],
            remove: [OrderChangeSliceToRemove(sliceId: "sli_1")]))
        let json = try #require(try JSONSerialization.jsonObject(with: try DuffelJSON.encoder().encode(body)) as? [String: Any])
        let slices = try #require(json["slices"] as? [String: Any])
        #expect((slices["remove"] as? [[String: String]]) == [["slice_id": "sli_1"]])
        #expect((slices["add"] as? [[String: String]]) == [[
            "origin": "JFK", "destination": "LHR", "departure_date": "2030-01-10", "cabin_class": "economy",
        ]])
        #expect(json["order_id"] as? String == "ord_1")
        let empty = try JSONSerialization.jsonObject(with: try DuffelJSON.encoder().encode(OrderChangeConfirmation(payment: nil)))
        #expect((empty as? [String: Any])?.isEmpty == true)
    }
}
