public import Entities
public import Foundation
public import Services
import Synchronization

/// Books an offer, or holds it, so that a booking is never lost and never made twice: at the total agreed to (at
/// another total nothing is sent), a pending record on this machine before the order leaves, the booking key in the
/// order's metadata, and a lost answer looked up by that key, never sent again.
///
/// The offer is not read again here: the caller has just read it (``BookTravellers/prepare(_:today:)`` does, and a
/// screen's check before it asks), and a second read right after the first would ask the traveller again whenever a
/// price moves at every read. The airline refuses an order whose payment is not the offer's total now
/// (`price_changed`): that comes back as ``BookingAttempt/refused(_:storeProblem:)``, nothing booked.
///
/// One `BookOffer` is one booking: a retry after a refusal or a lost answer reuses its key and its record, so the
/// bookings file keeps one record per booking and a late answer still finds its order.
public final class BookOffer: Sendable {
    private let trip: TripServices
    private let makeBookingKey: @Sendable () -> String
    /// The record written under the booking key, once there is one.
    private let session = Mutex<BookingRecord?>(nil)
    /// The booking key, made once.
    private let key = Mutex<String?>(nil)

    /// The use case over `trip`'s services; `makeBookingKey` names the booking (a fresh UUID by default; the same
    /// key for the same request, when a caller that may repeat itself wants a repeat found rather than booked).
    public init(_ trip: TripServices, makeBookingKey: @escaping @Sendable () -> String = { UUID().uuidString }) {
        self.trip = trip
        self.makeBookingKey = makeBookingKey
    }

    /// The key of the booking made (or being made), once there is one.
    public var bookingKey: String? { session.withLock { $0?.bookingKey } }

    /// Books `request` when its total (what would be paid: ``OfferBooking/total``, or the offer's) is `agreedTotal`
    /// (`nil`: the request's own total, just shown to the traveller); at another total nothing is sent
    /// (``BookingAttempt/priceChanged(agreed:now:offer:)``). With ``OfferBooking/lookUpFirst`` (an explicit retry
    /// after a lost answer) the order is looked for by its key before anything else.
    ///
    /// Runs to the end even if the caller is cancelled: once an order is on its way, its answer must be kept.
    public func book(_ request: OfferBooking, agreedTotal: Decimal? = nil) async -> BookingAttempt {
        await Task { await self.perform(request, agreedTotal: agreedTotal) }.value
    }

    private func perform(_ request: OfferBooking, agreedTotal: Decimal?) async -> BookingAttempt {
        let total = request.total ?? request.offer.totalAmount
        // A booking made under this key (by this use case before, or by another process with the same key) is found,
        // never made again.
        let known = session.withLock { $0 } ?? ((try? trip.bookings.record(key: currentKey())) ?? nil)
        if let known, let orderID = known.orderID, known.state != .failed {
            do {
                return await confirm(try await trip.orders.order(id: orderID), record: known, recovered: true)
            } catch {
                return .madeEarlier(known, readProblem: error)
            }
        }
        // An attempt under this key whose answer was lost is looked for before anything is sent again.
        if request.lookUpFirst || known?.state == .pending {
            let pending = pendingRecord(request, total: total, earlier: known)
            _ = trip.save(pending)
            if case .success(let order?) = await findOrder(key: pending.bookingKey, since: pending.createdAt) {
                return await confirm(order, record: pending, recovered: true)
            }
        }
        if let agreedTotal, !AgreedAmount.matches(agreedTotal, total) {
            return .priceChanged(agreed: AgreedAmount.money(agreedTotal, as: total), now: total, offer: request.offer)
        }
        let pending = pendingRecord(request, total: total, earlier: known)
        // No order leaves without its pending record on disk: that record is how a lost answer is found again.
        if let storeProblem = trip.save(pending) { return .notSaved(storeProblem) }
        let creation = request.orderCreation(key: pending.bookingKey, total: total)
        do {
            let order = try await trip.orders.createOrder(creation)
            return await confirm(order, record: pending, recovered: false)
        } catch {
            // An answer that says the offer is booked already may be about our own order: made, then refused with a
            // 429 that the client waited out and sent again. The order is looked up by its key like a lost answer.
            let saysAlreadyBooked = error.apiError?.has(.alreadyBooked) == true
            guard error.mayHaveTakenEffect || saysAlreadyBooked else {
                return .refused(error, storeProblem: markFailed(pending))
            }
            // The server may still be making the order when the answer is lost: look a few times before saying
            // it is not there, and never send it again from here.
            let resolution = await LostAnswer.resolve(delays: trip.lookupDelays) { () async throws(ServiceError) -> Order? in
                try await self.findOrder(key: pending.bookingKey, since: pending.createdAt).get()
            }
            switch resolution {
            case .found(let order):
                return await confirm(order, record: pending, recovered: true)
            case .notFound where saysAlreadyBooked:
                // No order carries our key: the offer was booked by another attempt, and this one made nothing.
                return .refused(error, storeProblem: markFailed(pending))
            case .notFound:
                return .notFound(error, storeProblem: nil)
            case .lookupFailed(let lookupError):
                return .unknown(error, lookup: lookupError, storeProblem: nil)
            }
        }
    }

