import Entities
import Foundation
import ModuleCore
import Services
import Synchronization

/// The summary's service calls, as data: what the rules ask for. Each answer comes back as an action.
enum FlightSummaryWork: ScreenWork {
    /// Read the offer `offerID` again from the API (check `id`), cancelled when the screen goes.
    case check(id: Int, offerID: String)
    /// Read the offer's seat maps, to check the seats a passengers file asks for.
    case seatMaps(offerID: String)
    /// Book: shielded, since once an order is on its way it is never cancelled half-way and its answer is kept.
    case book(FlightSummaryBooking)

    /// What cancels the work: a check (or a seat-map read) replaces the one before; a booking runs alone.
    enum ID: String, Hashable, Sendable, Codable {
        case check
        case book
    }

    var id: ID {
        switch self {
        case .check, .seatMaps: .check
        case .book: .book
        }
    }

    var isShielded: Bool { id == .book }
}

/// Everything a booking needs: the offer as checked, the passengers, the kind of order, and whether to look for
/// the order first (an explicit retry after a lost answer).
struct FlightSummaryBooking: Codable, Sendable, Equatable {
    var offer: Offer
    var passengers: [PassengerDetails]
    var slots: [PassengerSlot]
    var type: OrderType
    var lookUpFirst: Bool
    /// The seats and bags chosen, booked as the order's services.
    var services: [SelectedService] = []
    /// What is paid: the offer's total and the services'.
    var total: Money? = nil
}

/// Does the summary's work with its services: reads the offer and its seat maps, and books so that a booking is
/// never lost and never made twice (a pending record before the order leaves, a lost answer looked up by its key,
/// never sent again from here). What the answers mean is the reducer's to say.
final class FlightSummaryServices: Sendable {
    private let offers: any OfferService
    private let orders: any OrderService
    private let bookings: any BookingStore
    private let backend: String
    private let clock: @Sendable () -> Date
    let timeZone: TimeZone
    private let makeBookingKey: @Sendable () -> String
    /// One booking key per screen, and the record written under it: a retry after a refusal or a lost answer
    /// reuses both, so the store keeps one record per booking and a late answer still finds its order.
    private let session = Mutex<BookingRecord?>(nil)

    /// How long to wait before each look-up after a lost answer: the server may still be making the order.
    private let lookupDelays: [Duration]
    /// Reads the offer with the extra bags it sells, when there is one.
    private let extras: (any ExtrasService)?

    init(
        offers: any OfferService, orders: any OrderService, bookings: any BookingStore, backend: String,
        now: @escaping @Sendable () -> Date, timeZone: TimeZone, makeBookingKey: @escaping @Sendable () -> String,
        lookupDelays: [Duration] = LostAnswer.lookupDelays, extras: (any ExtrasService)? = nil
    ) {
        self.extras = extras
        self.lookupDelays = lookupDelays.isEmpty ? [.zero] : lookupDelays
        self.offers = offers
        self.orders = orders
        self.bookings = bookings
        self.backend = backend
        self.clock = now
        self.timeZone = timeZone
        self.makeBookingKey = makeBookingKey
    }

    /// The current instant.
    var now: Date { clock() }

    /// Where bookings are kept, for the traveller.
    var storeLocation: String { bookings.location }

    /// Does `work` and returns the action that answers it, with the time it came.
    func perform(_ work: FlightSummaryWork) async -> FlightSummaryAction {
        switch work {
        case .check(let id, let offerID):
            return .offerRead(id: id, await offer(id: offerID), now: now)
        case .seatMaps(let offerID):
            return .seatMapsRead(await seatMaps(offerID: offerID))
        case .book(let booking):
            let attempt = await book(
                offer: booking.offer, passengers: booking.passengers, slots: booking.slots, type: booking.type,
                lookUpFirst: booking.lookUpFirst, services: booking.services, total: booking.total)
            return .bookingEnded(attempt, now: now)
        }
    }

