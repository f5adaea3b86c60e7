import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights change REF --flight 1 --date +3 [--offer N|ID]` as a face over the core's `ChangeFlights`, on the
/// fixture services: the recorded booking ERDAH6, for which the airline offers two ways to move its flight, one
/// giving money back (listed first, the cheapest) and one costing more.
@MainActor
@Suite("flights change: a face over the core, with the offer chosen")
struct ChangeCommandFaceTests {
    private func change(
        _ bench: CommandBench, _ choice: ChangeRun.Choice, yes: Bool = false, total: Decimal? = nil
    ) async -> FlowOutcome {
        let run = ChangeRun(
            plan: ChangePlan(moves: [.init(slice: 0, day: "+3")]), choice: choice, json: bench.forPrograms,
            assumeYes: yes, agreedTotal: total)
        return await run.run("ERDAH6", in: bench.context)
    }

    /// The change the run printed as JSON.
    private func printed(_ bench: CommandBench) throws -> OrderChange {
        try DuffelJSON.decoder().decode(OrderChange.self, from: Data(bench.terminal.output.utf8))
    }

    @Test("without --offer the cheapest is taken; --offer 2 takes the second listed; nothing changes without --yes")
    func chosenOffer() async throws {
        let cheapest = CommandBench()
        try await cheapest.booked()
        #expect(await change(cheapest, .cheapest) == .declined)
        let first = try #require(try printed(cheapest).changeTotalAmount)
        #expect(first.amount < 0)

        let second = CommandBench()
        let booked = try await second.booked()
        #expect(await change(second, .number(2)) == .declined)
        let total = try #require(try printed(second).changeTotalAmount)
        #expect(total.amount > 0)
        #expect(second.orders.orders.first?.slices == booked.slices, "something changed")
    }

    @Test("--offer 2 --yes at its total: changed once, paying the dearer offer's total")
    func madeAtTheChosenTotal() async throws {
        let bench = CommandBench()
        try await bench.booked()
        #expect(await change(bench, .number(2)) == .declined)
        let total = try #require(try printed(bench).changeTotalAmount)
        bench.terminal.clearOutput()
        #expect(await change(bench, .number(2), yes: true, total: total.amount) == .done)
        #expect(bench.changes.payments.compactMap { $0?.amount } == [total])
    }

    @Test("the agreed-total guard holds for a chosen offer: the cheapest's total does not confirm the second")
    func guardHolds() async throws {
        let bench = CommandBench()
        try await bench.booked()
        #expect(await change(bench, .cheapest) == .declined)
        let cheapestTotal = try #require(try printed(bench).changeTotalAmount)
        bench.terminal.clearOutput()
        let outcome = await change(bench, .number(2), yes: true, total: cheapestTotal.amount)
        #expect(outcome == .declined && outcome.exitCode == 2)
        #expect(bench.said.contains("Not changed: the change costs"))
        #expect(bench.changes.payments.isEmpty)
    }

    @Test("an offer not listed (a number past the list, an id the airline never made): nothing changed, exit 64, the list shown")
    func notListed() async throws {
        for (choice, said) in [
            (ChangeRun.Choice.number(5), "Nothing was changed: the airline offered 2 ways to change booking ERDAH6, and none is number 5."),
            (.id("oco_0000notoffered"), "Nothing was changed: the airline has no change offer oco_0000notoffered for booking ERDAH6 now"),
        ] {
            let bench = CommandBench(forPrograms: false)
            try await bench.booked()
            let outcome = await change(bench, choice, yes: true)
            #expect(outcome == .badInput && outcome.exitCode == 64, "\(choice)")
            #expect(bench.said.contains("Ways to change booking ERDAH6"), "\(choice)")
            #expect(bench.said.contains(said), "\(choice)")
            #expect(bench.changes.payments.isEmpty)
        }
    }
}
