import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightBookings

/// `flights booking REF --ics`: the booking's flights as an iCalendar file on standard output, everything for people
/// on standard error.
@MainActor
@Suite("FlightBookings: a booking as a calendar")
struct FlightBookingsCalendarTests {
    private let router = SpyRouter()

    private func run(_ input: FlightBookingsInput, booked: Booked) async -> VirtualTerminal {
        let terminal = VirtualTerminal(columns: 120)
        await FlightBookingsBuilder(
            orders: booked.orders, bookings: booked.store, backend: "fixtures", now: { quoteTime }, timeZone: utc)
            .build(input: input, router: router, terminal: terminal).run()
        return terminal
    }

    @Test func theCalendarAloneGoesToStandardOutputOneEventPerFlight() async throws {
        let booked = try await Booked()
        let terminal = await run(FlightBookingsInput(request: .show(reference: "erdah6"), presentation: .ics), booked: booked)
        let ics = terminal.output
        #expect(ics == ItineraryCalendar.ics(for: booked.order, now: quoteTime))
        #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n") && ics.hasSuffix("END:VCALENDAR\r\n"))
        let flights = booked.order.slices.flatMap(\.segments)
        #expect(!flights.isEmpty)
        #expect(ics.components(separatedBy: "BEGIN:VEVENT\r\n").count - 1 == flights.count)
        #expect(ics.contains("DTSTAMP:20261122T110500Z"))
        #expect(ics.contains("STATUS:CONFIRMED"))
        #expect(!ics.contains("Booking ERDAH6 ·"))
        #expect(terminal.diagnostics.contains("Looking up booking ERDAH6"))
        #expect(router.exits == [.finished(.done)])
    }

    @Test func aCancelledBookingsEventsAreCancelled() async throws {
        let booked = try await Booked()
        _ = await run(FlightBookingsInput(request: .cancel(reference: "ERDAH6"), presentation: .text, assumeYes: true), booked: booked)
        let terminal = await run(FlightBookingsInput(request: .show(reference: "ERDAH6"), presentation: .ics), booked: booked)
        #expect(terminal.output.contains("STATUS:CANCELLED"))
        #expect(!terminal.output.contains("STATUS:CONFIRMED"))
        #expect(router.exits == [.finished(.done), .finished(.done)])
    }

    @Test func anUnknownReferenceWritesNothingToStandardOutput() async throws {
        let booked = try await Booked()
        let terminal = await run(FlightBookingsInput(request: .show(reference: "ZZZZZZ"), presentation: .ics), booked: booked)
        #expect(terminal.output.isEmpty)
        #expect(terminal.diagnostics.contains("There is no booking ZZZZZZ"))
        #expect(router.exits == [.finished(.notFound(reference: "ZZZZZZ"))])
    }

    @Test func aBookingThatCannotBeReadFailsWithoutACalendar() async throws {
        let booked = try await Booked()
        booked.orders.failReads(with: .timedOut)
        let terminal = await run(FlightBookingsInput(request: .show(reference: "ERDAH6"), presentation: .ics), booked: booked)
        #expect(!terminal.output.contains("BEGIN:VCALENDAR"))
        guard case .finished(.failed(let reason))? = router.exits.first else {
            Issue.record("expected a failure, got \(router.exits)")
            return
        }
        #expect(reason.contains("could not be read for a calendar"))
    }

    @Test func theCalendarIsWrittenAsItIsButNoOtherControlCharacter() {
        let terminal = VirtualTerminal()
        CalendarWriter(terminal: terminal).write(("BEGIN:VCALENDAR\r\nX:\u{1B}[2Ja\u{9B}b\u{202E}c\r\nEND:VCALENDAR\r\n"))
        #expect(terminal.output == "BEGIN:VCALENDAR\r\nX:[2Jabc\r\nEND:VCALENDAR\r\n")
    }
}