    /// The key of the booking made (or being made) on this screen, once there is one.
    var bookingKey: String? { session.withLock { $0?.bookingKey } }

    // MARK: The offer

    /// Offer `id` as the API serves it now (with the extra bags it sells, when there is an extras service).
    func offer(id: String) async -> Outcome<Offer, ServiceError> {
        await Outcome { () async throws(ServiceError) in
            if let extras { try await extras.offerWithServices(id: id) } else { try await offers.offer(id: id) }
        }
    }

    /// The offer's seat maps, to check the seats a passengers file asks for.
    func seatMaps(offerID: String) async -> Outcome<[SeatMap], ServiceError> {
        guard let extras else { return .success([]) }
        return await Outcome { () async throws(ServiceError) in try await extras.seatMaps(offerID: offerID) }
    }

    // MARK: Booking

    /// The order body: one passenger per slot, infants on a lap linked to adults in order (first adult to first
    /// infant), paid now with the re-checked total or held, and the booking key in the metadata. A hold carries no
    /// services (Duffel takes none with one; the reducer refuses a hold with extras before it gets here).
    func orderCreation(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, key: String,
        services: [SelectedService] = [], total: Money? = nil
    ) -> OrderCreation {
        var passengers = passengers
        let adults = slots.filter { $0.type == .adult }
        let infants = slots.filter { $0.type == .infantWithoutSeat }
        for (adult, infant) in zip(adults, infants) where adult.index < passengers.count {
            passengers[adult.index].infantPassengerId = infant.id
        }
        return OrderCreation(
            type: type, selectedOffers: [offer.id], passengers: passengers,
            payments: type == .instant ? [Payment(amount: total ?? offer.totalAmount)] : [],
            metadata: [OrderCreation.bookingKeyMetadata: key], services: type == .hold ? [] : services)
    }

    /// Books `offer` for `passengers`, keeping the local store in step: a pending record before the order leaves,
    /// the confirmed one before this returns. A lost answer (timeout, 5xx, transport) is resolved by looking the
    /// order up by its key, never by sending it again. With `lookUpFirst` (an explicit retry after a lost answer),
    /// the order is looked for before anything is sent.
    ///
    /// Runs to the end even if the caller is cancelled: once an order is on its way, its answer must be kept.
    func book(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, lookUpFirst: Bool = false,
        services: [SelectedService] = [], total: Money? = nil
    ) async -> BookingAttempt {
        let work = Task {
            await self.performBooking(
                offer: offer, passengers: passengers, slots: slots, type: type, lookUpFirst: lookUpFirst,
                services: services, total: total ?? offer.totalAmount)
        }
        return await work.value
    }

    private func performBooking(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, lookUpFirst: Bool,
        services: [SelectedService], total: Money
    ) async -> BookingAttempt {
        let pending = pendingRecord(offer: offer, passengers: passengers, total: total, type: type)
        let storeProblem = save(pending)
        if lookUpFirst, case .success(let order?) = await findOrder(key: pending.bookingKey, since: pending.createdAt) {
            return await confirm(order, record: pending, recovered: true)
        }
        // No order leaves without its pending record on disk: that record is how a lost answer is found again.
        if let storeProblem { return .notSaved(storeProblem) }
        let creation = orderCreation(
            offer: offer, passengers: passengers, slots: slots, type: type, key: pending.bookingKey,
            services: services, total: total)
        do {
            let order = try await orders.createOrder(creation)
            return await confirm(order, record: pending, recovered: false)
        } catch {
            // An answer that says the offer is booked already may be about our own order: made, then refused with a
            // 429 that the client waited out and sent again. The order is looked up by its key like a lost answer.
            let saysAlreadyBooked = error.apiError?.has(.alreadyBooked) == true
            guard error.mayHaveTakenEffect || saysAlreadyBooked else {
                return .refused(error, storeProblem: markFailed(pending) ?? storeProblem)
            }
            // The server may still be making the order when the answer is lost: look a few times before saying
            // it is not there, and never send it again from here.
            let resolution = await LostAnswer.resolve(delays: lookupDelays) { () async throws(ServiceError) -> Order? in
                try await findOrder(key: pending.bookingKey, since: pending.createdAt).get()
            }
            switch resolution {
            case .found(let order):
                return await confirm(order, record: pending, recovered: true)
            case .notFound where saysAlreadyBooked:
                // No order carries our key: the offer was booked by another attempt, and this one made nothing.
                return .refused(error, storeProblem: markFailed(pending) ?? storeProblem)
            case .notFound:
                return .notFound(error, storeProblem: storeProblem)
            case .lookupFailed(let lookupError):
                return .unknown(error, lookup: lookupError, storeProblem: storeProblem)
            }
        }
    }