    /// Saves `pending` as an attempt that made no order; the store's problem, if it could not. A record with an order
    /// is never marked so.
    private func markFailed(_ pending: BookingRecord) -> BookingStoreError? {
        guard pending.orderID == nil else { return nil }
        var failed = pending
        failed.state = .failed
        failed.updatedAt = trip.now()
        return trip.save(failed)
    }

    /// The order that carries `key`, among the orders made since `since`, if any.
    public func findOrder(key: String, since: Date? = nil) async -> Result<Order?, ServiceError> {
        do {
            return .success(try await trip.orders.order(withBookingKey: key, since: since))
        } catch {
            return .failure(error)
        }
    }

    /// The pending record of this attempt: this use case's record, else `earlier` (the bookings file's under the
    /// key, read once at the start of the attempt), else a new one.
    private func pendingRecord(_ request: OfferBooking, total: Money, earlier: BookingRecord?) -> BookingRecord {
        let now = trip.now()
        let offer = request.offer
        // A key made the same for the same booking (a tool's call sent again) may have a record from an earlier
        // attempt: it is carried on, so its first sending time still bounds the look-up of its order.
        let key = currentKey()
        return session.withLock { current in
            var record = current ?? earlier ?? BookingRecord(
                bookingKey: key, offerID: offer.id, backend: trip.backend, legs: [], passengers: [],
                total: offer.totalAmount, state: .pending, createdAt: now, updatedAt: now)
            record.offerID = offer.id
            record.legs = offer.slices.map(BookingRecord.Leg.init)
            record.passengers = request.passengers.map(\.fullName)
            record.total = total
            // An instant booking sends its payment with the order; a hold sends none.
            record.paymentSent = request.type == .instant ? total : nil
            record.offerExpiresAt = offer.expiresAt
            record.state = .pending
            record.updatedAt = now
            current = record
            return record
        }
    }

    /// The booking key: made on first use, the same for every attempt after.
    private func currentKey() -> String {
        key.withLock { key in
            if let key { return key }
            let made = makeBookingKey()
            key = made
            return made
        }
    }

    private func confirm(_ order: Order, record: BookingRecord, recovered: Bool) async -> BookingAttempt {
        let confirmed = record.updated(from: order, at: trip.now())
        session.withLock { $0 = confirmed }
        let storeProblem = trip.save(confirmed)
        return .booked(order, recovered: recovered, storeProblem: await settleEarlierAttempts(at: record) ?? storeProblem)
    }

    /// Once `booked`'s offer is booked, earlier attempts at the same offer left pending here (their answer lost, the
    /// order not found then) are settled rather than left pending for ever: one the API has after all is confirmed
    /// too (the offer was booked twice, and the traveller must see both); one it does not have never went through,
    /// as its offer is taken now.
    private func settleEarlierAttempts(at booked: BookingRecord) async -> BookingStoreError? {
        guard let records = try? trip.bookings.records() else { return nil }
        let earlier = records.filter {
            $0.state == .pending && $0.offerID == booked.offerID && $0.backend == trip.backend
                && $0.bookingKey != booked.bookingKey
        }
        return await BookingLedger(orders: trip.orders, store: trip.bookings, now: trip.now)
            .reconcile(earlier, offersTaken: [booked.offerID]).storeProblem
    }
}

