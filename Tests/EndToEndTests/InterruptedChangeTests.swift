import Entities
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C while a booking is on its way: stopping then would leave the traveller not knowing whether it was made.
/// The app says it may have been made and waits for the airline's answer, shows it, then stops (130); a second
/// Ctrl-C stops at once and says how to find out. The order is made either way, exactly once, and kept locally.
@Suite struct InterruptedChangeTests {
    /// The order is made at once and answered 8 s later, well within the app's 30 s: time to press Ctrl-C.
    static let faults = ["FLIGHTS_SANDBOX_FAULTS": "late=8s,on=POST:/air/orders"]

    private static func startBooking(_ app: FlightsApp) async throws -> (Subprocess, Conversation) {
        let flights = try app.start([], environment: faults)
        let session = Conversation(flights)
        try await session.searchOffers(from: "LHR", to: "JFK", date: TravelData.nextMonthISO)
        try flights.send(line: "1")
        try await session.answer("Book this offer?", with: "y")
        try await session.enterValidPassenger()
        try await session.answer("Choose", with: "1")
        try await session.answer("now?", with: "y")
        _ = try await flights.waitForOutput(containing: "Booking…")
        return (flights, session)
    }

    /// Whether `text` appears on the app's standard error (where Ctrl-C's notices go) in time.
    private static func said(_ text: String, _ flights: Subprocess) async -> Bool {
        await flights.errors.waitForText(text, since: 0, timeout: Timeouts.step) != nil
    }

    @Test func ctrlCWhileBookingWaitsForTheAnswerShowsTheReferenceThenStops() async throws {
        try await FlightsApp.withFreshData { app in
            let (flights, _) = try await Self.startBooking(app)
            defer { flights.terminate() }
            kill(flights.processIdentifier, SIGINT)
            try #require(await Self.said("may have been made — checking with the airline before stopping", flights), "\(flights.transcript)")
            let booked = try await flights.waitForOutput(containing: "Booking reference")
            let reference = try #require(Screen.bookingReference(in: booked), "\(flights.transcript)")
            #expect(try await flights.waitForExit() == 130, "\(flights.transcript)")
            #expect(!flights.errors.text.contains("Stopped before the airline answered"))
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.map(\.bookingReference) == [reference])
            #expect(try await BookingLifecycleTests.records(app).map(\.state) == [.confirmed])
        }
    }

    @Test func aSecondCtrlCStopsAtOnceAndTheBookingIsFoundByTheNextList() async throws {
        try await FlightsApp.withFreshData { app in
            let (flights, _) = try await Self.startBooking(app)
            defer { flights.terminate() }
            kill(flights.processIdentifier, SIGINT)
            try #require(await Self.said("may have been made — checking", flights), "\(flights.transcript)")
            kill(flights.processIdentifier, SIGINT)
            try #require(await Self.said("`flights bookings` checks it.", flights), "\(flights.transcript)")
            #expect(try await flights.waitForExit() == 130, "\(flights.transcript)")
            #expect(!flights.output.text.contains("Booking reference"))
            // The embedded sandbox stopped with the app, so the order may or may not have been made; the pending
            // record was on disk before it left, so the next list tells which, and agrees with the server.
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.count <= 1)
            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            // Stopped that fast, the order may not even have left (its pending record is written first, and then
            // kept): what must never be is an order at the airline that this machine does not know.
            let records = try await BookingLifecycleTests.records(app)
            if let order = orders.first {
                #expect(list.output.contains(order.bookingReference), "\(list)")
                #expect(records.map(\.state) == [.confirmed])
            } else {
                #expect(records.allSatisfy { $0.state == .pending }, "\(records)")
            }
        }
    }
}
