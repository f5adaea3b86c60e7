import Entities
import FixtureServices
import Foundation
import Services
import TerminalUI
import Trips
@testable import FlightsApp

/// A command's context over the fixture services, on a virtual terminal: what the one-shot commands run with,
/// without a process. Lost answers are looked up again at once.
@MainActor
struct CommandBench {
    let terminal: VirtualTerminal
    let places = FixturePlaceService()
    let offers = FixtureOfferService()
    let orders = FixtureOrderService()
    let bookings = FixtureBookingStore()
    let extras: FixtureExtrasService
    let airlineChanges: FixtureAirlineChangeService
    let orderExtras: FixtureOrderExtrasService
    let changes: FixtureOrderChangeService
    /// Whether standard output carries data (`--json`): then everything for a person goes to standard error.
    var forPrograms = true
    /// The clock.
    var now: @Sendable () -> Date

    /// A bench writing data (`forPrograms`) or for a person, on a terminal that can answer (`isInteractive`) or not.
    init(forPrograms: Bool = true, isInteractive: Bool = false, now: @escaping @Sendable () -> Date = fixtureNow) {
        self.forPrograms = forPrograms
        self.now = now
        terminal = VirtualTerminal(columns: 80, isInteractive: isInteractive)
        extras = FixtureExtrasService(offers: offers)
        airlineChanges = FixtureAirlineChangeService(orders: orders)
        orderExtras = FixtureOrderExtrasService(orders: orders)
        changes = FixtureOrderChangeService(orders: orders)
    }

    var context: CommandContext {
        let backend = FlowServices(
            places: places, offers: offers, orders: orders, extras: extras, changes: changes,
            airlineChanges: airlineChanges, orderExtras: orderExtras, name: "fixtures", now: now,
            timeZone: TimeZone(identifier: "Europe/London") ?? .current)
        return CommandContext(
            terminal: terminal, writer: ScreenWriter(terminal: terminal, outputIsForPrograms: forPrograms), backend: backend,
            trip: TripServices(backend, bookings: bookings, lookupDelays: [.zero, .zero]))
    }

    /// What the run wrote, standard output and standard error, its lines joined: a sentence wrapped at the
    /// terminal's width reads whole.
    var said: String {
        (terminal.output + " " + terminal.diagnostics).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func search(_ from: String, _ to: String, json: Bool = true, limit: Int? = nil, grid: Bool = false) async -> FlowOutcome {
        await SearchCommand.search(
            TripQuery(legs: [.init(from: from, to: to, date: "2026-12-18")]),
            listing: SearchListing(order: .price, limit: limit, json: json), grid: grid, in: context)
    }

    /// The recorded order (ERDAH6: ZZ117 LHR → JFK on 18 Dec, Imogen Fairweather, £412.50) made at the fixture
    /// services, `type` instant or held, and its record kept here as the booking flow leaves it.
    @discardableResult
    func booked(_ type: OrderType = .instant) async throws -> Order {
        let passenger = PassengerDetails(
            id: "pas_0000BdlnJxvVWHajsjWoDW", title: .ms, gender: .female, givenName: "Imogen", familyName: "Fairweather",
            bornOn: CalendarDate("1990-04-12") ?? CalendarDate(dayNumber: 0), email: "imogen.fairweather@example.com",
            phoneNumber: "+442079460123")
        let order = try await orders.createOrder(OrderCreation(
            type: type, selectedOffers: ["off_0000Bf7EUcGQ22QJSC5NYu"], passengers: [passenger], payments: [],
            metadata: ["flights_booking_key": "key-1"]))
        let made = order.createdAt ?? now()
        let record = BookingRecord(
            bookingKey: "key-1", offerID: "off_0000Bf7EUcGQ22QJSC5NYu", backend: "fixtures",
            legs: [BookingRecord.Leg(
                origin: "LHR", destination: "JFK", departingAt: LocalDateTime("2026-12-18T08:25:00"),
                arrivingAt: LocalDateTime("2026-12-18T11:30:00"), flightNumbers: ["ZZ117"])],
            passengers: ["Imogen Fairweather"], total: Money(amount: 412.5, currency: "GBP"), state: .pending,
            createdAt: made, updatedAt: made)
        try bookings.save(record.updated(from: order, at: made))
        return order
    }
}