/// Everything a booking needs: the offer as shown, the passengers, the kind of order, the seats and bags, and
/// whether to look for the order first (an explicit retry after a lost answer).
public struct OfferBooking: Codable, Sendable, Hashable {
    /// The offer, as the traveller saw it.
    public var offer: Offer
    /// One passenger per seat of the offer, in the offer's order.
    public var passengers: [PassengerDetails]
    /// The offer's passengers: their ids, types and ages.
    public var slots: [PassengerSlot]
    /// Paid now, or held to pay later.
    public var type: OrderType
    /// Look for the order by its key before anything is sent.
    public var lookUpFirst: Bool
    /// The seats and bags chosen, booked as the order's services.
    public var services: [SelectedService]
    /// What is paid: the offer's total and the services'; `nil` for the offer's total.
    public var total: Money?

    /// Creates a booking request.
    public init(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, lookUpFirst: Bool = false,
        services: [SelectedService] = [], total: Money? = nil
    ) {
        self.offer = offer
        self.passengers = passengers
        self.slots = slots
        self.type = type
        self.lookUpFirst = lookUpFirst
        self.services = services
        self.total = total
    }

    /// The order body: one passenger per slot, infants on a lap linked to adults in order (first adult to first
    /// infant), paid now with `total` or held, and the booking key in the metadata. A hold carries no services
    /// (Duffel takes none with one).
    public func orderCreation(key: String, total: Money) -> OrderCreation {
        var passengers = passengers
        let adults = slots.filter { $0.type == .adult }
        let infants = slots.filter { $0.type == .infantWithoutSeat }
        for (adult, infant) in zip(adults, infants) where adult.index < passengers.count {
            passengers[adult.index].infantPassengerId = infant.id
        }
        return OrderCreation(
            type: type, selectedOffers: [offer.id], passengers: passengers,
            payments: type == .instant ? [Payment(amount: total)] : [],
            metadata: [OrderCreation.bookingKeyMetadata: key], services: type == .hold ? [] : services)
    }
}

/// How a booking attempt ended. Every case says whether the local store could be written, so the traveller hears
/// about it without losing the booking reference.
public enum BookingAttempt: Sendable, Hashable, Codable {
    /// Booked; `recovered` when the answer was lost and the order was found again by its key.
    case booked(Order, recovered: Bool, storeProblem: BookingStoreError?)
    /// The booking costs another total than the one agreed to: nothing was sent. The total it costs, and its offer.
    case priceChanged(agreed: Money, now: Money, offer: Offer)
    /// The API refused the order (a 4xx): nothing was booked, the local record is marked failed.
    case refused(ServiceError, storeProblem: BookingStoreError?)
    /// The answer was lost and no order carries the booking's key: as far as the API can tell, nothing was booked.
    /// The pending record is kept.
    case notFound(ServiceError, storeProblem: BookingStoreError?)
    /// The answer was lost and the orders could not be looked up either: it may or may not be booked. The pending
    /// record is kept.
    case unknown(ServiceError, lookup: ServiceError, storeProblem: BookingStoreError?)
    /// The pending record could not be written, so nothing was sent: without it a lost answer could not be found
    /// again.
    case notSaved(BookingStoreError)
    /// Booked already, by an earlier attempt under the same key (its record has the order), and the order cannot be
    /// read now: nothing was sent. Read it later (``ListBookings``).
    case madeEarlier(BookingRecord, readProblem: ServiceError)
}

/// One passenger of the offer as the booking needs them: the id the order must carry, the type, and the age given at
/// search for anyone under 18.
public struct PassengerSlot: Sendable, Hashable, Codable {
    /// The position in the offer's passenger list, and in the order body.
    public var index: Int
    /// `pas_…`.
    public var id: String
    /// Adult, child or infant on a lap.
    public var type: PassengerType
    /// The age searched with, for a child or an infant.
    public var age: Int?

    /// Creates a slot.
    public init(index: Int, id: String, type: PassengerType, age: Int? = nil) {
        self.index = index
        self.id = id
        self.type = type
        self.age = age
    }

    /// The offer's passengers in order, with ages from the offer or, failing that, from the search.
    public static func slots(for offer: Offer, search: SearchRequest?) -> [PassengerSlot] {
        offer.passengers.enumerated().map { index, passenger in
            // A stated type wins over an age sent beside it (Duffel's own examples send `adult` with `age: 14`):
            // an age only matters for whoever is not an adult.
            let type = passenger.resolvedType
            var age = type == .adult ? nil : passenger.age
            if age == nil, let search, index < search.passengers.count,
               case .child(let searchedAge) = search.passengers[index] {
                age = searchedAge
            }
            return PassengerSlot(index: index, id: passenger.id, type: type, age: age)
        }
    }
}
