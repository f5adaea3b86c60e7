import Entities
import Foundation
import Testing

/// `flights change REF`: a booked flight moved to another day on the embedded sandbox, through Duffel's order change
/// calls; the booking, its calendar and the bookings file follow.
@Suite struct ChangeCommandTests {
    /// Books the next-month round trip from `origin` to `destination` whose fare allows changes (or forbids them),
    /// paid at once.
    static func book(_ app: FlightsApp, _ origin: String, _ destination: String, changeable: Bool) async throws -> Order {
        let search = try await app.run([
            "search", origin, destination, "--depart", TravelData.nextMonthISO, "--return", "+7", "--json",
        ])
        #expect(search.status == 0, "\(search)")
        let offers = try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(search.output.utf8)).offers
        let offer = try #require(
            offers.first { ($0.conditions.changeBeforeDeparture?.allowed ?? false) == changeable },
            "no offer whose fare \(changeable ? "allows" : "forbids") changes: \(offers.map(\.id))")
        let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
        let booked = try await app.run(["book", offer.id, "--passengers", passengers.path, "--yes", "--json"])
        #expect(booked.status == 0, "\(booked)")
        return try DuffelJSON.decoder().decode(Order.self, from: Data(booked.output.utf8))
    }

    /// The booking as `flights booking REF --json` prints it.
    static func booking(_ app: FlightsApp, _ reference: String) async throws -> Order {
        let run = try await app.run(["booking", reference, "--json"])
        #expect(run.status == 0, "\(run)")
        return try DuffelJSON.decoder().decode(Order.self, from: Data(run.output.utf8))
    }

    @Test func theReturnMovedThreeDaysLaterIsPaidAtTheAgreedTotalAndTheBookingAndCalendarShowIt() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, "LHR", "JFK", changeable: true)
            let reference = order.bookingReference
            let booked = try #require(order.slices[1].departingAt?.date)

            // Without --yes: the change and its total, nothing changed (exit 2).
            let asked = try await app.run(["change", reference, "--flight", "2", "--date", "+3", "--json"])
            #expect(asked.status == 2, "\(asked)")
            let change = try DuffelJSON.decoder().decode(OrderChange.self, from: Data(asked.output.utf8))
            let total = try #require(change.changeTotalAmount, "\(asked)")
            #expect(change.slices.add.first?.departingAt?.date == booked.adding(days: 3), "\(asked)")
            #expect(asked.errors.contains("Not changed. Run the command again with --yes"), "\(asked)")
            #expect(try await Self.booking(app, reference).slices[1].departingAt?.date == booked)

            // Another total agreed changes nothing (exit 2) and says the real one.
            let other = try await app.run([
                "change", reference, "--flight", "2", "--date", "+3", "--yes", "--total", "\(total.amount + 1)",
            ])
            #expect(other.status == 2, "\(other)")
            #expect(other.output.contains("Not changed: the change costs \(total.formatted)"), "\(other)")

            // At the total agreed, it is made, once.
            let made = try await app.run([
                "change", reference, "--flight", "2", "--date", "+3", "--yes", "--total", total.wireAmount,
            ])
            #expect(made.status == 0, "\(made)")
            #expect(made.output.contains("Booking \(reference) is changed."), "\(made)")

            let after = try await Self.booking(app, reference)
            #expect(after.slices.count == 2)
            #expect(after.slices[0] == order.slices[0], "the outbound moved too")
            #expect(after.slices[1].departingAt?.date == booked.adding(days: 3), "\(after.slices[1])")
            #expect(after.totalAmount == change.newTotalAmount, "\(String(describing: after.totalAmount))")

            // The calendar has the new return.
            let ics = try await app.run(["booking", reference, "--ics"])
            #expect(ics.status == 0, "\(ics)")
            let moved = try #require(after.slices[1].segments.first?.departingAt)
            let stamp = moved.description.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            #expect(ics.output.contains(String(stamp.prefix(13))), "no event at \(moved):\n\(ics.output)")
        }
    }

    @Test func aFareThatCannotBeChangedIsRefusedAndNothingIsSent() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, "LHR", "ARN", changeable: false)
            let run = try await app.run(
                ["change", order.bookingReference, "--flight", "1", "--date", "+1", "--yes"],
                environment: ["FLIGHTS_LOG_LEVEL": "debug"])
            #expect(run.status == 69, "\(run)")
            #expect(run.output.contains("cannot be changed: its fare does not allow changes"), "\(run)")
            #expect(!run.errors.contains("path=/air/order_change"), "a change was sent:\n\(run)")
            #expect(try await Self.booking(app, order.bookingReference).slices == order.slices)
        }
    }

    @Test func aLostAnswerToTheConfirmationMovesTheBookingExactlyOnce() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, "LHR", "JFK", changeable: true)
            // The sandbox confirms the change, then answers 502: the answer says nothing of what was done.
            let run = try await app.run(
                ["change", order.bookingReference, "--flight", "2", "--date", "+2", "--yes"],
                environment: [
                    "FLIGHTS_SANDBOX_FAULTS": "after=502,on=POST:/air/order_changes/*/actions/confirm",
                    "FLIGHTS_LOG_LEVEL": "debug",
                ])
            #expect(run.status == 0, "\(run)")
            #expect(run.output.contains("the answer was lost; reading the change shows it made"), "\(run)")
            let confirmations = run.errors.components(separatedBy: "\n").filter {
                $0.contains("method=POST") && $0.contains("/actions/confirm") && $0.contains("[SandboxServer]")
            }
            #expect(confirmations.count == 1, "expected one confirmation at the sandbox, saw \(confirmations.count):\n\(run)")
            let after = try await Self.booking(app, order.bookingReference)
            #expect(after.slices[1].departingAt?.date == order.slices[1].departingAt?.date.adding(days: 2))
        }
    }

    @Test func badInputIsRefusedBeforeAnythingIsLookedUp() async throws {
        try await FlightsApp.withFreshData { app in
            let unpaired = try await app.run(["change", "RZPVXC", "--flight", "2"])
            #expect(unpaired.status == 64, "\(unpaired)")
            #expect(unpaired.errors.contains("Give one --date for each --flight"), "\(unpaired)")
            let order = try await Self.book(app, "LHR", "JFK", changeable: true)
            let past = try await app.run(["change", order.bookingReference, "--flight", "2", "--date", "2020-01-01", "--yes"])
            #expect(past.status == 64, "\(past)")
            #expect(past.output.contains("has passed"), "\(past)")
            let none = try await app.run(["change", order.bookingReference, "--flight", "3", "--date", "+1", "--yes"])
            #expect(none.status == 64, "\(none)")
            #expect(none.output.contains("there is no flight 3"), "\(none)")
            for (arguments, said) in [
                (["--offer", "0"], "--offer counts the listed offers from 1."),
                (["--offer", "cheap"], "--offer is an offer's number in the list (2) or its id (oco_…)."),
                (["--offer", "2", "--yes"], "--offer chooses among the offers for --flight and --date"),
            ] {
                let flights = arguments.last == "--yes" ? [] : ["--flight", "2", "--date", "+3"]
                let refused = try await app.run(["change", order.bookingReference] + flights + arguments)
                #expect(refused.status == 64, "\(refused)")
                #expect(refused.errors.contains(said), "\(refused)")
            }
        }
    }

    @Test func anOfferChosenByItsListedIDIsTakenOnlyAtItsTotal() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, "LHR", "JFK", changeable: true)
            let reference = order.bookingReference
            let move = ["change", reference, "--flight", "2", "--date", "+3"]
            let listed = try await app.run(move)
            #expect(listed.status == 2, "\(listed)")
            let id = try #require(Screen.firstMatch(#"\n\s*1\. (oco_[A-Za-z0-9]+)"#, in: listed.output), "no id listed:\n\(listed)")
            let shown = try await app.run(move + ["--offer", id, "--json"])
            let change = try DuffelJSON.decoder().decode(OrderChange.self, from: Data(shown.output.utf8))
            let total = try #require(change.changeTotalAmount, "\(shown)")
            let refused = try await app.run(move + ["--offer", id, "--yes", "--total", "\(total.amount + 1)"])
            #expect(refused.status == 2, "\(refused)")
            #expect(try await Self.booking(app, reference).slices == order.slices)
            let made = try await app.run(move + ["--offer", id, "--yes", "--total", total.wireAmount])
            #expect(made.status == 0, "\(made)")
            let after = try await Self.booking(app, reference)
            #expect(Set(after.slices[1].segments.map(\.departingAt)) == Set(change.slices.add.flatMap(\.segments).map(\.departingAt)))
        }
    }

    @Test func anOfferPastTheListChangesNothingAndSaysWhatWasOffered() async throws {
        try await FlightsApp.withFreshData { app in
            let order = try await Self.book(app, "LHR", "JFK", changeable: true)
            let refused = try await app.run(["change", order.bookingReference, "--flight", "2", "--date", "+3", "--offer", "99", "--yes"])
            #expect(refused.status == 64, "\(refused)")
            #expect(refused.output.contains("Ways to change booking \(order.bookingReference)"), "\(refused)")
            #expect(refused.said.contains("and none is number 99"), "\(refused)")
            #expect(try await Self.booking(app, order.bookingReference).slices == order.slices)
        }
    }
}
