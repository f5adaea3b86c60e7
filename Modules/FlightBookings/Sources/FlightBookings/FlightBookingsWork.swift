import Entities
import Foundation
import ModuleCore
import Services
import Trips

/// Work the bookings screen's rules ask for: a service call, or the clock read as an answer comes.
enum FlightBookingsWork: ScreenWork {
    /// The ids work runs under.
    enum ID: String, Hashable, Sendable, Codable {
        case load, lookUp, refresh, quote, cancel, pay, accept, bags, addExtras, clock
    }

    /// Read the bookings kept here, checking the pending ones.
    case loadBookings
    /// Find the booking with `reference`, here or at the flight service.
    case lookUp(reference: String)
    /// Read `record`'s order again.
    case refresh(BookingRecord)
    /// Ask what cancelling the order would refund.
    case quoteCancellation(orderID: String)
    /// Confirm `quote` for `booking` (shielded: never cancelled half-way).
    case confirmCancellation(OrderCancellation, Booking)
    /// Pay `amount` for `booking`'s held order (shielded: never cancelled half-way).
    case pay(Booking, amount: Money)
    /// Accept the airline's `change` to `booking` (shielded: never left half-way).
    case acceptAirlineChange(AirlineInitiatedChange, Booking)
    /// Ask what order `orderID` can still add.
    case offerBags(orderID: String)
    /// Add `quote`'s bags or seats to `booking` (shielded: never left half-way).
    case addExtras(ExtrasQuote, Booking)
    /// Read the clock for a yes/no answer (a quote may have expired while the traveller thought).
    case readClock(confirming: Bool)

    var id: ID {
        switch self {
        case .loadBookings: .load
        case .lookUp: .lookUp
        case .refresh: .refresh
        case .quoteCancellation: .quote
        case .confirmCancellation: .cancel
        case .pay: .pay
        case .acceptAirlineChange: .accept
        case .offerBags: .bags
        case .addExtras: .addExtras
        case .readClock: .clock
        }
    }

    var isShielded: Bool {
        switch self {
        case .confirmCancellation, .pay, .acceptAirlineChange, .addExtras: true
        default: false
        }
    }
}

/// Does the bookings screen's work by asking the trip's core (Trips' use cases), each answer an action carrying the
/// time it came. No rules here: what to ask and what an answer means are the reducer's; how money moves safely is the
/// core's.
struct FlightBookingsServices: Sendable {
    let trip: TripServices
    let timeZone: TimeZone

    init(
        orders: any OrderService, bookings: any BookingStore, backend: String, now: @escaping @Sendable () -> Date,
        timeZone: TimeZone, airlineChanges: (any AirlineChangeService)? = nil,
        extras: (any OrderExtrasService)? = nil, seatMaps: (any ExtrasService)? = nil,
        lookupDelays: [Duration] = LostAnswer.lookupDelays
    ) {
        trip = TripServices(
            orders: orders, extras: seatMaps, orderExtras: extras, airlineChanges: airlineChanges, bookings: bookings,
            backend: backend, now: now, lookupDelays: lookupDelays)
        self.timeZone = timeZone
    }

    /// The current instant.
    var now: Date { trip.now() }

    /// Where bookings are kept, for the traveller.
    var storeLocation: String { trip.storeLocation }

    /// Does `work` and returns the action that answers it.
    func perform(_ work: FlightBookingsWork) async -> FlightBookingsAction? {
        let bookings = ListBookings(trip)
        switch work {
        case .loadBookings:
            let result = await bookings.list()
            return .bookingsLoaded(Outcome(result), now: now)
        case .lookUp(let reference):
            let lookup = await bookings.booking(reference: reference)
            return .lookedUp(lookup, now: now)
        case .refresh(let record):
            let booking = await bookings.refresh(record)
            return .refreshed(booking, now: now)
        case .quoteCancellation(let orderID):
            let result = await CancelBooking(trip).quote(orderID: orderID)
            return .quoted(Outcome(result), now: now)
        case .confirmCancellation(let quote, let booking):
            let outcome = await CancelBooking(trip).confirm(quote, of: booking)
            return .cancellationConfirmed(outcome, now: now)
        case .pay(let booking, let amount):
            let outcome = await PayHold(trip).pay(booking, amount: amount)
            return .paid(outcome, now: now)
        case .acceptAirlineChange(let change, let booking):
            let outcome = await AcceptAirlineChange(trip).accept(change, of: booking)
            return .airlineChangeAnswered(outcome, now: now)
        case .offerBags(let orderID):
            let result = await AddExtras(trip).availableServices(orderID: orderID)
            return .bagsOffered(Outcome(result), now: now)
        case .addExtras(let quote, let booking):
            let outcome = await AddExtras(trip).add(quote, to: booking)
            return .extrasAdded(outcome, now: now)
        case .readClock(let yes):
            return .confirmed(yes, now: now)
        }
    }
}
