import Entities
import Foundation
import Testing

/// The real binary against an API that redirects to another origin (issue 21, item 2): a booking (a POST with the
/// passengers' names, birth dates and contacts, and the bearer token) is never sent on to where a 307 or 308 points,
/// and neither is a GET. The redirect target is a second stub, whose log shows what reached it.
@Suite struct RedirectRefusalTests {
    /// The bookings kept in the data directory, none if there is no file.
    static func records(_ app: FlightsApp) throws -> [BookingRecord] {
        guard let data = BookingsFile.bytes(app) else { return [] }
        return try BookingsFile.decode(data).bookings
    }

    @Test(arguments: [307, 308])
    func aBookingRedirectedToAnotherOriginIsRefusedAndNothingReachesIt(status: Int) async throws {
        try await FlightsApp.withFreshData { app in
            let elsewhere = try await DuffelStub.start(app)
            defer { elsewhere.stop() }
            let stub = try await DuffelStub.start(app, options: ["--redirect", "POST /air/orders=\(status)=\(elsewhere.url)"])
            defer { stub.stop() }
            let offerID = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())

            let booked = try await app.run(
                ["book", offerID, "--passengers", passengers.path, "--yes"], environment: stub.environment)
            #expect(booked.status == 69, "\(booked)")
            #expect(
                booked.said.contains("redirected the POST request to \(elsewhere.url)/air/orders; nothing was sent there"),
                "\(booked)")
            #expect(!booked.said.contains("Booked"), "\(booked)")

            // The API did answer the booking, with the redirect; the other origin heard nothing at all.
            #expect(try stub.requests().contains { $0.method == "POST" && $0.path == "/air/orders" && $0.status == status })
            let reached = try elsewhere.requests()
            #expect(reached.isEmpty, "the redirect target was sent \(reached)")
            let records = try Self.records(app)
            #expect(!records.contains { $0.state == .confirmed || $0.bookingReference != nil }, "\(records)")
            // A redirect is a definite answer: the API did not act. The attempt is settled as not booked at once,
            // with no look-ups for an order and no talk of a lost answer.
            #expect(records.map(\.state) == [.failed], "\(records)")
            #expect(try stub.count("GET", "/air/orders") == 0, "the order was looked up as if the answer were lost")
            #expect(!booked.said.contains("not confirmed"), "\(booked)")
        }
    }

    /// A `303` follows a request the server acted on: the booking is looked up by its key, not settled as refused.
    @Test func aBookingAnswered303IsLookedUpNotSettled() async throws {
        try await FlightsApp.withFreshData { app in
            let elsewhere = try await DuffelStub.start(app)
            defer { elsewhere.stop() }
            let stub = try await DuffelStub.start(app, options: ["--redirect", "POST /air/orders=303=\(elsewhere.url)"])
            defer { stub.stop() }
            let offerID = try await ConformanceRunTests.search(app, stub)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())

            let booked = try await app.run(
                ["book", offerID, "--passengers", passengers.path, "--yes"], environment: stub.environment)
            #expect(booked.status == 69, "\(booked)")
            #expect(try stub.count("GET", "/air/orders") >= 1, "the order was not looked up after a 303")
            #expect(try elsewhere.requests().isEmpty)
            let records = try Self.records(app)
            #expect(!records.contains { $0.state == .failed }, "a booking the server may have made was settled as not booked: \(records)")
        }
    }

    @Test func aPlaceLookupRedirectedToAnotherOriginIsRefusedAndNothingReachesIt() async throws {
        try await FlightsApp.withFreshData { app in
            let elsewhere = try await DuffelStub.start(app)
            defer { elsewhere.stop() }
            let stub = try await DuffelStub.start(
                app, options: ["--redirect", "GET /places/suggestions=307=\(elsewhere.url)"])
            defer { stub.stop() }

            let places = try await app.run(["places", "london"], environment: stub.environment)
            #expect(places.status == 69, "\(places)")
            #expect(places.said.contains("redirected the GET request to \(elsewhere.url)/places/suggestions"), "\(places)")
            #expect(places.said.contains("nothing was sent there"), "\(places)")
            #expect(try stub.requests().contains { $0.path == "/places/suggestions" && $0.status == 307 })
            let reached = try elsewhere.requests()
            #expect(reached.isEmpty, "the redirect target was sent \(reached)")
        }
    }
}
