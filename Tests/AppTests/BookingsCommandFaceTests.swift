import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Testing
import Trips
@testable import FlightsApp

/// `flights bookings` as a face over the core's `ListBookings`, on the fixture services.
@MainActor
@Suite("flights bookings: a face over the core")
struct BookingsCommandFaceTests {
    /// A booking made through the core on `bench`'s services, so the list has one.
    private func booked(_ bench: CommandBench) async throws -> Order {
        let offer = try FixtureFile.offer.decode(DataEnvelope<Offer>.self).data
        let passenger = PassengerDetails(
            id: offer.passengers[0].id, title: .ms, gender: .female, givenName: "Imogen", familyName: "Fairweather",
            bornOn: CalendarDate(year: 2000, month: 4, day: 12) ?? CalendarDate(dayNumber: 0),
            email: "imogen@example.com", phoneNumber: "+442079460123")
        let request = OfferBooking(
            offer: offer, passengers: [passenger], slots: PassengerSlot.slots(for: offer, search: nil), type: .instant)
        guard case .booked(let order, _, _) = await BookOffer(bench.context.trip).book(request) else {
            throw BookingsFaceFailure.notBooked
        }
        return order
    }

    @Test("as JSON: the records kept, and nothing else on standard output")
    func json() async throws {
        let bench = CommandBench(forPrograms: true)
        let order = try await booked(bench)
        #expect(await BookingsCommand.list(json: true, in: bench.context) == .done)
        let records = try DuffelJSON.decoder().decode([BookingRecord].self, from: Data(bench.terminal.output.utf8))
        #expect(records.map(\.bookingReference) == [order.bookingReference])
        #expect(bench.terminal.diagnostics.contains("Reading your bookings"))
    }

    @Test("as JSON: a booking whose times the airline changed is marked airline_change_waiting, the others not")
    func airlineChangeMarked() async throws {
        let bench = CommandBench(forPrograms: true)
        let order = try await booked(bench)
        #expect(await BookingsCommand.list(json: true, in: bench.context) == .done)
        var listed = try #require(try JSONSerialization.jsonObject(with: Data(bench.terminal.output.utf8)) as? [[String: Any]])
        #expect(listed.first?["airline_change_waiting"] as? Bool == false)
        bench.airlineChanges.scheduleChange(orderID: order.id, movedBy: 3, at: fixtureNow())
        bench.terminal.clearOutput()
        #expect(await BookingsCommand.list(json: true, in: bench.context) == .done)
        listed = try #require(try JSONSerialization.jsonObject(with: Data(bench.terminal.output.utf8)) as? [[String: Any]])
        #expect(listed.first?["airline_change_waiting"] as? Bool == true)
        #expect(listed.first?["booking_reference"] as? String == order.bookingReference)
    }

    @Test("as text: the table whole, with where the bookings are kept")
    func text() async throws {
        let bench = CommandBench(forPrograms: false)
        let order = try await booked(bench)
        #expect(await BookingsCommand.list(json: false, in: bench.context) == .done)
        #expect(bench.terminal.output.contains("Your bookings"))
        #expect(bench.terminal.output.contains(order.bookingReference))
        #expect(bench.terminal.output.contains("Confirmed"))
    }

    @Test("a bookings file that cannot be read: said, exit 73, nothing on standard output as data")
    func unreadable() async {
        let bench = CommandBench(forPrograms: true)
        let failure = BookingStoreError.io(path: "/tmp/bookings.json", reason: "permission denied")
        bench.bookings.fail(with: failure)
        let outcome = await BookingsCommand.list(json: true, in: bench.context)
        #expect(outcome == .cannotUseBookingsFile && outcome.exitCode == 73)
        #expect(bench.terminal.output.isEmpty)
        #expect(bench.terminal.diagnostics.contains("permission denied"))
    }
}

private enum BookingsFaceFailure: Error { case notBooked }
