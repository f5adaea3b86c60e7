import Entities
import Foundation
import ModuleCore
import Services

/// Every user event of the bookings screen and every service answer, as data. Answers carry the time the clock was
/// read as they came, so the reducer never reads it.
enum FlightBookingsAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after being covered), at `now`.
    case appeared(now: Date)
    /// A line was entered at a text prompt.
    case entered(String)
    /// A yes/no question was answered, at `now`.
    case confirmed(Bool, now: Date)
    /// Esc: back a step.
    case back
    /// Ctrl-C.
    case interrupted
    /// The end of the input (Ctrl-D, or a pipe ran dry).
    case inputEnded
    /// The screen was covered or popped.
    case disappeared
    /// The bookings kept here were read (pending ones checked).
    case bookingsLoaded(Outcome<BookingList, BookingStoreError>, now: Date)
    /// A look-up by reference answered.
    case lookedUp(BookingLookup, now: Date)
    /// A record was refreshed from the flight service.
    case refreshed(Booking, now: Date)
    /// The airline quoted a cancellation, or refused to.
    case quoted(Outcome<OrderCancellation, ServiceError>, now: Date)
    /// A cancellation was confirmed, or failed.
    case cancellationConfirmed(CancellationOutcome, now: Date)
    /// A payment ended.
    case paid(PaymentOutcome, now: Date)
}
