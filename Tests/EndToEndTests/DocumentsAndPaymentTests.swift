import Entities
import Foundation
import Testing

/// The booking steps real airlines add, on the embedded sandbox: passports where the airline needs them
/// (LHR → DEL), and paying for a held booking later (JFK → EWR holds only).
@Suite struct DocumentsAndPaymentTests {
    static let traveller = """
        {"title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
         "email": "ada@example.com", "phone_number": "+442080160508"
        """

    /// The first offer of a `--json` search.
    static func firstOffer(_ app: FlightsApp, _ origin: String, _ destination: String) async throws -> String {
        let search = try await app.run(["search", origin, destination, "--depart", TravelData.nextMonthISO, "--json"])
        #expect(search.status == 0, "\(search)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [String: Any], "\(search)")
        let offers = try #require(body["offers"] as? [[String: Any]], "\(search)")
        #expect(offers.allSatisfy { ($0["passenger_identity_documents_required"] as? Bool) == (destination == "DEL") })
        return try #require(offers.first?["id"] as? String, "\(search)")
    }

    @Test func anOfferThatNeedsPassportsIsRefusedWithoutThemBeforeAnythingIsSentAndBookedWithThem() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await Self.firstOffer(app, "LHR", "DEL")
            let without = try app.file("without.json", contents: "[\(Self.traveller)}]")
            let refused = try await app.run(["book", offer, "--passengers", without.path, "--yes", "--json"])
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.errors.contains("identity_documents: the airline needs this passenger's passport"), "\(refused)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty, "an order was sent without passports")

            let with = try app.file("with.json", contents: """
                [\(Self.traveller), "identity_documents": [{"type": "passport", "unique_identifier": "533380006",
                  "issuing_country_code": "GB", "expires_on": "2031-04-12"}]}]
                """)
            let booked = try await app.run(["book", offer, "--passengers", with.path, "--yes", "--json"])
            #expect(booked.status == 0, "\(booked)")
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
            #expect(order.bookingReference.count == 6)
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).count == 1)
        }
    }

    @Test func theInteractiveFormAsksForThePassportWhenTheAirlineNeedsIt() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([])
            defer { flights.terminate() }
            let session = Conversation(flights)
            try await session.searchOffers(from: "LHR", to: "DEL", date: TravelData.nextMonthISO)
            try flights.send(line: "1")
            try await session.answer("Book this offer?", with: "y")
            try await session.enterValidPassenger()
            try await session.answer("Passport number", with: "53 33")
            let again = try await session.answer("Passport number", with: "533380006")
            #expect(again.contains("5 to 20 letters and digits"), "\(again)")
            try await session.answer("Passport issued by", with: "gb")
            try await session.answer("Passport expires on", with: "2031-04-12")
            let review = try await session.expect("What next?")
            #expect(review.contains("533380006 · GB"), "\(review)")
            try await session.answer("Choose", with: "1")
            try await session.answer("now?", with: "y")
            let booked = try await session.expect("Press Enter to see your bookings")
            #expect(Screen.bookingReference(in: booked) != nil, "\(booked)")
            flights.closeInput()
            _ = try await flights.waitForExit()
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).count == 1)
        }
    }

    @Test func aHeldBookingIsPaidLaterWithFlightsPay() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await Self.firstOffer(app, "JFK", "EWR")
            let passengers = try app.file("passengers.json", contents: "[\(Self.traveller)}]")
            let held = try await app.run(["book", offer, "--passengers", passengers.path, "--hold", "--yes", "--json"])
            #expect(held.status == 0, "\(held)")
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(held.output.utf8))
            #expect(order.status == .awaitingPayment)
            let total = try #require(order.totalAmount)

            let list = try await app.run(["bookings"])
            #expect(list.output.contains("Pay by"), "\(list)")

            let unconfirmed = try await app.run(["pay", order.bookingReference])
            #expect(unconfirmed.status == 2, "\(unconfirmed)")
            let otherTotal = try await app.run(["pay", order.bookingReference, "--yes", "--total", "1.00"])
            #expect(otherTotal.status == 2, "\(otherTotal)")
            #expect(otherTotal.errors.contains("Nothing was paid") || otherTotal.output.contains("Nothing was paid"), "\(otherTotal)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.paymentStatus.awaitingPayment == true)

            let paid = try await app.run(["pay", order.bookingReference, "--yes", "--total", total.wireAmount, "--json"])
            #expect(paid.status == 0, "\(paid)")
            let after = try DuffelJSON.decoder().decode(Order.self, from: Data(paid.output.utf8))
            #expect(after.status == .confirmed)
            #expect(!after.eTickets.isEmpty)
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.paymentStatus.awaitingPayment == false)
            let records = try await BookingLifecycleTests.records(app)
            #expect(records.first?.state == .confirmed)

            let again = try await app.run(["pay", order.bookingReference, "--yes"])
            #expect(again.status == 0, "\(again)")
            #expect(again.output.contains("already paid"), "\(again)")
        }
    }

    @Test func cancellingAnUnpaidHoldSaysNothingIsRefunded() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await Self.firstOffer(app, "JFK", "EWR")
            let passengers = try app.file("passengers.json", contents: "[\(Self.traveller)}]")
            let held = try await app.run(["book", offer, "--passengers", passengers.path, "--hold", "--yes", "--json"])
            #expect(held.status == 0, "\(held)")
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(held.output.utf8))

            // The quote says where the refund goes in Duffel's word for an unpaid order.
            let quote = try await app.run(["cancel", order.bookingReference])
            #expect(quote.status == 2, "\(quote)")
            #expect(quote.output.contains("nowhere: the booking was never paid"), "\(quote)")
            #expect(!quote.output.contains("Kept by the airline"), "\(quote)")

            let cancelled = try await app.run(["cancel", order.bookingReference, "--yes"])
            #expect(cancelled.status == 0, "\(cancelled)")
            let said = cancelled.output + cancelled.errors
            #expect(said.contains("never paid, so nothing is refunded"), "\(cancelled)")
            #expect(!said.contains("goes back to awaiting payment"), "\(cancelled)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).first?.cancelledAt != nil)
        }
    }
}
