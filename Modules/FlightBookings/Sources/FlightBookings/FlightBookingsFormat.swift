import Entities
import Foundation
import Services
import Trips

/// The module's own sentences for statuses, payments and why something cannot be done, from the state's clock,
/// time zone and backend.
extension FlightBookingsState {
    /// `Held, awaiting payment`, `Cancelled on …`.
    func status(of order: Order) -> String {
        switch order.status {
        case .confirmed: "Confirmed"
        case .awaitingPayment: "Held, awaiting payment"
        case .cancelled: order.cancelledAt.map { "Cancelled on \(TravelFormat.instant($0, in: timeZone))" } ?? "Cancelled"
        }
    }

    /// `Paid on …`, `£412.50 to pay by …`, `Hold lapsed: …`.
    func payment(of order: Order) -> String {
        let zone = timeZone
        if let paid = order.paymentStatus.paidAt { return "Paid on \(TravelFormat.instant(paid, in: zone))" }
        if order.paymentStatus.awaitingPayment, order.cancelledAt == nil {
            if let deadline = order.paymentStatus.paymentRequiredBy, deadline <= now {
                return "Hold lapsed: it had to be paid by \(TravelFormat.instant(deadline, in: zone))"
            }
            let deadline = order.paymentStatus.paymentRequiredBy.map { " by \(TravelFormat.instant($0, in: zone))" } ?? ""
            return "\(order.totalAmount?.formatted ?? "The total") to pay\(deadline)"
        }
        return order.status == .confirmed ? "Paid" : "Not paid"
    }

    /// Why a booking cannot be cancelled, as the end of a sentence.
    func describe(_ blocker: CancellationBlocker) -> String {
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
    func describe(_ blocker: PaymentBlocker) -> String {
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
}

/// How the bookings screen writes itineraries, apart from any state.
enum BookingsFormat {
    /// Each leg and its flights, on the airports' clocks.
    static func itinerary(_ slices: [Slice]) -> [ItineraryLegViewModel] {
        zip(TravelFormat.legNames(slices), slices).map { name, slice in
            var title = "\(name) · \(slice.origin.iataCode) → \(slice.destination.iataCode)"
            if let departs = slice.departingAt { title += " · \(TravelFormat.day(departs.date))" }
            title += " · \(slice.totalDuration.formatted)"
            let flights = slice.segments.map { segment in
                var line = "\(segment.flightNumber) · \(TravelFormat.local(segment.departingAt, at: segment.origin)) \(TravelFormat.airport(segment.origin))"
                if let terminal = segment.originTerminal { line += " T\(terminal)" }
                line += " → \(TravelFormat.local(segment.arrivingAt, at: segment.destination)) \(TravelFormat.airport(segment.destination))"
                if let terminal = segment.destinationTerminal { line += " T\(terminal)" }
                if segment.isOperatedByAnotherCarrier { line += " · operated by \(segment.operatingCarrier.name)" }
                if let aircraft = segment.aircraft { line += " · \(aircraft.name)" }
                return line
            }
            return ItineraryLegViewModel(title: title, flights: flights)
        }
    }
}

extension OrderCancellation {
    /// What comes back, or `nil` when nothing does: an airline that quotes £0.00 refunds nothing, and is worded so.
    var refund: Money? {
        guard let amount = refundAmount, amount.amount > 0 else { return nil }
        return amount
    }
}
