import Entities
import Foundation
import Testing

/// Duffel's test scenarios, as the sandbox plays them, through the app as a traveller meets them.
@Suite struct ScenarioTests {
    /// LHR → STN: the price rises by 10.00 each time the offer is read. The app shows the old and the new total
    /// and asks before going on, at the first check and again right before booking; accepting books at the new one.
    @Test func aRisingPriceIsShownAndConfirmedBeforeBooking() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([])
            defer { flights.terminate() }
            let session = Conversation(flights)
            try await session.searchOffers(from: "LHR", to: "STN", date: TravelData.nextMonthISO)
            try flights.send(line: "1")

            let firstCheck = try await session.expect("Go on at the new total")
            let first = try #require(Screen.priceChange(in: firstCheck), "no old and new total in:\n\(firstCheck)")
            #expect(first.new - first.old == 10, "\(first)")
            try await session.expect("?")
            try flights.send(line: "y")

            try await session.enterValidPassenger()
            try await session.answer("Choose", with: "1")
            try await session.answer("now?", with: "y")

            let secondCheck = try await session.expect("Book at the new total")
            let second = try #require(Screen.priceChange(in: secondCheck), "no old and new total in:\n\(secondCheck)")
            #expect(second.old == first.new, "the old total is not the one accepted: \(second) after \(first)")
            #expect(second.new - second.old == 10, "\(second)")
            try await session.expect("?")
            try flights.send(line: "y")

            let booked = try await session.expect("Press Enter to see your bookings")
            let reference = try #require(Screen.bookingReference(in: booked), "not booked:\n\(booked)")
            flights.closeInput()
            #expect(try await flights.waitForExit() == 0, "\(flights.transcript)")

            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.count == 1)
            #expect(orders.first?.bookingReference == reference)
            #expect(orders.first?.totalAmount?.amount == second.new, "paid another total than the one accepted")
        }
    }

    /// The same route unattended: a script saw a total in `flights search --json`; by the time it books, the offer
    /// costs 10.00 more. An unattended booking must never pay a total nobody accepted.
    @Test func anUnattendedBookingNeverPaysMoreThanTheSearchShowed() async throws {
        try await FlightsApp.withFreshData { app in
            let search = try await app.run(["search", "LHR", "STN", "--depart", TravelData.nextMonthISO, "--json", "--limit", "1"])
            let seen = try #require(
                try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(search.output.utf8)).offers.first, "\(search)")
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            // The script states the total it agreed to: the airline's price has risen since, so nothing is booked.
            let run = try await app.run([
                "book", seen.id, "--passengers", passengers.path, "--yes", "--total", seen.totalAmount.wireAmount,
            ])
            #expect(run.status == 2, "\(run)")
            #expect((run.output + run.errors).contains("Nothing was booked"), "\(run)")
            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty)

        }
    }

    /// Where the price holds, the total a script agreed to is the total it pays.
    @Test func anUnattendedBookingAtTheAgreedTotalPaysExactlyThat() async throws {
        try await FlightsApp.withFreshData { app in
            let search = try await app.run(["search", "LHR", "CDG", "--depart", TravelData.nextMonthISO, "--json", "--limit", "1"])
            let seen = try #require(
                try DuffelJSON.decoder().decode(SearchOutput.self, from: Data(search.output.utf8)).offers.first, "\(search)")
            let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
            let run = try await app.run([
                "book", seen.id, "--passengers", passengers.path, "--yes", "--total", seen.totalAmount.wireAmount,
            ])
            #expect(run.status == 0, "\(run)")
            let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
            #expect(orders.map(\.totalAmount) == [seen.totalAmount])
        }
    }

    /// LGW → LHR: the offer is gone when booking. The app says so, offers the way back to the offers, and no
    /// order exists.
    @Test func anOfferGoneAtBookingSaysSoAndLeadsBackToTheOffers() async throws {
        try await FlightsApp.withFreshData { app in
            let flights = try app.start([])
            defer { flights.terminate() }
            let session = Conversation(flights)
            try await session.searchOffers(from: "LGW", to: "LHR", date: TravelData.nextMonthISO)
            try flights.send(line: "1")
            try await session.answer("Book this offer?", with: "y")
            try await session.enterValidPassenger()
            try await session.answer("Choose", with: "1")
            try await session.answer("now?", with: "y")

            let refused = try await session.expect("Press Enter to choose another offer")
            #expect(refused.contains("no longer"), "the message does not say the offer is gone:\n\(refused)")
            #expect(Screen.bookingReference(in: refused) == nil)
            try flights.send(line: "")
            // Back to the offers of the same search, ready for another choice.
            let offers = try await session.expect("Offer number or command")
            #expect(offers.contains("London (LGW) → London (LHR)"), "\(offers)")
            #expect(!Screen.offerRows(in: offers).isEmpty, "\(offers)")
            flights.closeInput()
            #expect(try await flights.waitForExit() == 0, "\(flights.transcript)")

            #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty)
            let records = try await BookingLifecycleTests.records(app)
            #expect(records.allSatisfy { $0.state != .confirmed && $0.bookingReference == nil }, "\(records)")
        }
    }
}
