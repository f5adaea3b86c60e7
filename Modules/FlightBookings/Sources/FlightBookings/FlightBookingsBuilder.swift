public import Foundation
public import ModuleCore
public import Services
import Trips
public import TerminalUI

/// Builds the bookings screen: the bookings kept on this machine, one booking in full from the API, and cancelling.
///
/// ```swift
/// let builder = FlightBookingsBuilder(orders: orderService, bookings: store, backend: "sandbox")
/// let screen = builder.build(
///     input: FlightBookingsInput(request: .list, highlight: order.bookingReference), router: appRouter,
///     terminal: terminal)
/// navigator.push(screen)
/// ```
public struct FlightBookingsBuilder {
    private let orders: any OrderService
    private let bookings: any BookingStore
    private let backend: String
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let recorder: SessionRecorder?
    private let offersChanges: Bool
    private let airlineChanges: (any AirlineChangeService)?
    private let extras: (any OrderExtrasService)?
    private let seatMaps: (any ExtrasService)?
    /// How long to wait before each read of an order after a lost answer (tests wait for nothing).
    var lookupDelays: [Duration] = LostAnswer.lookupDelays

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - orders: reads orders, finds pending bookings by their key, and cancels.
    ///   - bookings: the bookings kept on this machine; kept in step with the API.
    ///   - backend: which API this run talks to (`sandbox`, or the API's address); bookings made on another are
    ///     shown as kept, not looked up.
    ///   - now: the clock, for quote expiry and record times.
    ///   - timeZone: the traveller's time zone, for payment and quote deadlines.
    ///   - offersChanges: whether a booking's screen offers `m` to move a flight to another day, through
    ///     ``FlightBookingsRouter/navigateToChange(_:)`` (when the fare allows changes).
    ///   - airlineChanges: the airline's schedule changes to orders: a booking shows the one waiting for an answer
    ///   (its flights as they were and are now) and offers `a` to accept it; the list marks bookings with one
    ///   waiting. Without it, a change is shown as the order carries it, and cannot be accepted.
    ///   - extras: extras added after booking: a booking's screen offers `x` to add checked bags, priced before
    ///   anything is paid (a held booking adds them to what the hold costs).
    ///   - seatMaps: reads the booked offer's seat maps: with `extras`, seats are added to a booking made on this
    ///   machine, chosen on the screen ``FlightBookingsRouter/navigateToSeats(for:offerID:)`` shows (`s`) or named in
    ///   ``FlightBookingsInput/Request/addSeats(reference:seats:)``.
    ///   - recorder: when given, every action the screen reduces (and every answer of the flight service and the
    ///     booking store) is written to the session it records, so the session can be replayed (see ``replay``).
    public init(
        orders: any OrderService, bookings: any BookingStore, backend: String,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        recorder: SessionRecorder? = nil, offersChanges: Bool = false,
        airlineChanges: (any AirlineChangeService)? = nil, extras: (any OrderExtrasService)? = nil,
        seatMaps: (any ExtrasService)? = nil
    ) {
        self.extras = extras
        self.seatMaps = seatMaps
        self.recorder = recorder
        self.airlineChanges = airlineChanges
        self.offersChanges = offersChanges
        self.orders = orders
        self.bookings = bookings
        self.backend = backend
        self.now = now
        self.timeZone = timeZone
    }

    /// Wires the module for `input` and returns its screen; the caller (the App's navigator) is its only owner.
    @MainActor
    public func build(input: FlightBookingsInput, router: any FlightBookingsRouter, terminal: any Terminal) -> any Screen {
        runner(input: input, router: router, terminal: terminal)
    }

