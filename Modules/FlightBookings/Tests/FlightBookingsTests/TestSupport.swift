import Entities
import FixtureServices
import Foundation
import Services
@testable import Trips
import ModuleCore
import ModuleTesting
import Synchronization
import TerminalUI
@testable import FlightBookings
import TravelText

/// The recorded order is made at 10:24 UTC on 2026-11-22; its cancellation quote is made at 11:02 and expires at 11:32.
let orderTime = Date(timeIntervalSince1970: 1_795_343_091)  // 2026-11-22T10:24:51Z
let quoteTime = Date(timeIntervalSince1970: 1_795_345_500)  // 2026-11-22T11:05:00Z
let afterQuoteExpiry = Date(timeIntervalSince1970: 1_795_347_600)  // 2026-11-22T11:40:00Z
let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

/// A calendar date from a literal; a typo fails the test that uses it rather than crashing.
func day(_ text: String) -> CalendarDate {
    CalendarDate(text) ?? CalendarDate(dayNumber: 0)
}

/// An order body as FlightSummary sends it, carrying `key` in its metadata.
func orderBody(key: String, type: OrderType = .instant) -> OrderCreation {
    OrderCreation(
        type: type, selectedOffers: ["off_0000Bf7EUcGQ22QJSC5NYu"],
        passengers: [PassengerDetails(
            id: "pas_0000BdlnJxvVWHajsjWoDW", title: .ms, gender: .female, givenName: "Imogen",
            familyName: "Fairweather", bornOn: day("1990-04-12"), email: "imogen.fairweather@example.com",
            phoneNumber: "+442079460123")],
        payments: [], metadata: ["flights_booking_key": key])
}

/// A record as FlightSummary writes it before sending the order.
func pendingRecord(key: String, at date: Date, backend: String = "fixtures") -> BookingRecord {
    BookingRecord(
        bookingKey: key, offerID: "off_0000Bf7EUcGQ22QJSC5NYu", backend: backend,
        legs: [BookingRecord.Leg(
            origin: "LHR", destination: "JFK", departingAt: LocalDateTime("2026-12-18T08:25:00"),
            arrivingAt: LocalDateTime("2026-12-18T11:30:00"), flightNumbers: ["ZZ117"])],
        passengers: ["Imogen Fairweather"], total: Money(amount: 412.5, currency: "GBP"), state: .pending,
        createdAt: date, updatedAt: date)
}

/// The orders service and the store after one confirmed booking, as FlightSummary leaves them.
struct Booked {
    let orders: FixtureOrderService
    let store: FixtureBookingStore
    let order: Order
    let record: BookingRecord

    init(type: OrderType = .instant) async throws {
        orders = FixtureOrderService()
        order = try await orders.createOrder(orderBody(key: "key-1", type: type))
        record = pendingRecord(key: "key-1", at: orderTime).updated(from: order, at: orderTime)
        store = FixtureBookingStore(records: [record])
    }
}

/// The label/value rows the views show are TerminalUI's rows.
typealias BookingsRow = KeyValueList.Row
/// The messages the views show are TerminalUI's notices.
typealias BookingsMessage = Notice

extension Notice {
    /// The message's text.
    var text: String { message }
}

/// The bookings screen's runner, built as the Builder builds it, on a virtual terminal, with the router kept here.
/// Tests send what the traveller does as the runner reads it, and wait for the work it starts to be answered.
@MainActor
struct Harness {
    let runner: ScreenRunner<FlightBookingsReducer>
    let terminal: VirtualTerminal
    let router: SpyRouter
    let now: Date

    init(
        _ input: FlightBookingsInput, orders: any OrderService, store: any BookingStore, now: Date = quoteTime,
        canAsk: Bool = false, airlineChanges: (any AirlineChangeService)? = nil,
        extras: (any OrderExtrasService)? = nil, seatMaps: (any ExtrasService)? = nil
    ) {
        var builder = FlightBookingsBuilder(
            orders: orders, bookings: store, backend: "fixtures", now: { now }, timeZone: utc,
            airlineChanges: airlineChanges, extras: extras, seatMaps: seatMaps)
        builder.lookupDelays = [.zero, .zero]
        terminal = VirtualTerminal(columns: 160, isInteractive: canAsk)
        router = SpyRouter()
        self.now = now
        runner = builder.runner(input: input, router: router, terminal: terminal)
    }

