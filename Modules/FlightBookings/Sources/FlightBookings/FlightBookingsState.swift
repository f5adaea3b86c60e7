import Entities
import Foundation
import TerminalUI

/// Where the bookings screen is; kept when the screen is covered, so it comes back where it was.
enum FlightBookingsStep: Codable, Equatable, Sendable {
    case start
    case list
    case detail
    case confirmCancel(OrderCancellation)
    case confirmPay(Money)
    case finished
}

/// What a look-up by reference under way is for, so its answer goes on where it was asked from.
enum FlightBookingsLookupPurpose: Codable, Equatable, Sendable {
    /// Show the booking (and, off the interactive screen, end there).
    case show
    /// Show it, then start cancelling it.
    case cancel
    /// Show it, then start paying for it.
    case pay
    /// Refresh the booking open in the detail (found only at the flight service).
    case refresh
}

/// Everything the bookings screen knows: what was asked, the clock as last read, the list, the booking open and
/// where the traveller is.
struct FlightBookingsState: Codable, Equatable, Sendable {
    /// What was asked for, and how it is shown.
    var input: FlightBookingsInput
    /// Whether the terminal can answer a question (a TTY): a text-mode cancel without `--yes` asks only then.
    var canAsk: Bool
    /// Which API this run talks to.
    var backend: String
    /// Where bookings are kept, for the traveller.
    var storeLocation: String
    /// The traveller's time zone, for deadlines and times.
    var timeZone: TimeZone
    /// The clock as last read (by the action that appeared the screen, answered a service call or confirmed).
    var now: Date
    /// Where the screen is.
    var step: FlightBookingsStep = .start
    /// The bookings kept here, as last read.
    var records: [BookingRecord] = []
    /// What checking pending bookings found, and problems with the store.
    var notes: [Notice] = []
    /// The booking open in the detail, as last read.
    var current: Booking?
    /// Pending bookings the flight service has no order for, as the last check found.
    var pendingNotFoundKeys: [String] = []
    /// Whether the refund quote being confirmed was already asked for again because it had expired.
    var requotedOnce = false
    /// The amount of the payment under way.
    var paying: Money?
    /// What the look-up by reference under way is for.
    var lookup: FlightBookingsLookupPurpose?

    /// A screen for `input`, before it first appears.
    init(input: FlightBookingsInput, canAsk: Bool, backend: String, storeLocation: String, timeZone: TimeZone, now: Date) {
        self.input = input
        self.canAsk = canAsk
        self.backend = backend
        self.storeLocation = storeLocation
        self.timeZone = timeZone
        self.now = now
    }

    /// Whether the screen is part of the App's flow (rather than one printed answer).
    var isInteractive: Bool { input.presentation == .interactive }
}
