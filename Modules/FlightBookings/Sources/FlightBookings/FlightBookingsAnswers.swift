import Entities
import Foundation
import Services

/// One booking as the screen knows it: what this machine keeps, what the API answered, and what went wrong on the
/// way.
struct Booking: Sendable, Hashable, Codable {
    /// The local record; `nil` for a booking found only at the flight service.
    var record: BookingRecord?
    /// The order as the API has it now; `nil` when it could not be read.
    var order: Order?
    /// Why the order could not be read, when it could not.
    var refreshProblem: ServiceError?
    /// Why the local record could not be updated, when it could not.
    var storeProblem: BookingStoreError?
    /// The booking was made on another API than the one this run talks to, so it was not looked up.
    var otherBackend: String?

    /// The order as shown and acted on: the API's, with what the record knows (an instant booking is paid).
    var shownOrder: Order? { order.map { record?.known($0) ?? $0 } }

    /// The booking reference, from the order or the record.
    var reference: String? { order?.bookingReference ?? record?.bookingReference }
}

/// The bookings on this machine, newest first, with what checking the pending ones found.
struct BookingList: Sendable, Hashable, Codable {
    var records: [BookingRecord]
    var reconciliations: [PendingBookingOutcome]
    /// Records that were confirmed but could not be written back.
    var storeProblem: BookingStoreError?
    /// The orders (`ord_…`) with an airline change waiting for an answer (`nil` in sessions recorded before the
    /// list marked them).
    var changesWaiting: [String]?
    /// Why the airline's changes could not be listed, when they could not.
    var changesProblem: ServiceError?
}

/// Where a look-up by reference ended.
enum BookingLookup: Sendable, Hashable, Codable {
    case found(Booking)
    case notFound
    /// Not kept here, and the flight service could not be asked.
    case failed(ServiceError)
    /// The local store could not be read.
    case storeFailed(BookingStoreError)
}

/// Why a booking cannot be cancelled now.
enum CancellationBlocker: Sendable, Hashable, Codable {
    /// It was made through another API than the one this run talks to.
    case otherBackend(String)
    /// The airline refused the order: nothing was booked.
    case neverBooked
    /// The flight service has no order for it (yet): nothing to cancel.
    case neverConfirmed
    /// Its order could not be read.
    case unreadable(ServiceError?)
    /// It is cancelled already.
    case alreadyCancelled(Date)
    /// The airline does not offer a cancellation now; these are what it offers.
    case notAllowed([OrderAction])
}

/// A confirmed cancellation and the booking as it stands after it.
struct CancellationDone: Sendable, Hashable, Codable {
    var cancellation: OrderCancellation
    var booking: Booking
}

/// How confirming a cancellation ended.
enum CancellationOutcome: Sendable, Hashable, Codable {
    /// Cancelled; `recovered` when the answer was lost and the order, read again, said so.
    case cancelled(CancellationDone, recovered: Bool)
    /// Refused, or the answer was lost and the order, read again, is not cancelled: nothing was cancelled.
    case notCancelled(ServiceError)
    /// The answer was lost and the order could not be read again: it may or may not be cancelled.
    case unknown(ServiceError, lookup: ServiceError)
}