    /// Everything the screen knows now.
    var state: FlightBookingsState { runner.state }
    /// The question asked now.
    var prompt: BookingsPrompt? { FlightBookingsReducer.screen(state).question == nil ? nil : state.prompt }
    /// The list as the page shows it.
    var list: BookingListViewModel { state.listViewModel() }
    /// The booking open, as the page (or the print) shows it.
    var detail: BookingDetailViewModel? { state.current.map(state.text.detail) }
    /// What was written for people, as plain text.
    var text: String { terminal.text + terminal.diagnostics }

    /// The screen is shown, as the runner shows it: the clock read.
    func appear() async {
        runner.send(.appeared(now: now))
        await runner.settled()
    }

    /// A line typed at the question asked (a yes/no answer too).
    func answer(_ line: String) async {
        if let action = FlightBookingsReducer.action(for: .line(line), in: state) { runner.send(action) }
        await runner.settled()
    }

    /// Esc.
    func goBack() async {
        if let action = FlightBookingsReducer.action(for: .back, in: state) { runner.send(action) }
        await runner.settled()
    }

    /// How many times `fragment` was written.
    func count(_ fragment: String) -> Int {
        text.components(separatedBy: fragment).count - 1
    }
}

/// Every way the screen left, in order.
@MainActor
final class SpyRouter: FlightBookingsRouter {
    enum Exit: Equatable {
        case search
        case back
        case change(String)
    }

    private(set) var exits: [Exit] = []

    func bookingsDidAskForSearch() { exits.append(.search) }
    func bookingsDidGoBack() { exits.append(.back) }
    func bookingsDidAskToChange(_ order: Order) { exits.append(.change(order.bookingReference)) }
    /// The offers whose seats screen was asked for, and what it answers.
    private(set) var seatsAsked: [String] = []
    var seatsToChoose: [SeatChoice]?
    func bookingsWantSeats(for order: Order, offerID: String) async -> [SeatChoice]? {
        seatsAsked.append(offerID)
        return seatsToChoose
    }
}

extension CancellationOutcome {
    /// The cancellation, when it was done.
    var done: CancellationDone? {
        if case .cancelled(let done, _) = self { return done }
        return nil
    }
}

/// The screen's work asks the trip's core; these name the core's use cases as the work's tests call them.
extension FlightBookingsServices {
    func loadBookings() async -> Result<BookingList, BookingStoreError> { await ListBookings(trip).list() }
    func booking(reference: String) async -> BookingLookup { await ListBookings(trip).booking(reference: reference) }
    func refresh(_ record: BookingRecord) async -> Booking { await ListBookings(trip).refresh(record) }
    func quoteCancellation(orderID: String) async -> Result<OrderCancellation, ServiceError> {
        await CancelBooking(trip).quote(orderID: orderID)
    }
    func confirmCancellation(_ quote: OrderCancellation, of booking: Booking) async -> CancellationOutcome {
        await CancelBooking(trip).confirm(quote, of: booking)
    }
    func pay(_ booking: Booking, amount: Money) async -> PaymentOutcome { await PayHold(trip).pay(booking, amount: amount) }
    func accept(_ change: AirlineInitiatedChange, of booking: Booking) async -> AirlineChangeOutcome {
        await AcceptAirlineChange(trip).accept(change, of: booking)
    }
    func availableServices(orderID: String) async -> Result<[AvailableService], ServiceError> {
        await AddExtras(trip).availableServices(orderID: orderID)
    }
    func add(_ quote: ExtrasQuote, to booking: Booking) async -> ExtrasOutcome { await AddExtras(trip).add(quote, to: booking) }
    func follow(_ order: Order, record: BookingRecord) -> Booking { trip.follow(order, record: record) }
    func withAirlineChanges(_ order: Order) async -> Order { await trip.withAirlineChanges(order) }
}
