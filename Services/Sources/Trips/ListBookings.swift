public import Entities
import Foundation
public import Services

/// The bookings kept on this machine, and one booking read again from the API: a pending booking (its answer lost)
/// is settled by Services' `BookingLedger` (found means booked), and the record follows what the API says.
public struct ListBookings: Sendable {
    private let trip: TripServices

    /// The use case over `trip`'s services.
    public init(_ trip: TripServices) {
        self.trip = trip
    }

    /// Every booking kept here, newest first, the pending ones of this API settled (found means booked; not found,
    /// pending until it lapses), and the orders with an airline change waiting marked.
    public func list() async -> Result<BookingList, BookingStoreError> {
        let records: [BookingRecord]
        do {
            records = try trip.bookings.records()
        } catch {
            return .failure(error)
        }
        let pending = records.filter { $0.state == .pending && $0.backend == trip.backend }
        var list = BookingList(records: records, reconciliations: [])
        if !pending.isEmpty {
            let reconciled = await BookingLedger(orders: trip.orders, store: trip.bookings, now: trip.now).reconcile(pending)
            list = BookingList(
                records: reconciled.applied(to: records), reconciliations: reconciled.outcomes,
                storeProblem: reconciled.storeProblem)
        }
        // One listing of the airline's changes marks the bookings of this API with one waiting.
        if list.records.contains(where: { $0.backend == trip.backend && $0.orderID != nil && $0.state != .cancelled }) {
            let waiting = await ordersWithChangesWaiting()
            list.changesWaiting = waiting.orders
            list.changesProblem = waiting.problem
        }
        return .success(list)
    }

    /// The booking with `reference` (any case): the local record refreshed from the API, or, when it is not kept
    /// here, the order the API has under that reference.
    public func booking(reference: String) async -> BookingLookup {
        let wanted = reference.trimmingCharacters(in: .whitespaces).uppercased()
        let record: BookingRecord?
        do {
            record = try trip.bookings.record(reference: wanted)
        } catch {
            return .storeFailed(error)
        }
        if let record { return .found(await refresh(record)) }
        do {
            let page = try await trip.orders.orders(OrderQuery(bookingReference: wanted))
            guard let order = page.items.first(where: { $0.bookingReference.uppercased() == wanted }) else {
                return .notFound
            }
            return .found(Booking(order: await trip.withAirlineChanges(order)))
        } catch {
            if error.apiError?.status == 404 { return .notFound }
            return .failed(error)
        }
    }

    /// `record` with its order as the API has it now, the record updated to follow it. A pending record is looked
    /// for by its key first; a record of another API is left as it is.
    public func refresh(_ record: BookingRecord) async -> Booking {
        guard record.backend == trip.backend else { return Booking(record: record, otherBackend: record.backend) }
        do {
            let order: Order
            if let orderID = record.orderID {
                order = try await trip.orders.order(id: orderID)
            } else {
                guard let found = try await trip.orders.order(withBookingKey: record.bookingKey, since: record.createdAt) else {
                    return Booking(record: record)
                }
                order = found
            }
            return trip.follow(await trip.withAirlineChanges(order), record: record)
        } catch {
            return Booking(record: record, refreshProblem: error)
        }
    }

    /// The orders with a change waiting for an answer, from one listing of every change; none and the problem when
    /// it could not be read (the list is shown without the marks).
    private func ordersWithChangesWaiting() async -> (orders: [String], problem: ServiceError?) {
        guard let airlineChanges = trip.airlineChanges else { return ([], nil) }
        do {
            let changes = try await airlineChanges.airlineChanges()
            return (Array(Set(changes.filter(\.isPending).map(\.orderId))).sorted(), nil)
        } catch {
            return ([], error)
        }
    }
}

extension ListBookings {
    /// The booking an earlier call made under `key` (a caller that repeats itself with the same key: a tool called
    /// again, a second process), settled first when its answer was lost: ``KeyedBooking/none`` when none was made.
    public func booking(key: String) async -> KeyedBooking {
        guard var record = try? trip.bookings.record(key: key) else { return .none }
        if record.state == .pending {
            let settled = await BookingLedger(orders: trip.orders, store: trip.bookings, now: trip.now).reconcile([record])
            if case .lookupFailed(_, let error)? = settled.outcomes.first { return .unknown(error) }
            record = settled.settled[key] ?? record
        }
        guard record.state != .pending, record.state != .failed, let orderID = record.orderID else { return .none }
        do {
            return .booked(try await trip.orders.order(id: orderID), record)
        } catch {
            return .unreadable(record, error)
        }
    }
}

/// What an earlier call made under a booking key.
public enum KeyedBooking: Sendable, Hashable, Codable {
    /// Nothing: no record with that key, or one that made no order (refused, or still not found).
    case none
    /// Booked: the order as the API has it now, and the record.
    case booked(Order, BookingRecord)
    /// Booked, but the order cannot be read now.
    case unreadable(BookingRecord, ServiceError)
    /// Its answer was lost and the orders cannot be read to tell: it may have been made.
    case unknown(ServiceError)
}