    /// Saves `pending` as an attempt that made no order; the store's problem, if it could not.
    private func markFailed(_ pending: BookingRecord) -> BookingStoreError? {
        var failed = pending
        failed.state = .failed
        failed.updatedAt = clock()
        return save(failed)
    }

    /// The order that carries `key`, among the orders made since `since`, if any.
    func findOrder(key: String, since: Date? = nil) async -> Result<Order?, ServiceError> {
        do {
            return .success(try await orders.order(withBookingKey: key, since: since))
        } catch {
            return .failure(error)
        }
    }

    private func pendingRecord(offer: Offer, passengers: [PassengerDetails], total: Money, type: OrderType) -> BookingRecord {
        let now = clock()
        // A key made the same for the same booking (a tool's call sent again) may have a record from an earlier
        // attempt: it is carried on, so its first sending time still bounds the look-up of its order.
        let fresh = session.withLock { $0 == nil } ? makeBookingKey() : nil
        let earlier = fresh.flatMap { key in (try? bookings.record(key: key)) ?? nil }
        return session.withLock { current in
            var record = current ?? earlier ?? BookingRecord(
                bookingKey: fresh ?? makeBookingKey(), offerID: offer.id, backend: backend, legs: [], passengers: [],
                total: offer.totalAmount, state: .pending, createdAt: now, updatedAt: now)
            record.offerID = offer.id
            record.legs = offer.slices.map(BookingRecord.Leg.init)
            record.passengers = passengers.map(\.fullName)
            record.total = total
            // An instant booking sends its payment with the order; a hold sends none.
            record.paymentSent = type == .instant ? total : nil
            record.offerExpiresAt = offer.expiresAt
            record.state = .pending
            record.updatedAt = now
            current = record
            return record
        }
    }

    private func confirm(_ order: Order, record: BookingRecord, recovered: Bool) async -> BookingAttempt {
        let confirmed = record.updated(from: order, at: clock())
        session.withLock { $0 = confirmed }
        let storeProblem = save(confirmed)
        return .booked(order, recovered: recovered, storeProblem: await settleEarlierAttempts(at: record) ?? storeProblem)
    }

    /// Once `booked`'s offer is booked, earlier attempts at the same offer left pending here (their answer lost, the
    /// order not found then) are settled rather than left pending for ever: one the API has after all is confirmed
    /// too (the offer was booked twice, and the traveller must see both); one it does not have never went through,
    /// as its offer is taken now.
    private func settleEarlierAttempts(at booked: BookingRecord) async -> BookingStoreError? {
        guard let records = try? bookings.records() else { return nil }
        let earlier = records.filter {
            $0.state == .pending && $0.offerID == booked.offerID && $0.backend == backend && $0.bookingKey != booked.bookingKey
        }
        return await BookingLedger(orders: orders, store: bookings, now: clock)
            .reconcile(earlier, offersTaken: [booked.offerID]).storeProblem
    }

    private func save(_ record: BookingRecord) -> BookingStoreError? {
        do {
            try bookings.save(record)
            return nil
        } catch {
            return error
        }
    }
}
