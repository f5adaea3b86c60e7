import Entities
import Foundation
import Testing

/// The airline's schedule change (the sandbox's LHR → BCN scenario moves a booked flight 3 hours later) on the real
/// binary: `flights bookings` marks the booking, `flights booking` shows the flights as they were and are now,
/// `--accept-change` asks (exit 2 off a terminal without `--yes`), accepts once, and the booking flies the new times.
@Suite struct AirlineChangeCommandTests {
    /// Books next month's first LHR → BCN offer (one whose fare forbids changes, when `changeable` is false), paid at
    /// once.
    static func book(_ app: FlightsApp, changeable: Bool? = nil) async throws -> Order {
        let search = try await app.run(["search", "LHR", "BCN", "--depart", TravelData.nextMonthISO, "--json"])
        #expect(search.status == 0, "\(search)")
        let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(search.output.utf8)).offers
        let offer = try #require(offers.first { offer in
            changeable.map { (offer.conditions.changeBeforeDeparture?.allowed ?? false) == $0 } ?? true
        }, "no LHR → BCN offer to book: \(offers.map(\.id))")
        let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
        let booked = try await app.run(["book", offer.id, "--passengers", passengers.path, "--yes", "--json"])
        #expect(booked.status == 0, "\(booked)")
        return try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
    }

    @Test func aScheduleChangeIsMarkedShownAndAcceptedOnce() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app)
            let reference = order.bookingReference
            let booked = try #require(order.slices.first?.segments.last)

            let list = try await app.run(["bookings"])
            #expect(list.status == 0, "\(list)")
            let row = try #require(list.output.components(separatedBy: "\n").first { $0.contains(reference) }, "\(list)")
            #expect(row.contains("Times changed"), "\(list)")

            let shown = try await app.run(["booking", reference])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains("The airline changed your flights"), "\(shown)")
            let moved = try #require(shown.output.components(separatedBy: "\n").first { $0.contains(booked.flightNumber + " ") && $0.contains("later") }, "\(shown)")
            #expect(moved.contains("3h 00m later"), "\(moved)")
            #expect(shown.output.contains("--accept-change --yes"), "\(shown)")

            // Off a terminal without --yes: shown, nothing accepted (exit 2).
            let asked = try await app.run(["booking", reference, "--accept-change"])
            #expect(asked.status == 2, "\(asked)")
            #expect(asked.said.contains("run the command again with --yes"), "\(asked)")
            #expect(try await ChangeCommandTests.booking(app, reference).pendingAirlineChanges.count == 1)

            let accepted = try await app.run(["booking", reference, "--accept-change", "--yes", "--json"])
            #expect(accepted.status == 0, "\(accepted)")
            let after = try DuffelJSON.decoder().decode(Order.self, from: Data(accepted.output.utf8))
            #expect(after.pendingAirlineChanges.isEmpty)
            #expect(after.airlineInitiatedChanges.map(\.actionTaken) == [.accepted])
            let now = try #require(after.slices.first?.segments.last)
            let shift = now.departingAt.instant(in: now.origin.zone).timeIntervalSince(booked.departingAt.instant(in: booked.origin.zone))
            #expect(shift == 3 * 3600, "\(booked.departingAt) → \(now.departingAt)")
            #expect(try await ChangeCommandTests.booking(app, reference).slices == after.slices)

            // Again: already accepted is done (a script that retries does not loop), and nothing is sent twice.
            let again = try await app.run(["booking", reference, "--accept-change", "--yes"])
            #expect(again.status == 0, "\(again)")
            #expect(again.said.contains("already accepted"), "\(again)")

            let unmarked = try await app.run(["bookings"])
            #expect(!unmarked.output.contains("Times changed"), "\(unmarked)")
        }
    }

    @Test func theAirlinesChangeLetsAFareThatForbidsChangesMoveToAnotherFlightWithNoFee() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, changeable: false)
            let reference = order.bookingReference
            let booked = try #require(order.slices.first?.departingAt?.date)

            let shown = try await app.run(["booking", reference])
            #expect(shown.output.contains("flights change \(reference)"), "\(shown)")

            let asked = try await app.run(["change", reference, "--flight", "1", "--date", "+1", "--json"])
            #expect(asked.status == 2, "\(asked)")
            let change = try DuffelJSON.decoder().decode(OrderChange.self, from: Data(asked.output.utf8))
            #expect(change.penaltyTotalAmount?.amount ?? 0 == 0, "a fee for the airline's own change: \(asked)")
            let total = try #require(change.changeTotalAmount)

            // `--total=` takes money back too (a negative total would read as an option after a space).
            let made = try await app.run(["change", reference, "--flight", "1", "--date", "+1", "--yes", "--total=\(total.wireAmount)"])
            #expect(made.status == 0, "\(made)")
            let after = try await ChangeCommandTests.booking(app, reference)
            #expect(after.slices.first?.departingAt?.date == booked.adding(days: 1))
            #expect(after.airlineInitiatedChanges.map(\.actionTaken) == [.changed])
            #expect(after.pendingAirlineChanges.isEmpty)
        }
    }

    @Test func aBookingWithNoChangeWaitingExits1AndBadFlagsAreRefused() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await ChangeCommandTests.book(app, "LHR", "JFK", changeable: true)
            let none = try await app.run(["booking", order.bookingReference, "--accept-change", "--yes"])
            #expect(none.status == 1, "\(none)")
            #expect(none.said.contains("has no schedule change from the airline waiting"), "\(none)")

            let yesAlone = try await app.run(["booking", order.bookingReference, "--yes"])
            #expect(yesAlone.status == 64, "\(yesAlone)")
            let withCalendar = try await app.run(["booking", order.bookingReference, "--accept-change", "--ics"])
            #expect(withCalendar.status == 64, "\(withCalendar)")
        }
    }
}
