import Entities
import Foundation
import Testing

/// A server that acts, then answers `429` (a rate limiter or proxy in front of an API that already did the work):
/// the client waits the reset out and sends again, and the second answer says the work is done already. The
/// booking made is shown and kept; the cancellation made is reported done, never "not cancelled".
@Suite struct RateLimitAfterActingTests {
    /// The embedded sandbox books (or confirms), then answers `429` with a one-second reset, once.
    static func faults(on scope: String) -> [String: String] {
        ["FLIGHTS_SANDBOX_FAULTS": "after=429,times=1,on=\(scope)", "FLIGHTS_LOG_LEVEL": "debug"]
    }

    /// The requests the embedded sandbox logged for `method path`.
    static func handled(_ run: Run, _ method: String, _ path: String) -> [String] {
        run.errors.components(separatedBy: "\n").filter {
            $0.contains("[SandboxServer]") && $0.contains("method=\(method)") && $0.contains("path=\(path)")
        }
    }

    @Test func aBookingMadeThenAnswered429IsShownBookedAndKept() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())

            let run = try await app.run(
                ["book", offer, "--passengers", passengers.path, "--yes"], environment: Self.faults(on: "POST:/air/orders"))

            // The order went twice: the first made it (answered 429), the second was refused as already booked.
            let creations = Self.handled(run, "POST", "/air/orders")
            #expect(creations.count == 2, "\(creations)\n\(run)")
            #expect(creations.first?.contains("status=429") == true, "\(creations)")
            #expect(creations.last?.contains("status=422") == true, "\(creations)")
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            try #require(orders.count == 1, "\(run)")
            let order = try #require(orders.first)

            #expect(run.status == 0, "\(run)")
            #expect(Screen.bookingReference(in: run.output) == order.bookingReference, "\(run)")
            #expect(!run.output.contains("refused"), "\(run)")

            let records = try await BookingLifecycleTests.records(app)
            #expect(records.map(\.state) == [.confirmed], "\(records)")
            #expect(records.first?.orderID == order.id)
            let list = try await app.run(["bookings"])
            let line = try #require(list.output.components(separatedBy: "\n").first { $0.contains(order.bookingReference) }, "\(list)")
            #expect(line.contains("Confirmed"), "\(line)")
        }
    }

    @Test func aCancellationConfirmedThenAnswered429IsReportedCancelled() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let booked = try await app.run(["book", offer, "--passengers", passengers.path, "--yes"])
            let reference = try #require(Screen.bookingReference(in: booked.output), "\(booked)")

            let run = try await app.run(
                ["cancel", reference, "--yes"],
                environment: Self.faults(on: "POST:/air/order_cancellations/*/actions/confirm"))

            let confirmations = run.errors.components(separatedBy: "\n").filter {
                $0.contains("[SandboxServer]") && $0.contains("method=POST") && $0.contains("/actions/confirm")
            }
            #expect(confirmations.first?.contains("status=429") == true, "\(confirmations)\n\(run)")
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("is cancelled"), "\(run)")
            #expect(!(run.output + run.errors).contains("not cancelled"), "\(run)")
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.count == 1 && orders.first?.cancelledAt != nil, "the order is not cancelled at the API")
            #expect(try await BookingLifecycleTests.records(app).map(\.state) == [.cancelled])
        }
    }
}
