public import Foundation

/// A booking as the traveller's own machine keeps it: enough to list it, find it and cancel it without asking the
/// API, and the key that finds the order again after a booking whose answer was lost.
public struct BookingRecord: Sendable, Hashable, Codable, Identifiable {
    /// Where the booking stands locally.
    public enum State: String, Sendable, Hashable, Codable {
        /// The order was sent and no answer came back yet (or it was lost): look it up before anything else.
        case pending
        /// Booked and paid.
        case confirmed
        /// Booked on hold, to be paid.
        case awaitingPayment = "awaiting_payment"
        /// Cancelled.
        case cancelled
        /// The order was refused; nothing was booked.
        case failed

        /// `Pending`, `Confirmed`, …
        public var displayName: String {
            switch self {
            case .pending: "Pending"
            case .confirmed: "Confirmed"
            case .awaitingPayment: "Awaiting payment"
            case .cancelled: "Cancelled"
            case .failed: "Not booked"
            }
        }
    }

    /// One leg, as shown in a list.
    public struct Leg: Sendable, Hashable, Codable {
        /// Origin IATA code.
        public var origin: String
        /// Destination IATA code.
        public var destination: String
        /// Departure, on the origin's clock.
        public var departingAt: LocalDateTime?
        /// Arrival, on the destination's clock.
        public var arrivingAt: LocalDateTime?
        /// `BA117`, `AA100`.
        public var flightNumbers: [String]

        /// Creates a leg.
        public init(origin: String, destination: String, departingAt: LocalDateTime?, arrivingAt: LocalDateTime?, flightNumbers: [String]) {
            self.origin = origin
            self.destination = destination
            self.departingAt = departingAt
            self.arrivingAt = arrivingAt
            self.flightNumbers = flightNumbers
        }

        private enum CodingKeys: String, CodingKey {
            case origin, destination
            case departingAt = "departing_at", arrivingAt = "arriving_at", flightNumbers = "flight_numbers"
        }

        /// The leg of a slice.
        public init(_ slice: Slice) {
            self.init(
                origin: slice.segments.first?.origin.iataCode ?? slice.origin.iataCode,
                destination: slice.segments.last?.destination.iataCode ?? slice.destination.iataCode,
                departingAt: slice.departingAt, arrivingAt: slice.arrivingAt,
                flightNumbers: slice.segments.map(\.flightNumber))
        }
    }

    /// A key made before the order is sent, kept in the order's metadata: finds the order after a lost answer.
    public var bookingKey: String
    /// The offer booked.
    public var offerID: String
    /// `ord_…`, once known.
    public var orderID: String?
    /// The airline's booking reference (PNR), once known.
    public var bookingReference: String?
    /// Which API holds the order (`sandbox`, or the API's address).
    public var backend: String
    /// The legs.
    public var legs: [Leg]
    /// Passengers' names.
    public var passengers: [String]
    /// What was paid or is due.
    public var total: Money
    /// Where it stands.
    public var state: State
    /// For a hold awaiting payment: the deadline to pay it.
    public var paymentRequiredBy: Date?
    /// What was paid with the order itself (an instant booking sends its payment with it): such an order is paid,
    /// whatever its payment status says later, and is never offered for payment again. `nil` for a hold.
    public var paymentSent: Money?
    /// When the offer booked stops being sold: a pending booking whose order is still not found ten minutes after it
    /// never went through, as no order can be made from the offer any more.
    public var offerExpiresAt: Date?
    /// When it was first written.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// Creates a record.
    public init(
        bookingKey: String, offerID: String, orderID: String? = nil, bookingReference: String? = nil,
        backend: String, legs: [Leg], passengers: [String], total: Money, state: State, createdAt: Date,
        updatedAt: Date
    ) {
        self.bookingKey = bookingKey
        self.offerID = offerID
        self.orderID = orderID
        self.bookingReference = bookingReference
        self.backend = backend
        self.legs = legs
        self.passengers = passengers
        self.total = total
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    private enum CodingKeys: String, CodingKey {
        case backend, legs, passengers, total, state
        case bookingKey = "booking_key", offerID = "offer_id", orderID = "order_id"
        case bookingReference = "booking_reference", createdAt = "created_at", updatedAt = "updated_at"
        case paymentRequiredBy = "payment_required_by", paymentSent = "payment_sent"
        case offerExpiresAt = "offer_expires_at"
    }

    /// Records are identified by their booking key.
    public var id: String { bookingKey }

    /// `LHR → JFK → LHR` for a round trip, `LHR → JFK, CDG → LHR` for an open jaw.
    public var route: String {
        var stops: [String] = []
        var text: [String] = []
        for leg in legs {
            if stops.last == leg.origin {
                stops.append(leg.destination)
            } else {
                if !stops.isEmpty { text.append(stops.joined(separator: " → ")) }
                stops = [leg.origin, leg.destination]
            }
        }
        if !stops.isEmpty { text.append(stops.joined(separator: " → ")) }
        return text.joined(separator: ", ")
    }

    /// `order` with what this record knows, for showing it and deciding what can be done with it (never for passing
    /// on as the API's data): an order whose payment went with it is paid (``Order/paidWithBooking(at:)``).
    public func known(_ order: Order) -> Order {
        paymentSent == nil ? order : order.paidWithBooking(at: createdAt)
    }

    /// Whether a pending booking not found among the API's orders at `date` can be taken as never made: its offer
    /// stopped being sold ten minutes or more before (no order can be made from it now; one sent just before the
    /// expiry has had its answer, retries and an airline's slowest reply by then, and would be listed; and the two
    /// clocks may differ a little), or it was sent `lapse` ago or more.
    public func hasLapsed(at date: Date, lapse: TimeInterval) -> Bool {
        guard state == .pending else { return false }
        if let offerExpiresAt, date.timeIntervalSince(offerExpiresAt) >= 600 { return true }
        return date.timeIntervalSince(createdAt) >= lapse
    }

    /// The same record updated from the order the API returned.
    public func updated(from order: Order, at date: Date) -> BookingRecord {
        let order = known(order)
        var copy = self
        copy.orderID = order.id
        copy.bookingReference = order.bookingReference
        // What the answer did not say is kept from what was booked.
        if !order.slices.isEmpty { copy.legs = order.slices.map(Leg.init) }
        if !order.passengers.isEmpty { copy.passengers = order.passengers.map(\.fullName) }
        if let total = order.totalAmount { copy.total = total }
        copy.state = switch order.status {
        case .confirmed: .confirmed
        case .awaitingPayment: .awaitingPayment
        case .cancelled: .cancelled
        }
        copy.paymentRequiredBy = copy.state == .awaitingPayment ? order.paymentStatus.paymentRequiredBy : nil
        copy.updatedAt = date
        return copy
    }
}
