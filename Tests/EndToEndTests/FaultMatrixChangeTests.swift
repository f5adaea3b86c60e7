import Entities
import Foundation
import Testing

/// The fault matrix on the steps that change something: book, cancel (quote, then confirmation) and pay. Error
/// statuses and dropped connections strike before the sandbox does the work; malformed, truncated and late answers
/// after it. Whatever the fault, the change is sent once, and what the app says agrees with the server: done is
/// told as done, not done as not done (or, when it cannot find out, as "may have been", with where to check).
@Suite struct FaultMatrixChangeTests {
    @Test(arguments: FaultCell.cells([.book]))
    func bookSendsOneOrderAndTellsWhatTheServerDid(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let offers = try await FaultMatrix.offers.value
                let passengers = try app.file("passengers.json", contents: TravelData.passengersFile())
                let (run, sent) = try await FaultMatrix.runCounting(
                    "POST", "/air/orders", app, ["book", offers.instant, "--passengers", passengers.path, "--yes"], cell)
                FaultMatrix.expectNoCrash(run)
                #expect(sent == 1, "the order was sent \(sent) times:\n\(run)")
                let said = FaultMatrix.said(run)
                #expect(!said.contains("already booked"), "\(run)")

                let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
                #expect(orders.count == (cell.fault.serverActed ? 1 : 0), "\(orders.map(\.bookingReference))\n\(run)")
                if let order = orders.first {
                    // Booked at the server: the app must say so, with its reference, not that it failed.
                    #expect(run.status == 0, "\(run)")
                    #expect(Screen.bookingReference(in: run.output) == order.bookingReference, "\(run)")
                    #expect(said.contains("the order was found: the booking went through"), "\(run)")
                    for denial in ["Nothing was booked", "not booked", "did not go through", "was refused"] {
                        #expect(!said.contains(denial), "a booking the server made was told as \(denial.debugDescription):\n\(run)")
                    }
                } else {
                    #expect(run.status == 69, "\(run)")
                    #expect(Screen.bookingReference(in: run.output) == nil, "\(run)")
                    if cell.fault == .status(429) {
                        // A refusal: nothing was done, and nothing more to check.
                        FaultMatrixReadTests.expectPhrases(["The booking was refused"] + cell.fault.phrases, in: run)
                    } else {
                        // No clear answer: kept pending, checked before any new booking.
                        FaultMatrixReadTests.expectPhrases(
                            ["The booking is not confirmed", cell.fault.phrases[0],
                             "Run `flights bookings` to check it before booking again"], in: run)
                        if case .status = cell.fault {
                            // An error status is an answer: it is not told as none having come.
                            #expect(said.contains("the flight service answered with an error"), "\(run)")
                        }
                    }
                }

                // The list (which checks a pending booking again) agrees with the server.
                let records = try await FaultMatrix.records(app)
                try #require(records.count == 1, "\(records)")
                let record = try #require(records.first)
                if let order = orders.first {
                    #expect(record.state == .confirmed && record.orderID == order.id, "\(record)")
                } else {
                    #expect(record.orderID == nil && [.pending, .failed].contains(record.state), "\(record)")
                }
            }
        }
    }

    @Test(arguments: FaultCell.cells([.cancelQuote]))
    func cancelSaysTheQuoteFailedAndConfirmsNothing(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let order = try await FaultMatrix.book(app)
                let (run, confirmations) = try await FaultMatrix.runCounting(
                    "POST", "/actions/confirm", app, ["cancel", order.bookingReference, "--yes"], cell)
                FaultMatrix.expectNoCrash(run)
                #expect(run.status == 69, "\(run)")
                FaultMatrixReadTests.expectPhrases(["The cancellation could not be quoted"] + cell.fault.phrases, in: run)
                #expect(confirmations == 0, "confirmed without a quote:\n\(run)")
                #expect(!FaultMatrix.said(run).contains("Booking \(order.bookingReference) is cancelled"), "\(run)")

                let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
                #expect(orders.map(\.id) == [order.id])
                #expect(orders.first?.cancelledAt == nil, "cancelled although the quote failed")
                #expect(try await FaultMatrix.records(app).map(\.state) == [.confirmed])
            }
        }
    }

    @Test(arguments: FaultCell.cells([.cancelConfirm]))
    func cancelConfirmsOnceAndTellsWhatTheServerDid(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let order = try await FaultMatrix.book(app)
                let (run, confirmations) = try await FaultMatrix.runCounting(
                    "POST", "/actions/confirm", app, ["cancel", order.bookingReference, "--yes"], cell)
                FaultMatrix.expectNoCrash(run)
                #expect(confirmations == 1, "the cancellation was confirmed \(confirmations) times:\n\(run)")
                let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
                try #require(orders.map(\.id) == [order.id])
                let cancelled = orders.first?.cancelledAt != nil
                #expect(cancelled == cell.fault.serverActed, "the sandbox did not do what the fault says:\n\(run)")
                let said = FaultMatrix.said(run)
                let records = try await FaultMatrix.records(app)

                if cancelled {
                    // Cancelled at the server: the app must say so (or, if it truly cannot tell, that it may be).
                    #expect(!said.contains("was not cancelled") && !said.contains("Not cancelled"),
                            "a cancellation the server made was told as not made:\n\(run)")
                    #expect(run.status == 0, "\(run)")
                    #expect(said.contains("Booking \(order.bookingReference) is cancelled"), "\(run)")
                    #expect(records.map(\.state) == [.cancelled], "\(records)")
                } else {
                    #expect(run.status == 69, "\(run)")
                    FaultMatrixReadTests.expectPhrases(["The booking was not cancelled"] + cell.fault.phrases, in: run)
                    #expect(!said.contains("Booking \(order.bookingReference) is cancelled"), "\(run)")
                    #expect(records.map(\.state) == [.confirmed], "\(records)")
                }
            }
        }
    }

    @Test(arguments: FaultCell.cells([.pay]))
    func payPaysOnceAndTellsWhatTheServerDid(_ cell: FaultCell) async throws {
        try await FaultMatrix.slots.run {
            try await FlightsApp.withFreshData { app in
                let held = try await FaultMatrix.book(app, hold: true)
                try #require(held.paymentStatus.awaitingPayment, "the hold is already paid")
                let (run, payments) = try await FaultMatrix.runCounting(
                    "POST", "/air/payments", app, ["pay", held.bookingReference, "--yes"], cell)
                FaultMatrix.expectNoCrash(run)
                #expect(payments == 1, "the payment was sent \(payments) times:\n\(run)")
                let orders = try await SandboxOrders.all(in: app.sandboxDirectory)
                try #require(orders.map(\.id) == [held.id])
                let paid = orders.first?.paymentStatus.awaitingPayment == false
                #expect(paid == cell.fault.serverActed, "the sandbox did not do what the fault says:\n\(run)")
                let said = FaultMatrix.said(run)
                let records = try await FaultMatrix.records(app)

                if paid {
                    for denial in ["was not paid", "Nothing was paid", "Not paid"] {
                        #expect(!said.contains(denial), "a payment the server took was told as \(denial.debugDescription):\n\(run)")
                    }
                    #expect(run.status == 0, "\(run)")
                    #expect(said.contains("Booking \(held.bookingReference) is paid"), "\(run)")
                    #expect(records.map(\.state) == [.confirmed], "\(records)")
                } else {
                    #expect(run.status == 69, "\(run)")
                    FaultMatrixReadTests.expectPhrases(
                        ["Booking \(held.bookingReference) was not paid"] + cell.fault.phrases, in: run)
                    #expect(!said.contains("Booking \(held.bookingReference) is paid"), "\(run)")
                    #expect(records.map(\.state) == [.awaitingPayment], "\(records)")
                }
            }
        }
    }
}
