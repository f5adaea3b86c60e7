import FlightAvailability
import FlightBookings
import FlightChange
import FlightSearch
import FlightSeats
import FlightSummary
import FlightWatches
import Foundation
import ModuleCore
import Services
import TerminalUI

/// The one place that knows concrete services: it holds each module's Builder, made with the backend's services,
/// and the terminal every screen talks to.
@MainActor
struct ModuleFactory {
    let terminal: any Terminal
    let searchBuilder: FlightSearchBuilder
    let availabilityBuilder: FlightAvailabilityBuilder
    let summaryBuilder: FlightSummaryBuilder
    let bookingsBuilder: FlightBookingsBuilder
    /// `nil` when the backend reads no seat maps (then the summary offers no seats).
    let seatsBuilder: FlightSeatsBuilder?
    /// `nil` when the backend makes no order changes.
    let changeBuilder: FlightChangeBuilder?
    /// `nil` when no watches store was given.
    let watchesBuilder: FlightWatchesBuilder?

    init(
        terminal: any Terminal, places: any PlaceService, offers: any OfferService, orders: any OrderService,
        bookings: any BookingStore, backendName: String, extras: (any ExtrasService)? = nil,
        changes: (any OrderChangeService)? = nil, airlineChanges: (any AirlineChangeService)? = nil,
        orderExtras: (any OrderExtrasService)? = nil, offerBatches: (any OfferBatchService)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
        recorder: SessionRecorder? = nil, makeBookingKey: @escaping @Sendable () -> String = { UUID().uuidString },
        watches: (any WatchStore)? = nil
    ) {
        self.terminal = terminal
        searchBuilder = FlightSearchBuilder(places: places, now: now, timeZone: timeZone, recorder: recorder)
        availabilityBuilder = FlightAvailabilityBuilder(
            offers: offers, batches: offerBatches, now: now, timeZone: timeZone, recorder: recorder, watches: watches,
            backend: backendName)
        summaryBuilder = FlightSummaryBuilder(
            offers: offers, orders: orders, bookings: bookings, backend: backendName, now: now, timeZone: timeZone,
            makeBookingKey: makeBookingKey, recorder: recorder, extras: extras)
        seatsBuilder = extras.map { FlightSeatsBuilder(extras: $0, recorder: recorder) }
        changeBuilder = changes.map {
            FlightChangeBuilder(changes: $0, orders: orders, now: now, timeZone: timeZone, recorder: recorder)
        }
        watchesBuilder = watches.map {
            FlightWatchesBuilder(
                watches: $0, offers: offers, batches: offerBatches, now: now, timeZone: timeZone, recorder: recorder,
                backend: backendName)
        }
        bookingsBuilder = FlightBookingsBuilder(
            orders: orders, bookings: bookings, backend: backendName, now: now, timeZone: timeZone,
            recorder: recorder, offersChanges: changes != nil, airlineChanges: airlineChanges, extras: orderExtras,
            seatMaps: extras)
    }

    /// The builders over `services`, with their clock and time zone.
    init(
        terminal: any Terminal, services: FlowServices, bookings: any BookingStore, recorder: SessionRecorder? = nil,
        makeBookingKey: @escaping @Sendable () -> String = { UUID().uuidString }, watches: (any WatchStore)? = nil
    ) {
        self.init(
            terminal: terminal, places: services.places, offers: services.offers, orders: services.orders,
            bookings: bookings, backendName: services.name, extras: services.extras, changes: services.changes,
            airlineChanges: services.airlineChanges, orderExtras: services.orderExtras,
            offerBatches: services.offerBatches, now: services.now,
            timeZone: services.timeZone, recorder: recorder, makeBookingKey: makeBookingKey, watches: watches)
    }

    /// How a recorded session replays each module.
    static let replays: [ModuleReplay] = [
        FlightSearchBuilder.replay, FlightAvailabilityBuilder.replay, FlightSummaryBuilder.replay,
        FlightBookingsBuilder.replay, FlightSeatsBuilder.replay, FlightChangeBuilder.replay, FlightWatchesBuilder.replay,
    ]

    func search(input: FlightSearchInput, router: any FlightSearchRouter) -> any Screen {
        searchBuilder.build(input: input, router: router, terminal: terminal)
    }

    func availability(input: FlightAvailabilityInput, router: any FlightAvailabilityRouter) -> any Screen {
        availabilityBuilder.build(input: input, router: router, terminal: terminal)
    }

    /// The watches screen; `nil` when no watches store was given.
    func watches(input: FlightWatchesInput, router: any FlightWatchesRouter) -> (any Screen)? {
        watchesBuilder?.build(input: input, router: router, terminal: terminal)
    }

    func summary(input: FlightSummaryInput, router: any FlightSummaryRouter) -> any Screen {
        summaryBuilder.build(input: input, router: router, terminal: terminal)
    }

    /// The seats screen, when the backend reads seat maps.
    func seats(input: FlightSeatsInput, router: any FlightSeatsRouter) -> (any Screen)? {
        seatsBuilder?.build(input: input, router: router, terminal: terminal)
    }

    /// The change screen, when the backend makes order changes.
    func change(input: FlightChangeInput, router: any FlightChangeRouter) -> (any Screen)? {
        changeBuilder?.build(input: input, router: router, terminal: terminal)
    }

    func bookings(input: FlightBookingsInput, router: any FlightBookingsRouter) -> any Screen {
        bookingsBuilder.build(input: input, router: router, terminal: terminal)
    }
}
