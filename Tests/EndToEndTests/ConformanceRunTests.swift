import Entities
import Foundation
import Testing

/// The real `flights` binary against a stub server that answers with Duffel's own published payloads
/// (`Fixtures/conformance/`): what our fixtures and sandbox cannot prove about the real API.
@Suite struct ConformanceRunTests {
    /// A departure a month from now, as a traveller would type it.
    static var departure: String {
        CalendarDate(Date().addingTimeInterval(30 * 86_400), in: TimeZone(identifier: "UTC") ?? .current).description
    }

    static let traveller = """
        [{"title": "ms", "given_name": "Imogen", "family_name": "Fairweather", "born_on": "1990-04-12", "gender": "f",
          "email": "imogen.fairweather@example.com", "phone_number": "+442079460123"}]
        """

    /// Searches with `--json` and gives the first offer's id.
    static func search(_ app: FlightsApp, _ stub: DuffelStub) async throws -> String {
        let search = try await app.run(
            ["search", "LHR", "JFK", "--depart", departure, "--json"], environment: stub.environment)
        #expect(search.status == 0, "\(search)")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(search.output.utf8)) as? [String: Any], "\(search)")
        let offers = try #require(body["offers"] as? [[String: Any]], "\(search)")
        return try #require(offers.first?["id"] as? String, "\(search)")
    }

    @Test func searchBookListShowAndCancelOnDuffelsOwnPayloads() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app)
            defer { stub.stop() }
            let offerID = try await Self.search(app, stub)

            let passengers = try app.file("passengers.json", contents: Self.traveller)
            let booked = try await app.run(
                ["book", offerID, "--passengers", passengers.path, "--yes", "--json"], environment: stub.environment)
            #expect(booked.status == 0, "\(booked)")
            let order = try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
            #expect(order.bookingReference == "RZPNX8", "\(booked)")
            #expect(try stub.count("POST", "/air/orders") == 1)

            let list = try await app.run(["bookings"], environment: stub.environment)
            #expect(list.status == 0, "\(list)")
            #expect(list.output.contains("RZPNX8"), "\(list)")

            let shown = try await app.run(["booking", "RZPNX8"], environment: stub.environment)
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains("Booking RZPNX8"), "\(shown)")
            #expect(shown.output.contains("e-ticket 1252106312810"), "\(shown)")

            let cancelled = try await app.run(["cancel", "RZPNX8", "--yes"], environment: stub.environment)
            #expect(cancelled.status == 0, "\(cancelled)")
            #expect(cancelled.output.contains("is cancelled"), "\(cancelled)")
            #expect(try stub.count("POST", "/air/order_cancellations") >= 1)
            #expect(try stub.requests().contains { $0.method == "POST" && $0.path.hasSuffix("/actions/confirm") })

            // Every step, one order in all.
            #expect(try stub.count("POST", "/air/orders") == 1)
            let json = try await app.run(["bookings", "--json"], environment: stub.environment)
            let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(json.output.utf8))
            #expect(records.map(\.bookingReference) == ["RZPNX8"], "\(json)")
            #expect(records.first?.state == .cancelled, "\(json)")
        }
    }

    @Test func anOrderWithUnknownAndMissingFieldsStillGivesItsReference() async throws {
        try await FlightsApp.withFreshData { app in
            let odd = try app.file("odd-order.json", contents: """
                {"data": {"id": "ord_0000OddOrder", "booking_reference": "ODD7PN", "total_amount": {"value": 1},
                  "owner": "BA", "slices": "to follow", "passengers": [{"given_name": "Imogen"}],
                  "payment_status": null, "created_at": "just now", "documents": [{"number": 1}],
                  "available_actions": ["cancel", "teleport"], "loyalty": {"tier": "gold"}, "cancelled_at": null}}
                """)
            let stub = try await DuffelStub.start(app, options: ["--route", "POST /air/orders=\(odd.path)"])
            defer { stub.stop() }
            let offerID = try await Self.search(app, stub)
            let passengers = try app.file("passengers.json", contents: Self.traveller)

            let booked = try await app.run(
                ["book", offerID, "--passengers", passengers.path, "--yes"], environment: stub.environment)
            #expect(booked.status == 0, "\(booked)")
            #expect(booked.output.contains("booking reference ODD7PN"), "\(booked)")
            #expect(!(booked.output + booked.errors).contains("may or may not"), "\(booked)")
            #expect(try stub.count("POST", "/air/orders") == 1)

            // The record keeps the reference, and what the answer did not say comes from what was booked.
            let json = try await app.run(["bookings", "--json"], environment: stub.environment)
            let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(json.output.utf8))
            let record = try #require(records.first, "\(json)")
            #expect(record.bookingReference == "ODD7PN")
            #expect(record.orderID == "ord_0000OddOrder")
            #expect(!record.legs.isEmpty)
            #expect(record.passengers == ["Imogen Fairweather"])
        }
    }

    @Test func aRateLimitedSearchIsWaitedOutAndSucceeds() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(
                app, options: ["--rate-limit-once", "POST /air/offer_requests", "--reset-seconds", "1"])
            defer { stub.stop() }
            let started = ContinuousClock.now
            let search = try await app.run(
                ["search", "LHR", "JFK", "--depart", Self.departure, "--json"], environment: stub.environment)
            #expect(search.status == 0, "\(search)")
            #expect(try JSONSerialization.jsonObject(with: Data(search.output.utf8)) is [String: Any], "\(search)")
            #expect(search.errors.contains("rate-limiting"), "\(search)")
            let posts = try stub.requests().filter { $0.method == "POST" && $0.path == "/air/offer_requests" }
            #expect(posts.map(\.status) == [429, 201])
            #expect(ContinuousClock.now - started >= .milliseconds(900))
        }
    }
}
