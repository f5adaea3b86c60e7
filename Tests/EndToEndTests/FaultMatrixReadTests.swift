import Entities
import Foundation
import Testing

/// The fault matrix on the steps that only read: every fault the sandbox injects, on one step at a time, the steps
/// before it unharmed. The app must say what happened and what to do, exit 69, and change nothing.
/// (`FaultMatrixChangeTests` has the steps that book, cancel and pay.)
@Suite struct FaultMatrixReadTests {
    @Test(arguments: FaultCell.cells([.places]))
    func placesSaysTheyCouldNotBeLookedUp(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let run = try await app.run(["places", "london"], environment: cell.environment)
                FaultMatrix.expectNoCrash(run)
                #expect(run.status == 69, "\(run)")
                Self.expectPhrases(["The places could not be looked up"] + cell.fault.phrases, in: run)
                #expect(!run.output.contains("LHR"), "a partial answer was shown:\n\(run)")
            }
        }
    }

    @Test(arguments: FaultCell.cells([.search, .offerList]))
    func searchSaysWhatFailedAndShowsNoOffers(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let run = try await app.run(
                    ["search", "LHR", "JFK", "--depart", TravelData.nextMonthISO], environment: cell.environment)
                FaultMatrix.expectNoCrash(run)
                #expect(run.status == 69, "\(run)")
                Self.expectPhrases(cell.fault.phrases, in: run)
                #expect(Screen.offerRows(in: run.output).isEmpty, "offers were shown:\n\(run)")
                #expect(!FaultMatrix.said(run).contains("No flights"), "a failure told as no offers:\n\(run)")
            }
        }
    }

    @Test(arguments: FaultCell.cells([.offer]))
    func bookSaysTheOfferCouldNotBeCheckedAndSendsNoOrder(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let offers = try await FaultMatrix.offers.value
                let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
                let run = try await app.run(
                    ["book", offers.instant, "--passengers", passengers.path, "--yes"], environment: cell.environment)
                FaultMatrix.expectNoCrash(run)
                #expect(run.status == 69, "\(run)")
                Self.expectPhrases(["The offer could not be checked"] + cell.fault.phrases, in: run)
                #expect(Screen.bookingReference(in: run.output) == nil, "\(run)")
                #expect(try await SandboxOrders.all(in: app.sandboxDirectory).isEmpty, "an order was sent:\n\(run)")
                #expect(try await FaultMatrix.records(app).isEmpty, "a booking was kept though nothing was sent")
            }
        }
    }

    /// `flights booking REF`: what this machine keeps is shown, said to be stale, never claimed fresh or gone.
    @Test(arguments: FaultCell.cells([.booking]))
    func bookingShowsWhatIsKeptAndSaysItCouldNotBeRefreshed(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let order = try await FaultMatrix.book(app)
                let run = try await app.run(["booking", order.bookingReference], environment: cell.environment)
                FaultMatrix.expectNoCrash(run)
                #expect(run.status == 69, "\(run)")
                Self.expectPhrases(
                    ["could not be refreshed", cell.fault.phrases[0], "try again in a moment"], in: run)
                #expect(run.output.contains("Booking \(order.bookingReference) · Confirmed"), "\(run)")
                #expect(!FaultMatrix.said(run).contains("not found"), "\(run)")

                let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
                #expect(orders.map(\.id) == [order.id])
                #expect(orders.first?.cancelledAt == nil)
                #expect(try await FaultMatrix.records(app).map(\.state) == [.confirmed])
            }
        }
    }

    /// `flights bookings` checking a booking whose answer was lost (pending here, made at the server): the check
    /// fails, so it stays pending; never told as not booked. The next list without faults finds it.
    @Test(arguments: FaultCell.cells([.list]))
    func bookingsKeepsAPendingBookingPendingWhenItCannotBeChecked(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let offers = try await FaultMatrix.offers.value
                let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
                // The order is made, but neither its answer nor the look-ups that follow can be read.
                let lost = try await app.run(
                    ["book", offers.instant, "--passengers", passengers.path, "--yes"],
                    environment: ["FLIGHTS_SANDBOX_FAULTS": "malformed,on=/air/orders"])
                try #require(lost.status == 69, "\(lost)")
                #expect(FaultMatrix.said(lost).contains("may or may not be booked"), "\(lost)")

                let run = try await app.run(["bookings"], environment: cell.environment)
                FaultMatrix.expectNoCrash(run)
                #expect(run.status == 0, "\(run)")
                Self.expectPhrases(
                    ["1 pending booking could not be checked", cell.fault.phrases[0], "They stay pending",
                     "open the list again later"], in: run)
                let said = FaultMatrix.said(run)
                #expect(!said.contains("did not go through") && !said.contains("nothing is booked"),
                        "a booking the server made was told as not booked:\n\(run)")

                let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
                try #require(orders.count == 1, "\(orders.map(\.bookingReference))")
                let records = try await FaultMatrix.records(app)
                #expect(records.map(\.state) == [.confirmed], "\(records)")
                #expect(records.first?.orderID == orders.first?.id)
            }
        }
    }

    /// Every phrase is in what the app said (standard output and error, white space collapsed).
    static func expectPhrases(_ phrases: [String], in run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
        let said = FaultMatrix.said(run)
        for phrase in phrases {
            #expect(said.contains(phrase), "missing \(phrase.debugDescription):\n\(run)", sourceLocation: sourceLocation)
        }
    }
}
