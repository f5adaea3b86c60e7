public import Entities
public import Foundation
public import Trips

/// How a booking is worded, on the bookings screen and by the commands alike: its status and payment, why it cannot
/// be cancelled or paid, the booking in full (``detail(_:)``), a refund quote and bags or seats priced. Every time is
/// the traveller's, in ``timeZone``, and every deadline is read at ``now``.
public struct BookingText: Sendable {
    /// How a booking's ways forward are named.
    public enum Ways: Sendable, Hashable {
        /// On the bookings screen, by their keys (`c` cancels); `m` moves a flight when `offersChanges`.
        case keys(offersChanges: Bool)
        /// After a one-shot command, by the commands ("with `flights cancel ERDAH6`").
        case commands
    }

    /// Which flight service this run talks to (`sandbox`, or the API's address).
    public var backend: String
    /// The clock, as last read.
    public var now: Date
    /// The traveller's time zone.
    public var timeZone: TimeZone
    /// Where the bookings are kept on this machine, for the traveller.
    public var storeLocation: String
    /// Whether the airline's schedule changes can be accepted through this backend.
    public var acceptsAirlineChanges: Bool
    /// How the ways forward are named.
    public var ways: Ways

    /// Creates the wording for a run on `backend`, at `now`, in `timeZone`.
    public init(
        backend: String, now: Date, timeZone: TimeZone, storeLocation: String, acceptsAirlineChanges: Bool, ways: Ways
    ) {
        self.backend = backend
        self.now = now
        self.timeZone = timeZone
        self.storeLocation = storeLocation
        self.acceptsAirlineChanges = acceptsAirlineChanges
        self.ways = ways
    }

    /// Whether the ways forward are the screen's keys.
    var onScreen: Bool {
        if case .keys = ways { true } else { false }
    }

    /// `Held, awaiting payment`, `Cancelled on …`.
    public func status(of order: Order) -> String {
        switch order.status {
        case .confirmed: "Confirmed"
        case .awaitingPayment: "Held, awaiting payment"
        case .cancelled: order.cancelledAt.map { "Cancelled on \(TravelFormat.instant($0, in: timeZone))" } ?? "Cancelled"
        }
    }

    /// `Paid on …`, `£412.50 to pay by …`, `Hold lapsed: …`.
    public func payment(of order: Order) -> String {
        if let paid = order.paymentStatus.paidAt { return "Paid on \(TravelFormat.instant(paid, in: timeZone))" }
        if order.paymentStatus.awaitingPayment, order.cancelledAt == nil {
            if let deadline = order.paymentStatus.paymentRequiredBy, deadline <= now {
                return "Hold lapsed: it had to be paid by \(TravelFormat.instant(deadline, in: timeZone))"
            }
            let deadline = order.paymentStatus.paymentRequiredBy.map { " by \(TravelFormat.instant($0, in: timeZone))" } ?? ""
            return "\(order.totalAmount?.formatted ?? "The total") to pay\(deadline)"
        }
        return order.status == .confirmed ? "Paid" : "Not paid"
    }

    /// Why a booking cannot be cancelled, as the end of a sentence.
    public func describe(_ blocker: CancellationBlocker) -> String {
        switch blocker {
        case .otherBackend(let other):
            "it was booked through \(other), and this run talks to \(backend); cancel it from there."
        case .neverBooked:
            "it was never booked: the airline refused the order."
        case .neverConfirmed:
            "the flight service has no order for it, so there is nothing to cancel."
        case .unreadable(let error):
            "its order could not be read from the flight service\(error.map { " (\($0.message))" } ?? ""); try again in a moment."
        case .alreadyCancelled(let date):
            "it was cancelled on \(TravelFormat.instant(date, in: timeZone))."
        case .notAllowed(let offered):
            "the airline does not allow cancelling it now (it offers: \(offered.isEmpty ? "nothing" : offered.map(\.rawValue).joined(separator: ", ")))."
        }
    }

    /// Why a booking cannot be paid, as the end of a sentence.
    public func describe(_ blocker: PaymentBlocker) -> String {
        switch blocker {
        case .otherBackend(let other):
            "it was booked through \(other), and this run talks to \(backend); pay it from there."
        case .unreadable(let error):
            "its order could not be read from the flight service\(error.map { " (\($0.message))" } ?? ""), so its price is not known."
        case .cancelled:
            "it is cancelled."
        case .notAwaitingPayment:
            "it is not a held booking awaiting payment."
        case .lapsed(let deadline):
            "the hold lapsed: it had to be paid by \(TravelFormat.instant(deadline, in: timeZone)), and the airline no longer keeps it."
        }
    }

    /// The way forward when `blocker` stops a payment, when there is one.
    public static func suggestion(for blocker: PaymentBlocker) -> String? {
        switch blocker {
        case .lapsed: "Search again to book the flight anew."
        case .unreadable: "Try again in a moment."
        default: nil
        }
    }
}
