import Entities
import Foundation
import TerminalUI

/// What must happen outside the bookings screen's reducer.
enum FlightBookingsEffect: Encodable, Sendable, Equatable {
    /// Show or ask something.
    case show(FlightBookingsOutput)
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
    /// Leave the screen, or end a printed run.
    case navigate(FlightBookingsRoute)
}

/// The ids the screen's service effects run under.
enum FlightBookingsEffectID: String, Hashable, Sendable, Codable {
    case load
    case lookUp
    case refresh
    case quote
    case cancel
    case pay
}

/// The ways out of the screen, as the router offers them.
enum FlightBookingsRoute: Encodable, Sendable, Equatable {
    /// A new search.
    case search
    /// Leave.
    case back
    /// A text or JSON run ended with this outcome.
    case finished(FlightBookingsOutcome)
}

/// What the view can be told: one case for each of its display methods.
enum FlightBookingsOutput: Codable, Sendable, Equatable {
    case list(BookingListViewModel)
    case detail(BookingDetailViewModel)
    case quote(CancellationQuoteViewModel)
    case prompt(BookingsPrompt?)
    /// A message, an error, progress or the output for programs, said as every screen says it.
    case note(ScreenNote)
    /// An iCalendar file for standard output, lines ended by CRLF as RFC 5545 asks (written as it is, not as JSON).
    case calendar(String)
}
