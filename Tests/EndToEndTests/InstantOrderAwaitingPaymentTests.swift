import Entities
import Foundation
import Testing

/// An instant booking, paid in the order request, that the API answers with `awaiting_payment: true` (Duffel's own
/// example order says so): the app shows it paid, as it paid it, and never offers to pay it again.
@Suite struct InstantOrderAwaitingPaymentTests {
    /// java-order_update.json (Duffel's Java client): 2GXT2F, `"awaiting_payment": true`, not cancelled; the order
    /// made and the order read back.
    static let awaitingPayment = [
        "--route", "POST /air/orders=order/java-order_update.json",
        "--route", "GET /air/orders/{id}=order/java-order_update.json",
    ]

    @Test func anInstantOrderAnsweredAwaitingPaymentIsShownPaidAndNeverPaidAgain() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: Self.awaitingPayment)
            defer { stub.stop() }
            let offerID = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)

            let booked = try await app.run(["book", offerID, "--passengers", passengers.path, "--yes"], environment: stub.environment)
            #expect(booked.status == 0, "\(booked)")
            #expect(booked.output.contains("Booked: booking reference 2GXT2F"), "\(booked)")
            #expect(booked.output.contains("Confirmed and paid"), "\(booked)")
            #expect(!booked.output.contains("Held"), "an instant booking we paid for is shown held:\n\(booked)")
            #expect(!(booked.output + booked.errors).contains("flights pay"), "paying again is suggested:\n\(booked)")

            let records = try DuffelJSON.decoder().decode(
                [BookingRecord].self, from: Data(try await app.run(["bookings", "--json"], environment: stub.environment).output.utf8))
            #expect(records.map(\.state) == [.confirmed], "\(records)")
            // What was sent: the offer's total (the corpus's order is for another amount).
            #expect(records.first?.paymentSent != nil, "\(records)")

            let shown = try await app.run(["booking", "2GXT2F"], environment: stub.environment)
            #expect(shown.status == 0, "\(shown)")
            #expect(!shown.output.contains("to pay"), "\(shown)")
            #expect(!shown.output.contains("awaiting payment"), "\(shown)")

            let paid = try await app.run(["pay", "2GXT2F", "--yes"], environment: stub.environment)
            #expect(paid.status == 0, "\(paid)")
            #expect(paid.output.contains("already paid"), "\(paid)")
            #expect(try stub.count("POST", "/air/payments") == 0, "a payment was sent for an order paid with its booking")
        }
    }

    @Test func aHoldAnsweredAwaitingPaymentStillOffersToPay() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: Self.awaitingPayment)
            defer { stub.stop() }
            let offerID = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)

            let held = try await app.run(
                ["book", offerID, "--passengers", passengers.path, "--hold", "--yes"], environment: stub.environment)
            #expect(held.status == 0, "\(held)")
            #expect(held.output.contains("Held: booking reference 2GXT2F"), "\(held)")
            #expect(held.output.contains("Held: pay"), "\(held)")
            let records = try DuffelJSON.decoder().decode(
                [BookingRecord].self, from: Data(try await app.run(["bookings", "--json"], environment: stub.environment).output.utf8))
            #expect(records.map(\.state) == [.awaitingPayment], "\(records)")
            #expect(records.first?.paymentSent == nil, "\(records)")

            // Still a hold to pay: Duffel's example's deadline (2022) has passed, so it is refused as lapsed, never
            // as "already paid".
            let paid = try await app.run(["pay", "2GXT2F", "--yes"], environment: stub.environment)
            #expect(paid.status == 69, "\(paid)")
            #expect(paid.output.contains("the hold lapsed"), "\(paid)")
            #expect(!paid.output.contains("already paid"), "\(paid)")
            #expect(try stub.count("POST", "/air/payments") == 0)
        }
    }

    @Test func theJSONIsTheAPIsOrderAsItCame() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app, options: Self.awaitingPayment)
            defer { stub.stop() }
            let offerID = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: ConformanceRunTests.traveller)

            for arguments in [["book", offerID, "--passengers", passengers.path, "--yes", "--json"], ["booking", "2GXT2F", "--json"]] {
                let run = try await app.run(arguments, environment: stub.environment)
                #expect(run.status == 0, "\(run)")
                let order = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any], "\(run)")
                let payment = try #require(order["payment_status"] as? [String: Any], "\(run)")
                #expect(payment["awaiting_payment"] as? Bool == true, "the API's order was altered:\n\(run.output)")
                #expect(payment["paid_at"] is NSNull || payment["paid_at"] == nil, "\(payment)")
            }
        }
    }
}
