public import Foundation
public import Services

/// What the trip's use cases work with: the flight service's protocols, the bookings kept on this machine, the name
/// they are kept under, and the clock. A screen, a command, an MCP tool or another team's service makes one and asks
/// the use cases (``BookOffer``, ``ListBookings``, ``CancelBooking``, …); the use cases know no terminal.
///
/// ```swift
/// let trips = TripServices(
///     places: duffel, offers: duffel, orders: duffel, bookings: try FileBookingStore(), backend: "sandbox")
/// let booked = await BookOffer(trips).book(request)
/// ```
public struct TripServices: Sendable {
    /// Finds airports and cities from text.
    public var places: (any PlaceService)?
    /// Searches and re-reads offers; `nil` for a face that only looks after bookings already made.
    public var offers: (any OfferService)?
    /// Searches whose offers arrive batch by batch; `nil` when the API has none (a search is then one answer).
    public var offerBatches: (any OfferBatchService)?
    /// Books, reads, pays and cancels orders.
    public var orders: any OrderService
    /// Reads an offer's seat maps and extra bags; `nil` when the API sells none.
    public var extras: (any ExtrasService)?
    /// Adds bags and seats to a booking already made; `nil` when the API adds none.
    public var orderExtras: (any OrderExtrasService)?
    /// The airline's own changes to bookings; `nil` when the API has none.
    public var airlineChanges: (any AirlineChangeService)?
    /// Moves a booking to other flights; `nil` when the API makes no changes.
    public var changes: (any OrderChangeService)?
    /// The bookings kept on this machine: every booking is written here before it is sent.
    public var bookings: any BookingStore
    /// The price watches kept on this machine, with their history; `nil` for a face that keeps none.
    public var watches: (any WatchStore)?
    /// The name bookings are kept under (`sandbox`, or the API's host): bookings of another are never looked up here.
    public var backend: String
    /// The clock.
    public var now: @Sendable () -> Date
    /// How long to wait before each read after a lost answer (`LostAnswer.lookupDelays`; tests wait for nothing).
    public var lookupDelays: [Duration]

    /// Creates the context of the trip's use cases.
    public init(
        places: (any PlaceService)? = nil, offers: (any OfferService)? = nil, orders: any OrderService,
        extras: (any ExtrasService)? = nil, orderExtras: (any OrderExtrasService)? = nil,
        airlineChanges: (any AirlineChangeService)? = nil, changes: (any OrderChangeService)? = nil,
        bookings: any BookingStore, backend: String, now: @escaping @Sendable () -> Date = { Date() },
        lookupDelays: [Duration] = LostAnswer.lookupDelays, offerBatches: (any OfferBatchService)? = nil,
        watches: (any WatchStore)? = nil
    ) {
        self.watches = watches
        self.places = places
        self.offers = offers
        self.offerBatches = offerBatches
        self.orders = orders
        self.extras = extras
        self.orderExtras = orderExtras
        self.airlineChanges = airlineChanges
        self.changes = changes
        self.bookings = bookings
        self.backend = backend
        self.now = now
        self.lookupDelays = lookupDelays.isEmpty ? [.zero] : lookupDelays
    }

    /// Where bookings are kept, for the traveller.
    public var storeLocation: String { bookings.location }
}
