import CurlHTTP
import DuffelServices
import Entities
import FlightAvailability
import FlightSummary
import Foundation
import LocalStore
@testable import rebook
import SandboxServer
import Services
import TerminalUI
import Testing

/// End to end: the team's flow over HTTP (Flights' Duffel client on libcurl) against Flights' sandbox started in this
/// process on a free port, the booking kept in a bookings file as `rebook` keeps it.
@MainActor
@Suite("Rebooking against Flights' sandbox, in process")
struct RebookingSandboxTests {
    @Test("a traveller rebooks LHR → JFK a month ahead: the order is in the sandbox and in the bookings file")
    func booksAgainstTheSandbox() async throws {
        let today = CalendarDate(Date(), in: Recording.zone)
        let search = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: CalendarDate(dayNumber: today.dayNumber + 30))],
            passengers: [.adult])
        try await withSandbox { duffel, directory in
            let bookings = FileBookingStore(directory: directory.appendingPathComponent("flights", isDirectory: true))
            let terminal = VirtualTerminal(columns: 100)
            let flow = RebookingFlow(
                availability: FlightAvailabilityBuilder(offers: duffel.offerService),
                summary: FlightSummaryBuilder(
                    offers: duffel.offerService, orders: duffel.orderService, bookings: bookings, backend: "sandbox"),
                terminal: terminal)
            let running = Task { await flow.run(search) }
            defer { running.cancel() }  // a wait that throws leaves the flow waiting for input
            try await Traveller.book(offer: "1", on: terminal, serverWait: .seconds(60))
            await waitForEnd(of: running, on: terminal)

            guard case .booked(let reference) = flow.result else {
                Issue.record("The flow ended \(flow.result), not booked:\n\(terminal.text)")
                return
            }
            let found = try await duffel.orderService.orders(OrderQuery(bookingReference: reference))
            #expect(found.items.map(\.bookingReference) == [reference])
            #expect(found.items.first?.passengers.first?.familyName == Traveller.familyName)
            #expect(try bookings.record(reference: reference)?.state == .confirmed)
        }
    }

    /// Runs `body` with Flights' Duffel client on a sandbox of its own (orders kept in a scratch directory), and stops
    /// both and removes the directory afterwards, whatever `body` does.
    private func withSandbox(_ body: (DuffelClient, URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rebooking-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sandbox = try await Sandbox.start(
            SandboxConfiguration(dataDirectory: directory.appendingPathComponent("sandbox", isDirectory: true), logLevel: .quiet))
        let http: HTTPClient
        do {
            http = try HTTPClient()
        } catch {
            await sandbox.stop()
            throw error
        }
        let duffel = DuffelClient(
            configuration: DuffelConfiguration(baseURL: sandbox.baseURL, accessToken: "duffel_test_rebooking"),
            transport: http)
        do {
            try await body(duffel, directory)
        } catch {
            await http.shutdown()
            await sandbox.stop()
            throw error
        }
        await http.shutdown()
        await sandbox.stop()
    }
}
