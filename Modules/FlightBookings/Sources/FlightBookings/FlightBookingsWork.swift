import Entities
import Foundation
import ModuleCore
import Services

/// Work the bookings screen's rules ask for: a service call, or the clock read as an answer comes.
enum FlightBookingsWork: ScreenWork {
    /// The ids work runs under.
    enum ID: String, Hashable, Sendable, Codable {
        case load, lookUp, refresh, quote, cancel, pay, accept, bags, seatMaps, addExtras, clock, calendar
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
    /// Read the seat maps of offer `offerID` (the booked offer, whose seats the order can still add).
    case readSeatMaps(offerID: String)
    /// Add `quote`'s bags or seats to `booking` (shielded: never left half-way).
    case addExtras(ExtrasQuote, Booking)
    /// Read the clock for a yes/no answer (a quote may have expired while the traveller thought).
    case readClock(confirming: Bool)
    /// Write an iCalendar file to standard output as it is (CRLF line ends), with nothing a terminal would obey.
    case writeCalendar(String)

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
        case .readSeatMaps: .seatMaps
        case .addExtras: .addExtras
        case .readClock: .clock
        case .writeCalendar: .calendar
        }
    }

    var isShielded: Bool {
        switch self {
        case .confirmCancellation, .pay, .acceptAirlineChange, .addExtras, .writeCalendar: true
        default: false
        }
    }
}

/// The service calls the bookings screen's rules ask for, each answered as an action carrying the time it came.
/// No rules here: what to ask and what an answer means are the reducer's.
struct FlightBookingsServices: Sendable {
    let orders: any OrderService
    /// The airline's changes to orders; `nil` when the backend has none to show or accept.
    let airlineChanges: (any AirlineChangeService)?
    /// Extras added after booking; `nil` when the backend adds none.
    let extras: (any OrderExtrasService)?
    /// Seat maps of the booked offer; `nil` when the backend reads none.
    let seatMapService: (any ExtrasService)?
    private let bookings: any BookingStore
    let backend: String
    let clock: @Sendable () -> Date
    let timeZone: TimeZone
    /// How long to wait before each read of an order after a lost answer (a cancellation, a payment).
    let lookupDelays: [Duration]

    init(
        orders: any OrderService, bookings: any BookingStore, backend: String, now: @escaping @Sendable () -> Date,
        timeZone: TimeZone, airlineChanges: (any AirlineChangeService)? = nil,
        extras: (any OrderExtrasService)? = nil, seatMaps: (any ExtrasService)? = nil,
        lookupDelays: [Duration] = LostAnswer.lookupDelays
    ) {
        self.extras = extras
        self.seatMapService = seatMaps
        self.airlineChanges = airlineChanges
        self.lookupDelays = lookupDelays.isEmpty ? [.zero] : lookupDelays
        self.orders = orders
        self.bookings = bookings
        self.backend = backend
        self.clock = now
        self.timeZone = timeZone
    }

    /// The current instant.
    var now: Date { clock() }

    /// Where bookings are kept, for the traveller.
    var storeLocation: String { bookings.location }

    /// Does `work` and returns the action that answers it; a calendar is written through `calendar`.
    func perform(_ work: FlightBookingsWork, calendar: CalendarWriter) async -> FlightBookingsAction? {
        switch work {
        case .loadBookings:
            let result = await loadBookings()
            return .bookingsLoaded(Outcome(result), now: now)
        case .lookUp(let reference):
            let lookup = await booking(reference: reference)
            return .lookedUp(lookup, now: now)
        case .refresh(let record):
            let booking = await refresh(record)
            return .refreshed(booking, now: now)
        case .quoteCancellation(let orderID):
            let result = await quoteCancellation(orderID: orderID)
            return .quoted(Outcome(result), now: now)
        case .confirmCancellation(let quote, let booking):
            let outcome = await confirmCancellation(quote, of: booking)
            return .cancellationConfirmed(outcome, now: now)
        case .pay(let booking, let amount):
            let outcome = await pay(booking, amount: amount)
            return .paid(outcome, now: now)
        case .acceptAirlineChange(let change, let booking):
            let outcome = await accept(change, of: booking)
            return .airlineChangeAnswered(outcome, now: now)
        case .offerBags(let orderID):
            let result = await availableServices(orderID: orderID)
            return .bagsOffered(Outcome(result), now: now)
        case .readSeatMaps(let offerID):
            let result = await seatMaps(offerID: offerID)
            return .seatMapsRead(Outcome(result), now: now)
        case .addExtras(let quote, let booking):
            let outcome = await add(quote, to: booking)
            return .extrasAdded(outcome, now: now)
        case .readClock(let yes):
            return .confirmed(yes, now: now)
        case .writeCalendar(let text):
            await calendar.write(text)
            return .calendarWritten
        }
    }