    /// The screen `build` returns, as its runner.
    @MainActor
    func runner(
        input: FlightBookingsInput, router: any FlightBookingsRouter, terminal: any Terminal
    ) -> ScreenRunner<FlightBookingsReducer> {
        let services = FlightBookingsServices(
            orders: orders, bookings: bookings, backend: backend, now: now, timeZone: timeZone,
            airlineChanges: airlineChanges, extras: extras, seatMaps: seatMaps, lookupDelays: lookupDelays)
        var state = FlightBookingsState(
            input: input, canAsk: terminal.isInteractive, backend: backend, storeLocation: services.storeLocation,
            timeZone: timeZone, now: services.now)
        state.offersChanges = offersChanges
        state.acceptsAirlineChanges = airlineChanges != nil
        state.addsExtras = extras != nil
        state.readsSeatMaps = seatMaps != nil
        if case .addBags(_, let each) = input.request { state.bagsPerPassenger = max(1, each) }
        let calendar = CalendarWriter(terminal: terminal)
        return ScreenRunner<FlightBookingsReducer>(
            state: state, terminal: terminal, recorder: recorder,
            outputIsForPrograms: [.json, .ics].contains(input.presentation),
            appearing: { .appeared(now: services.now) },
            perform: { work in await services.perform(work, calendar: calendar) },
            leave: { [weak router] route in
                switch route {
                case .search: router?.navigateToSearch()
                case .change(let order): router?.navigateToChange(order)
                case .seats(let order, let offerID):
                    // The seats screen is the App's: its answer comes back as an action.
                    let seats = await router?.navigateToSeats(for: order, offerID: offerID)
                    return .seatsChosen(seats, now: services.now)
                case .back: router?.navigateBack()
                case .finished(let outcome): router?.bookingsDidFinish(outcome)
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its recorded steps run through the module's reducer again and
    /// what they show is drawn on the terminal as the screen draws it, with no flight service or booking store called.
    public static var replay: ModuleReplay { .screen(FlightBookingsReducer.self) }
}

/// Writes an iCalendar file to standard output as it is.
@MainActor
final class CalendarWriter {
    private let terminal: any Terminal

    init(terminal: any Terminal) {
        self.terminal = terminal
    }

    /// ItineraryCalendar removed every control character from the server's text; this keeps the promise even so:
    /// nothing but the CRLF line ends reaches the terminal as a control character.
    func write(_ text: String) {
        terminal.write(UntrustedText.removingUnsafe(text))
    }
}

/// What the bookings screen shows and how.
public struct FlightBookingsInput: Sendable, Hashable, Codable {
    /// What is asked for.
    public enum Request: Sendable, Hashable, Codable {
        /// Every booking kept on this machine (`flights bookings`).
        case list
        /// One booking in full, refreshed from the API (`flights booking <reference>`).
        case show(reference: String)
        /// Cancel a booking: quote, confirm, cancel (`flights cancel <reference>`); with ``FlightBookingsInput/acceptedTotal``, only at
        /// that refund.
        case cancel(reference: String)
        /// Pay for a held booking: its current total, confirmed, then paid (`flights pay <reference>`).
        case pay(reference: String)
        /// Accept the airline's schedule change to a booking: the booking with the change shown, confirmed, then
        /// accepted (`flights booking <reference> --accept-change`).
        case acceptChange(reference: String)
        /// Add checked bags to a booking, `perPassenger` for each passenger on each flight: priced, confirmed, then
        /// added (`flights add-bags <reference>`). A paid booking pays them now; a held one adds them to its total.
        case addBags(reference: String, perPassenger: Int)
        /// Add seats to a booking made on this machine: `seats` holds one dictionary per passenger, in the booking's
        /// order, from a flight (its number, `ZZ117`, or route, `LHR-JFK`) to a seat (`14C`); checked on the booked
        /// offer's seat maps, priced, confirmed, then added (`flights seats <reference> --seat ZZ117=14C`).
        case addSeats(reference: String, seats: [[String: String]])
    }

    /// How it is shown.
    public enum Presentation: Sendable, Hashable, Codable {
        /// A screen in the App's flow: list → booking → cancel or back, `n` for a new search.
        case interactive
        /// Printed once for people; a cancel asks only on a terminal, and only without `assumeYes`.
        case text
        /// Printed once as JSON on standard output; everything else goes to diagnostics.
        case json
        /// For `.show`: the booking's flights as an iCalendar file (RFC 5545, one event per flight) on standard
        /// output; everything else goes to diagnostics.
        case ics
    }

    /// What is asked for.
    public var request: Request
    /// How it is shown.
    public var presentation: Presentation
    /// Confirm a cancellation, a payment, an airline change's acceptance, bags or seats without asking (`--yes`).
    public var assumeYes: Bool
    /// A payment's (or bags' or seats') total agreed beforehand (`--total`): when it is anything else, nothing is
    /// paid. For bags the airline sells to only some passengers and flights, it is what agrees to those.
    ///
    /// For ``FlightBookingsInput/Request/cancel(reference:)``, the refund agreed beforehand (`flights cancel
    /// --refund`): the quote's refund (`refund_amount`; none counts as zero, in the quote's currency) must be it. A
    /// quote that refunds anything else cancels nothing: the quote is printed (for
    /// ``FlightBookingsInput/Presentation/json``, as JSON on the output), an error names the refund now, and the run
    /// ends ``FlightBookingsOutcome/declined``.
    ///
    /// Read only off the interactive screen, where nothing is asked; `nil` agrees to any amount.
    public var acceptedTotal: Decimal?
    /// A booking reference to point at in the list (the one just booked).
    public var highlight: String?

    /// Creates an input.
    public init(
        request: Request = .list, presentation: Presentation = .interactive, assumeYes: Bool = false,
        highlight: String? = nil, acceptedTotal: Decimal? = nil
    ) {
        self.acceptedTotal = acceptedTotal
        self.request = request
        self.presentation = presentation
        self.assumeYes = assumeYes
        self.highlight = highlight
    }
}
