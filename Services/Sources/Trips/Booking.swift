public import Entities
public import Services

/// One booking as the trip knows it: what this machine keeps, what the API answered, and what went wrong on the way.
public struct Booking: Sendable, Hashable, Codable {
    /// The local record; `nil` for a booking found only at the flight service.
    public var record: BookingRecord?
    /// The order as the API has it now; `nil` when it could not be read.
    public var order: Order?
    /// Why the order could not be read, when it could not.
    public var refreshProblem: ServiceError?
    /// Why the local record could not be updated, when it could not.
    public var storeProblem: BookingStoreError?
    /// The booking was made on another API than the one this run talks to, so it was not looked up.
    public var otherBackend: String?

    /// Creates a booking.
    public init(
        record: BookingRecord? = nil, order: Order? = nil, refreshProblem: ServiceError? = nil,
        storeProblem: BookingStoreError? = nil, otherBackend: String? = nil
    ) {
        self.record = record
        self.order = order
        self.refreshProblem = refreshProblem
        self.storeProblem = storeProblem
        self.otherBackend = otherBackend
    }

    /// The order as shown and acted on: the API's, with what the record knows (an instant booking is paid).
    public var shownOrder: Order? { order.map { record?.known($0) ?? $0 } }

    /// The booking reference, from the order or the record.
    public var reference: String? { order?.bookingReference ?? record?.bookingReference }
}

/// The bookings on this machine, newest first, with what checking the pending ones found.
public struct BookingList: Sendable, Hashable, Codable {
    /// Every record, newest first, the pending ones settled where the API could say.
    public var records: [BookingRecord]
    /// What checking each pending booking found.
    public var reconciliations: [PendingBookingOutcome]
    /// Records that were confirmed but could not be written back.
    public var storeProblem: BookingStoreError?
    /// The orders (`ord_…`) with an airline change waiting for an answer (`nil` in sessions recorded before the
    /// list marked them).
    public var changesWaiting: [String]?
    /// Why the airline's changes could not be listed, when they could not.
    public var changesProblem: ServiceError?

    /// Creates a list.
    public init(
        records: [BookingRecord], reconciliations: [PendingBookingOutcome], storeProblem: BookingStoreError? = nil,
        changesWaiting: [String]? = nil, changesProblem: ServiceError? = nil
    ) {
        self.records = records
        self.reconciliations = reconciliations
        self.storeProblem = storeProblem
        self.changesWaiting = changesWaiting
        self.changesProblem = changesProblem
    }
}

/// Where a look-up by reference ended.
public enum BookingLookup: Sendable, Hashable, Codable {
    /// Found, here or at the flight service.
    case found(Booking)
    /// Neither here nor at the flight service.
    case notFound
    /// Not kept here, and the flight service could not be asked.
    case failed(ServiceError)
    /// The local store could not be read.
    case storeFailed(BookingStoreError)
}