    // MARK: The list

    /// Every booking kept here, newest first, the pending ones of this API settled by Services' ``BookingLedger``
    /// (its rules: found means booked; not found, pending until it lapses).
    func loadBookings() async -> Result<BookingList, BookingStoreError> {
        let records: [BookingRecord]
        do {
            records = try bookings.records()
        } catch {
            return .failure(error)
        }
        let pending = records.filter { $0.state == .pending && $0.backend == backend }
        var list = BookingList(records: records, reconciliations: [])
        if !pending.isEmpty {
            let reconciled = await BookingLedger(orders: orders, store: bookings, now: clock).reconcile(pending)
            list = BookingList(
                records: reconciled.applied(to: records), reconciliations: reconciled.outcomes,
                storeProblem: reconciled.storeProblem)
        }
        // One listing of the airline's changes marks the bookings of this API with one waiting.
        if list.records.contains(where: { $0.backend == backend && $0.orderID != nil && $0.state != .cancelled }) {
            let waiting = await ordersWithChangesWaiting()
            list.changesWaiting = waiting.orders
            list.changesProblem = waiting.problem
        }
        return .success(list)
    }

    // MARK: One booking

    /// The booking with `reference` (any case): the local record refreshed from the API, or, when it is not kept
    /// here, the order the API has under that reference.
    func booking(reference: String) async -> BookingLookup {
        let wanted = reference.trimmingCharacters(in: .whitespaces).uppercased()
        let record: BookingRecord?
        do {
            record = try bookings.record(reference: wanted)
        } catch {
            return .storeFailed(error)
        }
        if let record { return .found(await refresh(record)) }
        do {
            let page = try await orders.orders(OrderQuery(bookingReference: wanted))
            guard let order = page.items.first(where: { $0.bookingReference.uppercased() == wanted }) else {
                return .notFound
            }
            return .found(Booking(order: await withAirlineChanges(order)))
        } catch {
            if error.apiError?.status == 404 { return .notFound }
            return .failed(error)
        }
    }

    /// `record` with its order as the API has it now, the record updated to follow it. A pending record is looked
    /// for by its key first; a record of another API is left as it is.
    func refresh(_ record: BookingRecord) async -> Booking {
        guard record.backend == backend else { return Booking(record: record, otherBackend: record.backend) }
        do {
            let order: Order
            if let orderID = record.orderID {
                order = try await orders.order(id: orderID)
            } else {
                guard let found = try await orders.order(withBookingKey: record.bookingKey, since: record.createdAt) else {
                    return Booking(record: record)
                }
                order = found
            }
            return follow(await withAirlineChanges(order), record: record)
        } catch {
            return Booking(record: record, refreshProblem: error)
        }
    }

    // MARK: Cancelling

    /// Asks what cancelling `order` would refund.
    func quoteCancellation(orderID: String) async -> Result<OrderCancellation, ServiceError> {
        do {
            return .success(try await orders.quoteCancellation(orderID: orderID))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Keeping the store in step

    func follow(_ order: Order, record: BookingRecord) -> Booking {
        let updated = record.updated(from: order, at: clock())
        var booking = Booking(record: updated, order: order)
        if Self.differs(updated, from: record) {
            booking.storeProblem = save(updated)
        } else {
            booking.record = record
        }
        return booking
    }

    /// Whether the record changed in anything but its update time: unchanged records are not written again.
    private static func differs(_ updated: BookingRecord, from record: BookingRecord) -> Bool {
        var same = updated
        same.updatedAt = record.updatedAt
        return same != record
    }

    func save(_ record: BookingRecord) -> BookingStoreError? {
        do {
            try bookings.save(record)
            return nil
        } catch {
            return error
        }
    }
}
