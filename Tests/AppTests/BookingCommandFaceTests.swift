import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights booking REF` (text, `--json`, `--ics`) and `--accept-change` as faces over the core, on the fixture
/// services: the recorded booking ERDAH6 kept here.
@MainActor
@Suite("flights booking: a face over the core")
struct BookingCommandFaceTests {
    private func show(_ bench: CommandBench, _ format: BookingRun.Format, reference: String = "ERDAH6") async -> FlowOutcome {
        await BookingRun(reference: reference, format: format).show(in: bench.context)
    }

    @Test("as text: the booking refreshed, and what can be done with it named by the commands")
    func text() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        #expect(await show(bench, .text, reference: "erdah6") == .done)
        #expect(bench.terminal.output.contains("Booking ERDAH6 · Confirmed"))
        #expect(bench.terminal.output.contains("Paid on Sun 22 Nov 2026 10:24 GMT"))
        #expect(bench.said.contains("Can be cancelled with `flights cancel ERDAH6`"))
        #expect(!bench.terminal.output.contains("\"data\""))
    }

    @Test("an unknown reference: said, exit 1, nothing on standard output")
    func unknown() async throws {
        let bench = CommandBench()
        try await bench.booked()
        let outcome = await show(bench, .ics, reference: "ZZZZZZ")
        #expect(outcome == .noResults && outcome.exitCode == 1)
        #expect(bench.terminal.output.isEmpty)
        #expect(bench.terminal.diagnostics.contains("There is no booking ZZZZZZ on this machine or at the flight service."))
    }

    @Test("a booking that cannot be refreshed: shown as kept, with why, exit 69")
    func unrefreshed() async throws {
        let bench = CommandBench(forPrograms: false)
        try await bench.booked()
        bench.orders.failReads(with: .timedOut)
        let outcome = await show(bench, .text)
        #expect(outcome == .backendError("The booking could not be refreshed from the flight service: The flight service did not answer in time."))
        #expect(bench.said.contains("It could not be refreshed from the flight service"))
    }

    @Test("as JSON: the order as the API has it, alone on standard output")
    func json() async throws {
        let bench = CommandBench()
        let order = try await bench.booked()
        #expect(await show(bench, .json) == .done)
        #expect(try DuffelJSON.decoder().decode(Order.self, from: Data(bench.terminal.output.utf8)) == order)
        #expect(!bench.terminal.output.contains("Booking ERDAH6 ·"))
    }

    @Test("as a calendar: the iCalendar file alone on standard output, one event per flight")
    func calendar() async throws {
        let bench = CommandBench()
        let order = try await bench.booked()
        #expect(await show(bench, .ics, reference: "erdah6") == .done)
        let ics = bench.terminal.output
        #expect(ics == ItineraryCalendar.ics(for: order, now: fixtureNow()))
        #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n") && ics.hasSuffix("END:VCALENDAR\r\n"))
        let flights = order.slices.flatMap(\.segments)
        #expect(!flights.isEmpty && ics.components(separatedBy: "BEGIN:VEVENT\r\n").count - 1 == flights.count)
        #expect(ics.contains("STATUS:CONFIRMED"))
        #expect(bench.terminal.diagnostics.contains("Looking up booking ERDAH6"))
    }

    @Test("a cancelled booking's events are cancelled")
    func cancelledCalendar() async throws {
        let bench = CommandBench()
        let order = try await bench.booked()
        let quote = try await bench.orders.quoteCancellation(orderID: order.id)
        _ = try await bench.orders.confirmCancellation(id: quote.id)
        #expect(await show(bench, .ics) == .done)
        #expect(bench.terminal.output.contains("STATUS:CANCELLED"))
        #expect(!bench.terminal.output.contains("STATUS:CONFIRMED"))
    }

    @Test("a booking whose order cannot be read: no calendar, and why")
    func unreadableCalendar() async throws {
        let bench = CommandBench()
        try await bench.booked()
        bench.orders.failReads(with: .timedOut)
        let outcome = await show(bench, .ics)
        #expect(outcome.exitCode == 69)
        #expect(!bench.terminal.output.contains("BEGIN:VCALENDAR"))
        #expect(bench.said.contains("The booking's flights could not be read for a calendar: The flight service did not answer in time."))
    }

    // MARK: The airline's changes

    /// A booking whose flight the airline moved 3 hours later.
    private func moved(_ bench: CommandBench) async throws -> AirlineInitiatedChange {
        let order = try await bench.booked()
        return try #require(bench.airlineChanges.scheduleChange(orderID: order.id, movedBy: 3, at: fixtureNow()))
    }

    private func accept(_ bench: CommandBench, yes: Bool = true) async -> FlowOutcome {
        await BookingRun(reference: "ERDAH6", format: bench.forPrograms ? .json : .text).acceptChange(Agreement(assumeYes: yes), in: bench.context)
    }

    @Test("--accept-change --yes: accepted once; a lost answer is checked by listing the changes, never by accepting twice")
    func acceptedAfterALostAnswer() async throws {
        let bench = CommandBench(forPrograms: false)
        let change = try await moved(bench)
        bench.airlineChanges.loseActionAnswers(.timedOut)
        #expect(await accept(bench) == .done)
        #expect(bench.airlineChanges.accepted == [change.id])
        #expect(bench.said.contains("now flies the airline's new times (its answer did not come through; the airline's list of changes shows it accepted)."))
        #expect(bench.orders.orders.first?.slices.first == change.added.first)
    }

    @Test("a refused acceptance accepts nothing and says why, exit 69")
    func refused() async throws {
        let bench = CommandBench(forPrograms: false)
        let change = try await moved(bench)
        bench.airlineChanges.failActions(with: FixtureFile.errorInvalidState.error)
        #expect(await accept(bench).exitCode == 69)
        #expect(bench.said.contains("✗ The airline's change to booking ERDAH6 was not accepted"))
        #expect(bench.orders.orders.first?.pendingAirlineChanges.map(\.id) == [change.id])
    }

    @Test("without --yes off a terminal nothing is accepted, exit 2")
    func withoutYes() async throws {
        let bench = CommandBench(forPrograms: false)
        _ = try await moved(bench)
        let outcome = await accept(bench, yes: false)
        #expect(outcome == .declined && outcome.exitCode == 2)
        #expect(bench.airlineChanges.accepted.isEmpty)
        #expect(bench.said.contains("run the command again with --yes to accept the airline's new times"))
    }

    @Test("on a terminal it asks after showing the change: a key typed before counts for nothing, y accepts")
    func asked() async throws {
        let bench = CommandBench(forPrograms: false, isInteractive: true)
        let change = try await moved(bench)
        bench.terminal.enter("y")
        let context = bench.context
        let running = Task { await BookingRun(reference: "ERDAH6", format: .text).acceptChange(Agreement(), in: context) }
        try await bench.terminal.waitForOutput(containing: "Accept the airline's new times for booking ERDAH6?")
        #expect(bench.terminal.output.contains("The airline changed your flights"))
        #expect(bench.airlineChanges.accepted.isEmpty)
        bench.terminal.enter("y")
        #expect(await running.value == .done)
        #expect(bench.airlineChanges.accepted == [change.id])
    }

    @Test("no change waiting: said, exit 1; one accepted already is done, and accepted once")
    func noneWaiting() async throws {
        let bench = CommandBench(forPrograms: false)
        let order = try await bench.booked()
        let none = await accept(bench)
        #expect(none == .noResults && none.exitCode == 1)
        #expect(bench.said.contains("Booking ERDAH6 has no schedule change from the airline waiting for an answer."))
        let change = try #require(bench.airlineChanges.scheduleChange(orderID: order.id, movedBy: -2, at: fixtureNow()))
        _ = try await bench.airlineChanges.acceptAirlineChange(id: change.id)
        #expect(await accept(bench) == .done)
        #expect(bench.said.contains("is already accepted"))
        #expect(bench.airlineChanges.accepted == [change.id])
    }
}
