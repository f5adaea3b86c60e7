public import Entities
import Trips
public import Foundation
public import ModuleCore
public import Services
public import TerminalUI

/// Builds the summary screen: one offer in full, the price re-check, passenger details and the booking.
///
/// ```swift
/// let builder = FlightSummaryBuilder(offers: offerService, orders: orderService, bookings: store, backend: "sandbox")
/// let screen = builder.build(
///     input: FlightSummaryInput(offerID: offer.id, offer: offer, search: request),
///     router: appRouter, terminal: terminal)
/// navigator.push(screen)
/// ```
public struct FlightSummaryBuilder {
    private let offers: any OfferService
    private let orders: any OrderService
    private let bookings: any BookingStore
    private let backend: String
    private let now: @Sendable () -> Date
    private let timeZone: TimeZone
    private let makeBookingKey: @Sendable () -> String
    private let recorder: SessionRecorder?
    private let extras: (any ExtrasService)?

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - offers: re-reads the offer before details are asked and again before booking.
    ///   - orders: books, and finds a booking again after a lost answer.
    ///   - bookings: where every booking is written before success is shown.
    ///   - backend: which API holds the orders (`sandbox`, or the API's address), kept with each booking.
    ///   - now: the clock, for expiry and birth dates.
    ///   - timeZone: the traveller's time zone, for deadlines and for "today".
    ///   - makeBookingKey: makes the key kept in an order's metadata to find it after a lost answer.
    ///   - recorder: when given, every action the screen reduces (and every answer of the flight service) is written
    ///     to the session it records, so the session can be replayed (see ``replay``).
    ///   - extras: when given, the offer is read with the extra bags it sells (the review offers them) and the review
    ///     offers seats, through ``FlightSummaryRouter/summaryWantsSeats(for:chosen:)``.
    public init(
        offers: any OfferService, orders: any OrderService, bookings: any BookingStore, backend: String,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        makeBookingKey: @escaping @Sendable () -> String = { UUID().uuidString }, recorder: SessionRecorder? = nil,
        extras: (any ExtrasService)? = nil
    ) {
        self.recorder = recorder
        self.extras = extras
        self.offers = offers
        self.orders = orders
        self.bookings = bookings
        self.backend = backend
        self.now = now
        self.timeZone = timeZone
        self.makeBookingKey = makeBookingKey
    }

    /// Wires the module for `input` and returns its screen; the caller (the App's navigator) is its only owner.
    @MainActor
    public func build(input: FlightSummaryInput, router: any FlightSummaryRouter, terminal: any Terminal) -> any Screen {
        runner(input: input, router: router, terminal: terminal)
    }

    /// The screen `build` returns, as the runner it is.
    @MainActor
    func runner(
        input: FlightSummaryInput, router: any FlightSummaryRouter, terminal: any Terminal,
        services: FlightSummaryServices? = nil
    ) -> ScreenRunner<FlightSummaryReducer> {
        let services = services ?? self.services()
        let state = FlightSummaryState(
            input: input, storeLocation: services.storeLocation, timeZone: timeZone, now: services.now,
            seatsOffered: extras != nil)
        return ScreenRunner<FlightSummaryReducer>(
            state: state, terminal: terminal, recorder: recorder,
            appearing: { .appeared(now: services.now) },
            perform: { work in await services.perform(work) },
            leave: { [weak router] route in
                switch route {
                case .availability: router?.summaryDidGoBack()
                case .booked(let order): router?.summaryDidBook(order)
                case .madeEarlier(let record): router?.summaryDidFindBookingMadeEarlier(record)
                case .finished(let order): router?.summaryDidFinish(order)
                case .seats(let offer, let chosen):
                    if let seats = await router?.summaryWantsSeats(for: offer, chosen: chosen) { return .seatsChosen(seats) }
                }
                return nil
            })
    }

    /// What does the screen's work: its services, and the booking's lost-answer look-ups after `lookupDelays`.
    func services(lookupDelays: [Duration] = LostAnswer.lookupDelays) -> FlightSummaryServices {
        FlightSummaryServices(
            offers: offers, orders: orders, bookings: bookings, backend: backend, now: now, timeZone: timeZone,
            makeBookingKey: makeBookingKey, lookupDelays: lookupDelays, extras: extras)
    }

    /// How a recorded session replays this module: its recorded steps run through the module's reducer again and
    /// what they say is written on the terminal as the screen wrote it, with no flight service or booking store called.
    public static var replay: ModuleReplay { .screen(FlightSummaryReducer.self) }
}

/// What the summary screen shows: an offer, and the search it came from. The traveller types the passengers'
/// details and confirms; a booking with nothing to ask (`flights book OFFER --passengers FILE --yes`, the MCP
/// `book` tool) is the core's `BookTravellers` and `BookOffer`, with no screen.
public struct FlightSummaryInput: Sendable, Hashable, Codable {
    /// The offer to show and book, `off_…`.
    public var offerID: String
    /// The offer as selected in availability; `nil` for an offer known by its id only (it is fetched).
    public var offer: Offer?
    /// The search it came from (dates, ages), when known.
    public var search: SearchRequest?
    /// What Enter leads to once the booking is shown, in the words of "Press Enter to …" (Flights' app: "see your
    /// bookings"); `nil` says "continue". The composer decides where it goes (``FlightSummaryRouter/summaryDidFinish(_:)``).
    public var afterBooking: String?

    /// Creates an input.
    public init(offerID: String, offer: Offer? = nil, search: SearchRequest? = nil, afterBooking: String? = nil) {
        self.offerID = offerID
        self.offer = offer
        self.search = search
        self.afterBooking = afterBooking
    }
}
