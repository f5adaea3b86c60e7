import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights pay REF` as a face over the core's `PayHold`, on the fixture services: the recorded booking ERDAH6,
/// held at £412.50.
@MainActor
@Suite("flights pay: a face over the core")
struct PayCommandFaceTests {
    private func pay(_ bench: CommandBench, yes: Bool = true, total: Decimal? = nil) async -> FlowOutcome {
        await PayRun(reference: "ERDAH6", agreement: Agreement(assumeYes: yes, amount: total, json: bench.forPrograms))
            .run(in: bench.context)
    }

    @Test("--yes --json: paid once, the paid order alone on standard output, the record confirmed")
    func paid() async throws {
        let bench = CommandBench()
        try await bench.booked(.hold)
        #expect(await pay(bench, total: 412.5) == .done)
        #expect(bench.orders.payments.map(\.payment.amount) == [Money(amount: 412.5, currency: "GBP")])
        let order = try DuffelJSON.decoder().decode(Order.self, from: Data(bench.terminal.output.utf8))
        #expect(!order.paymentStatus.awaitingPayment)
        #expect(bench.terminal.diagnostics.contains("Booking ERDAH6 is paid: £412.50."))
        #expect(try bench.bookings.records().first?.state == .confirmed)
    }

    @Test("a script never pays a new price: another total pays nothing and says the total now, exit 2")
    func newPrice() async throws {
        let bench = CommandBench(forPrograms: false)
        let order = try await bench.booked(.hold)
        bench.orders.reprice(orderID: order.id, to: Money(amount: 433.13, currency: "GBP"))
        let outcome = await pay(bench, total: 412.5)
        #expect(outcome == .declined && outcome.exitCode == 2)
        #expect(bench.orders.payments.isEmpty)
        #expect(bench.said.contains("✗ Nothing was paid: the booking now costs £433.13, not the £412.50 agreed to."))
    }

    @Test("without --yes off a terminal nothing is paid, exit 2")
    func withoutYes() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked(.hold)
        #expect(await pay(bench, yes: false) == .declined)
        #expect(bench.orders.payments.isEmpty)
        #expect(bench.said.contains("Not paid. This is not a terminal that can answer, so run the command again with --yes to pay £412.50."))
    }

    @Test("a payment that failed is said, and the order read again shows it not paid, exit 69")
    func failed() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked(.hold)
        bench.orders.failPayments(with: .timedOut)
        #expect(await pay(bench).exitCode == 69)
        #expect(bench.orders.payments.count == 1)
        #expect(bench.said.contains("✗ Booking ERDAH6 was not paid: The flight service did not answer in time."))
    }

    @Test("a payment whose answer was lost is found paid by reading the order, never sent again")
    func lostAnswer() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked(.hold)
        bench.orders.losePaymentAnswers(.transport("connection reset"))
        #expect(await pay(bench) == .done)
        #expect(bench.orders.payments.count == 1)
        #expect(bench.orders.orders.first?.paymentStatus.awaitingPayment == false)
        #expect(!bench.said.contains("✗"))
    }

    @Test("a booking paid already is done, not a failure, and nothing is paid")
    func alreadyPaid() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        #expect(await pay(bench) == .done)
        #expect(bench.orders.payments.isEmpty)
        #expect(bench.said.contains("Booking ERDAH6 is already paid."))
    }
}
