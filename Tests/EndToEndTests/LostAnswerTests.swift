import Entities
import Foundation
import Testing

/// A booking whose answer never arrives: the sandbox makes the order, then answers after the app has given up.
/// The app must find out by looking the order up, never by sending the booking again.
@Suite struct LostAnswerTests {
    /// The order is made at once and answered 25 s later; the app waits 10 s per request: short enough to lose the
    /// booking's answer, and about twice what the slowest other request (reading 60 offers) takes on two cores busy
    /// with the whole suite. A search that still misses it is searched again.
    static let faults = [
        "FLIGHTS_SANDBOX_FAULTS": "late=25s,on=POST:/air/orders",
        "FLIGHTS_REQUEST_TIMEOUT": "10",
        // The embedded sandbox logs each request it handles at debug level: the way to count booking attempts.
        "FLIGHTS_LOG_LEVEL": "debug",
    ]

    @Test func aTimedOutBookingIsResolvedByLookingTheOrderUpNeverByBookingAgain() async throws {
        try await FlightsApp.withFreshData { app in
            let offer = try await BookCommandTests.offerID(app)
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())

            let run = try await app.run(["book", offer, "--passengers", passengers.path, "--yes"], environment: Self.faults)

            // The sandbox received exactly one order creation.
            let creations = run.errors.components(separatedBy: "\n").filter {
                $0.contains("method=POST") && $0.contains("path=/air/orders") && $0.contains("[SandboxServer]")
            }
            #expect(creations.count == 1, "expected one POST /air/orders at the sandbox, saw \(creations.count):\n\(run)")
            #expect(!(run.output + run.errors).contains("already booked"), "the booking was sent again:\n\(run)")

            // Exactly one order exists, and it is this booking's.
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            try #require(orders.count == 1, "orders: \(orders.map(\.bookingReference))\n\(run)")
            let order = try #require(orders.first)

            if run.status == 0 {
                // The look-up found it: the app says the booking went through, with the order's reference.
                #expect(Screen.bookingReference(in: run.output) == order.bookingReference, "\(run)")
                #expect(run.output.contains("order was found"), "\(run)")
            } else {
                // On a slow machine the look-up may come before the order is stored; then it must say it is not
                // confirmed, keep it pending, and not claim a booking.
                #expect(run.status == 69, "\(run)")
                #expect(Screen.bookingReference(in: run.output) == nil, "\(run)")
            }

            // `flights bookings` (reconciling a pending record if need be) shows it confirmed.
            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            let line = try #require(list.output.components(separatedBy: "\n").first { $0.contains(order.bookingReference) }, "\(list)")
            #expect(line.contains("Confirmed"), "\(line)")
            let records = try await BookingLifecycleTests.records(app)
            #expect(records.count == 1)
            #expect(records.first?.state == .confirmed)
            #expect(records.first?.orderID == order.id)
            #expect(order.metadata?["flights_booking_key"] == records.first?.bookingKey, "the order is not this record's")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).count == 1)
        }
    }

    /// The same lost answer in the interactive flow: the traveller is told the booking went through (or, if the
    /// look-up came too early, offered a retry that looks first), and only one order is ever sent.
    @Test func aTimedOutBookingInTheInteractiveFlowIsLookedUpNotSentAgain() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([], environment: Self.faults)
            defer { flights.terminate() }
            let session = Conversation(flights)
            try await session.searchOffers(from: "LHR", to: "JFK", date: TravelData.nextMonthISO, retryingTimeouts: true)
            try flights.send(line: "1")
            try await session.answer("Book this offer?", with: "y")
            try await session.enterValidPassenger()
            try await session.answer("Choose", with: "1")
            try await session.answer("now?", with: "y")

            var outcome = try await session.expect(anyOf: ["Press Enter to see your bookings", "The booking is not confirmed"])
            if outcome.index == 1 {
                // Too early for the look-up: "Try again" must look for the order first and find it.
                #expect(outcome.seen.contains("looks for the booking first"), "\(outcome.seen)")
                try await session.answer("Choose", with: "1")
                outcome = try await session.expect(anyOf: ["Press Enter to see your bookings", "The booking is not confirmed"])
                try #require(outcome.index == 0, "the retry did not find the order:\n\(outcome.seen)")
            } else {
                #expect(outcome.seen.contains("order was found"), "\(outcome.seen)")
            }
            let reference = try #require(Screen.bookingReference(in: outcome.seen), "\(outcome.seen)")
            flights.closeInput()
            #expect(try await flights.waitForExit() == 0, "\(flights.transcript)")

            let creations = flights.errors.text.components(separatedBy: "\n").filter {
                $0.contains("method=POST") && $0.contains("path=/air/orders") && $0.contains("[SandboxServer]")
            }
            #expect(creations.count == 1, "expected one POST /air/orders at the sandbox, saw \(creations.count)")
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.map(\.bookingReference) == [reference])
            let records = try await BookingLifecycleTests.records(app)
            #expect(records.map(\.state) == [.confirmed])
        }
    }
}
