import Entities
import Foundation
import Testing

/// A whole booking typed on a pipe, then what comes after it, each step a new `flights` process on the same data.
@Suite struct BookingLifecycleTests {
    @Test func bookThenListShowDeclineAndCancelInNewProcesses() async throws {
        try await FlightsApp.withFreshData { app in
            let reference = try await Self.bookInteractively(app)

            // `flights bookings`: a new process finds the booking on this machine.
            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            let line = try #require(list.output.components(separatedBy: "\n").first { $0.contains(reference) }, "\(list)")
            #expect(line.contains("LHR → JFK"), "\(line)")
            #expect(line.contains("Confirmed"), "\(line)")

            // `flights booking REF`: the booking in full, refreshed from the API.
            let shown = try await app.run(["booking", reference])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains("Booking \(reference)"), "\(shown)")
            #expect(shown.output.contains("Confirmed"), "\(shown)")
            #expect(shown.output.contains("Ada Lovelace"), "\(shown)")
            #expect(shown.output.contains("LHR"), "\(shown)")

            // `flights cancel REF` on a pipe without --yes: the quote, no cancellation, exit 2.
            let declined = try await app.run(["cancel", reference])
            #expect(declined.status == 2, "\(declined)")
            #expect((declined.output + declined.errors).contains("--yes"), "\(declined)")
            let afterDecline = try await Self.records(app)
            #expect(afterDecline.map(\.state) == [.confirmed], "\(afterDecline)")
            let ordersAfterDecline = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(ordersAfterDecline.count == 1)
            #expect(ordersAfterDecline.first?.cancelledAt == nil, "declining cancelled the order")

            // `flights cancel REF --yes`: cancelled.
            let cancelled = try await app.run(["cancel", reference, "--yes"])
            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(cancelled.output.contains("is cancelled"), "\(cancelled)")

            // `flights bookings --json`: the record says so, and so does the order.
            let json = try await app.run(["bookings", "--json"])
            #expect(json.status == 0, "\(json)")
            let raw = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]], "\(json)")
            #expect(raw.count == 1)
            let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(json.output.utf8))
            let record = try #require(records.first { $0.bookingReference == reference }, "\(json)")
            #expect(record.state == .cancelled)
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.count == 1)
            #expect(orders.first?.bookingReference == reference)
            #expect(orders.first?.cancelledAt != nil, "the order is not cancelled at the API")
        }
    }

    /// Searches, chooses the first offer, types the passenger (a wrong email and a wrong phone first), books;
    /// gives the booking reference shown.
    static func bookInteractively(_ app: FlightsApp) async throws -> String {
        let flights = try app.start([])
        defer { flights.terminate() }
        let session = Conversation(flights)

        let offers = try await session.searchOffers(from: "LHR", to: "JFK", date: TravelData.nextMonthISO)
        let first = try #require(Screen.offerRows(in: offers).first, "no offers:\n\(offers)")
        let price = try #require(first.components(separatedBy: " ").last { $0.hasPrefix("£") }, "no price in \(first)")
        try flights.send(line: "1")

        let summary = try await session.expect("Book this offer?")
        #expect(summary.contains("London (LHR) → New York (JFK)"), "\(summary)")
        #expect(summary.contains(price), "the summary's price differs from the row's \(price):\n\(summary)")
        try flights.send(line: "y")

        try await session.answer("Title", with: "ms")
        try await session.answer("Given names", with: "Ada")
        try await session.answer("Family name", with: "Lovelace")
        try await session.answer("Born on", with: "1985-12-10")
        try await session.answer("Gender", with: "f")
        try await session.answer("Email:", with: "ada-at-example")
        // The same question again, with the reason; nothing before it is asked again.
        let emailAgain = try await session.answer("Email:", with: "ada@example.com")
        #expect(emailAgain.contains("✗"), "no error for a wrong email:\n\(emailAgain)")
        #expect(emailAgain.contains("ada-at-example"), "\(emailAgain)")
        #expect(!emailAgain.contains("Title") && !emailAgain.contains("Given names"), "\(emailAgain)")
        try await session.answer("Phone", with: "12345")
        let phoneAgain = try await session.answer("Phone", with: "+442080160508")
        #expect(phoneAgain.contains("✗"), "no error for a wrong phone:\n\(phoneAgain)")
        #expect(phoneAgain.localizedCaseInsensitiveContains("country code"), "\(phoneAgain)")
        #expect(!phoneAgain.contains("Email:") && !phoneAgain.contains("Title"), "\(phoneAgain)")

        // Every field kept: the review shows them all.
        let review = try await session.expect("What next?")
        for field in ["Ms Ada Lovelace", "10 Dec 1985", "Female", "ada@example.com", "+442080160508"] {
            #expect(review.contains(field), "the review lost \(field):\n\(review)")
        }
        try await session.answer("Choose", with: "1")
        let confirm = try await session.expect("now?")
        #expect(confirm.contains("Book for 1 passenger and pay"), "\(confirm)")
        try flights.send(line: "y")

        let booked = try await session.expect("Press Enter to see your bookings")
        let reference = try #require(Screen.bookingReference(in: booked), "no booking reference in:\n\(booked)")
        #expect(booked.contains("Confirmed"), "\(booked)")
        try flights.send(line: "")

        // The bookings screen comes next, pointing at the new booking; the end of input leaves.
        try await session.expect(reference)
        flights.closeInput()
        let status = try await flights.waitForExit()
        #expect(status == 0, "\(flights.transcript)")
        return reference
    }

    static func records(_ app: FlightsApp) async throws -> [BookingRecord] {
        let run = try await app.run(["bookings", "--json"])
        #expect(run.status == 0, "\(run)")
        return try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(run.output.utf8))
    }
}
