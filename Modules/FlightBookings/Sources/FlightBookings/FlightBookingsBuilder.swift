public import Foundation
public import ModuleCore
public import Services
import Trips
public import TerminalUI

/// Builds the bookings screen: the bookings kept on this machine, one booking in full from the API, and what can be
/// done from it (cancel, pay a hold, accept the airline's new times, add bags or seats, move a flight), each asked of
/// the traveller before the trip's core does it.
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
    ///     ``FlightBookingsRouter/bookingsDidAskToChange(_:)`` (when the fare allows changes).
    ///   - airlineChanges: the airline's schedule changes to orders: a booking shows the one waiting for an answer
    ///   (its flights as they were and are now) and offers `a` to accept it; the list marks bookings with one
    ///   waiting. Without it, a change is shown as the order carries it, and cannot be accepted.
    ///   - extras: extras added after booking: a booking's screen offers `x` to add checked bags, priced before
    ///   anything is paid (a held booking adds them to what the hold costs).
    ///   - seatMaps: reads the booked offer's seat maps: with `extras`, seats are added to a booking made on this
    ///   machine, chosen on the screen ``FlightBookingsRouter/bookingsWantSeats(for:offerID:)`` shows (`s`).
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
        return ScreenRunner<FlightBookingsReducer>(
            state: state, terminal: terminal, recorder: recorder,
            appearing: { .appeared(now: services.now) },
            perform: { work in await services.perform(work) },
            leave: { [weak router] route in
                switch route {
                case .search: router?.bookingsDidAskForSearch()
                case .change(let order): router?.bookingsDidAskToChange(order)
                case .seats(let order, let offerID):
                    // The seats screen is the App's: its answer comes back as an action.
                    let seats = await router?.bookingsWantSeats(for: order, offerID: offerID)
                    return .seatsChosen(seats, now: services.now)
                case .back: router?.bookingsDidGoBack()
                }
                return nil
            })
    }

    /// How a recorded session replays this module: its recorded steps run through the module's reducer again and
    /// what they show is drawn on the terminal as the screen draws it, with no flight service or booking store called.
    public static var replay: ModuleReplay { .screen(FlightBookingsReducer.self) }
}

/// What the bookings screen opens on.
public struct FlightBookingsInput: Sendable, Hashable, Codable {
    /// What is asked for.
    public enum Request: Sendable, Hashable, Codable {
        /// Every booking kept on this machine.
        case list
        /// One booking in full, refreshed from the API (after a change, say); one not found says so over the list.
        case show(reference: String)
    }

    /// What is asked for.
    public var request: Request
    /// A booking reference to point at in the list (the one just booked).
    public var highlight: String?

    /// Creates an input.
    public init(request: Request = .list, highlight: String? = nil) {
        self.request = request
        self.highlight = highlight
    }
}
