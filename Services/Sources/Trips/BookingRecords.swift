import Entities
import Foundation
import Services

/// Keeping the bookings file in step with the API: shared by every use case that reads or changes a booking.
extension TripServices {
    /// `booking` with `order`, its record (when it has one) following it.
    func updated(_ booking: Booking, with order: Order) -> Booking {
        guard let record = booking.record else { return Booking(order: order) }
        return follow(order, record: record)
    }

    /// The booking of `record` with `order`: the record updated to follow the order, and written when it changed.
    func follow(_ order: Order, record: BookingRecord) -> Booking {
        let updated = record.updated(from: order, at: now())
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

    /// Writes `record`; the store's problem, if it could not.
    func save(_ record: BookingRecord) -> BookingStoreError? {
        do {
            try bookings.save(record)
            return nil
        } catch {
            return error
        }
    }

    /// `order` with the changes the airline made to it as the change service lists them (the list's word wins over
    /// the order's own copy, by id), when the order's answer did not carry them. Without a change service, or when
    /// the list cannot be read, the order's copy stands: a booking is always shown.
    func withAirlineChanges(_ order: Order) async -> Order {
        // Duffel's order carries its changes: read them apart only when the answer left the field out.
        guard !order.carriesAirlineChanges, let airlineChanges, !order.id.isEmpty,
              let listed = try? await airlineChanges.airlineChanges(orderID: order.id) else { return order }
        var merged = order
        for change in listed {
            if let index = merged.airlineInitiatedChanges.firstIndex(where: { $0.id == change.id }) {
                merged.airlineInitiatedChanges[index] = change
            } else {
                merged.airlineInitiatedChanges.append(change)
            }
        }
        return merged
    }
}
