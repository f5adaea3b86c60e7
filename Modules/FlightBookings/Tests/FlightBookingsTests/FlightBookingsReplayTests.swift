import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightBookings

/// A session recorded through the Builder replays step for step through ``FlightBookingsBuilder/replay``.
@MainActor
@Suite("FlightBookings recording and replay")
struct FlightBookingsReplayTests {
    private func record(_ input: FlightBookingsInput, booked: Booked, typing lines: [String] = []) async throws -> (String, Int) {
        var written = Data()
        let recorder = SessionRecorder(write: { written.append($0) })
        let terminal = VirtualTerminal(columns: 120)
        let screen = FlightBookingsBuilder(
            orders: booked.orders, bookings: booked.store, backend: "fixtures", now: { quoteTime }, timeZone: utc,
            recorder: recorder
        ).build(input: input, router: SpyRouter(), terminal: terminal)
        for line in lines { terminal.enter(line) }
        await screen.run()
        return (String(decoding: written, as: UTF8.self), recorder.stepCount)
    }

    @Test func aCancelReplays() async throws {
        let booked = try await Booked()
        let input = FlightBookingsInput(request: .show(reference: "ERDAH6"))
        let (session, steps) = try await record(input, booked: booked, typing: ["c", "y", "n"])
        // Appeared, looked up, c, quoted, y, the clock read, cancelled, n.
        #expect(steps == 8)
        #expect(!session.contains("Imogen"))
        let report = try SessionReplayer(modules: [FlightBookingsBuilder.replay], terminal: VirtualTerminal()).replay(session)
        #expect(report == ReplayReport(matched: steps, divergence: nil))
    }

    @Test func anInteractiveSessionReplays() async throws {
        let booked = try await Booked()
        let (session, steps) = try await record(FlightBookingsInput(), booked: booked, typing: ["1", "b", "n"])
        // Appeared, the list read, 1, the booking read, b, the list read, n.
        #expect(steps == 7)
        let terminal = VirtualTerminal(columns: 120)
        let report = try SessionReplayer(modules: [FlightBookingsBuilder.replay], terminal: terminal).replay(session)
        #expect(report == ReplayReport(matched: steps, divergence: nil))
        #expect(terminal.text.contains("Booking ERDAH6 · Confirmed"))
    }
}
