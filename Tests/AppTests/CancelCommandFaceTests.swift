import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights cancel REF` as a face over the core's `CancelBooking`, on the fixture services: the recorded booking
/// ERDAH6, whose cancellation refunds £372.50 (quoted at 11:02 on 22 Nov, valid until 11:32).
@MainActor
@Suite("flights cancel: a face over the core")
struct CancelCommandFaceTests {
    private func cancel(_ bench: CommandBench, yes: Bool = true, refund: Decimal? = nil) async -> FlowOutcome {
        await CancelRun(reference: "ERDAH6", agreement: Agreement(assumeYes: yes, amount: refund, json: bench.forPrograms))
            .run(in: bench.context)
    }

    private func cancelled(_ bench: CommandBench) -> Bool {
        bench.orders.orders.first?.cancelledAt != nil
    }

    @Test("without --yes off a terminal: the booking and the refund shown, nothing cancelled, exit 2")
    func withoutYes() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        let outcome = await cancel(bench, yes: false)
        #expect(outcome == .declined && outcome.exitCode == 2)
        #expect(bench.said.contains("Booking ERDAH6 · Confirmed"))
        #expect(bench.said.contains("Cancelling booking ERDAH6 refunds £372.50."))
        #expect(bench.said.contains("Not cancelled. This is not a terminal that can answer, so run the command again with --yes to cancel."))
        #expect(!cancelled(bench))
    }

    @Test("as JSON without --yes: the quote alone on standard output, for a script to read")
    func quoteAsJSON() async throws {
        let bench = CommandBench()
        try await bench.booked()
        #expect(await cancel(bench, yes: false) == .declined)
        let quote = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(bench.terminal.output.utf8))
        #expect(!quote.isConfirmed)
        #expect(bench.said.contains("run the command again with --yes"))
        #expect(!cancelled(bench))
    }

    @Test("on a terminal it asks after the refund is shown: a key typed before counts for nothing; n cancels nothing")
    func asked() async throws {
        let bench = CommandBench(forPrograms: false, isInteractive: true)
        try await bench.booked()
        bench.terminal.enter("y")
        let context = bench.context
        let running = Task { await CancelRun(reference: "ERDAH6", agreement: Agreement()).run(in: context) }
        try await bench.terminal.waitForOutput(containing: "Cancel booking ERDAH6 for a refund of £372.50?")
        bench.terminal.enter("n")
        #expect(await running.value == .declined)
        #expect(bench.terminal.output.contains("Not cancelled."))
        #expect(!cancelled(bench))
    }

    @Test("--yes --json: cancelled, the cancellation alone on standard output, the record kept cancelled")
    func yesAsJSON() async throws {
        let bench = CommandBench()
        let order = try await bench.booked()
        #expect(await cancel(bench) == .done)
        let cancellation = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(bench.terminal.output.utf8))
        #expect(cancellation.isConfirmed && cancellation.orderId == order.id)
        #expect(cancellation.refundAmount == Money(amount: 372.5, currency: "GBP"))
        #expect(bench.terminal.diagnostics.contains("Booking ERDAH6 is cancelled. £372.50 goes back to your Duffel balance."))
        #expect(try bench.bookings.record(reference: "ERDAH6")?.state == .cancelled)
    }

    @Test("--refund at the refund quoted cancels; any other cancels nothing, writes the quote and says the refund now")
    func agreedRefund() async throws {
        let other = CommandBench()
        try await other.booked()
        #expect(await cancel(other, refund: 400) == .declined)
        let quote = try DuffelJSON.decoder().decode(OrderCancellation.self, from: Data(other.terminal.output.utf8))
        #expect(!quote.isConfirmed && quote.refundAmount == Money(amount: 372.5, currency: "GBP"))
        #expect(other.said.contains("✗ Nothing was cancelled: cancelling now refunds £372.50, not the £400.00 agreed to."))
        #expect(other.said.contains("Run the command again with --refund 372.50 to cancel for that refund."))
        #expect(!cancelled(other))
        #expect(try other.bookings.record(reference: "ERDAH6")?.state == .confirmed)

        let agreed = CommandBench()
        try await agreed.booked()
        #expect(await cancel(agreed, refund: 372.5) == .done)
        #expect(cancelled(agreed))
    }

    @Test("a booking cancelled already is done, not a failure, and nothing is sent")
    func alreadyCancelled() async throws {
        let bench = CommandBench(forPrograms: false)
        let order = try await bench.booked()
        let quote = try await bench.orders.quoteCancellation(orderID: order.id)
        _ = try await bench.orders.confirmCancellation(id: quote.id)
        #expect(await cancel(bench) == .done)
        #expect(bench.said.contains("Booking ERDAH6 was already cancelled on"))
        #expect(!bench.said.contains("✗"))
    }

    @Test("a quote that expired is asked for again once before anything is cancelled")
    func expiredQuote() async throws {
        let afterExpiry: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_795_347_600) }  // 2026-11-22T11:40:00Z
        let bench = CommandBench(forPrograms: false, now: afterExpiry)
        try await bench.booked()
        #expect(await cancel(bench) == .done)
        #expect(bench.said.contains("The refund quote has expired; asking the airline again."))
        #expect(bench.said.components(separatedBy: "Cancelling booking ERDAH6 refunds").count - 1 == 2)
    }

    @Test("a refused quote is explained, and nothing is cancelled")
    func refusedQuote() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        bench.orders.replyQuotes(with: .file(.errorInvalidState))
        #expect(await cancel(bench).exitCode == 69)
        #expect(bench.said.contains("✗ The cancellation could not be quoted: This order has already been cancelled, so it cannot be cancelled again."))
    }
}
