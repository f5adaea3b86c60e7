import Entities
import Foundation
import ModuleCore
import Services
import Trips
import TerminalUI
import TravelText

/// Where the bookings screen is; kept when the screen is covered, so it comes back where it was.
enum FlightBookingsStep: Codable, Equatable, Sendable {
    case start
    case list
    case detail
    case confirmCancel(OrderCancellation)
    case confirmPay(Money)
    case confirmAcceptChange(AirlineInitiatedChange)
    case confirmExtras(ExtrasQuote)
}

/// What a look-up by reference under way is for, so its answer goes on where it was asked from.
enum FlightBookingsLookupPurpose: Codable, Equatable, Sendable {
    /// Show the booking asked for.
    case show
    /// Refresh the booking open in the detail (found only at the flight service).
    case refresh
}

/// Everything the bookings screen knows: what was asked, the clock as last read, the list, the booking open and
/// where the traveller is.
struct FlightBookingsState: Codable, Equatable, Sendable {
    /// What was asked for, and how it is shown.
    var input: FlightBookingsInput
    /// Whether the terminal is a TTY: tables are fitted to its width, else written whole.
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
    /// Work was asked for and its answer has not come: nothing is asked meanwhile.
    var waiting = false
    /// The screen left, or its input ended (Ctrl-C, end of input): nothing more is asked until it appears again.
    var stopped = false
    /// The bookings file could not be read for the list: the list shows nothing but its question.
    var listUnread = false
    /// Whether a booking's screen offers `m` to move a flight (the App can open the change screen).
    var offersChanges = false
    /// Whether the airline's schedule changes can be accepted from here (`a`): the backend has a change service.
    var acceptsAirlineChanges = false
    /// Whether bags can be added to a booking from here (`x`): the backend adds extras after booking.
    var addsExtras = false
    /// Whether the booked offer's seat maps can be read: seats are then chosen on the App's seats screen (`s`).
    var readsSeatMaps = false
    /// The bags being added.
    var addingExtras: ExtrasQuote?
    /// The orders (`ord_…`) the last list found with an airline change waiting.
    var changesWaiting: [String] = []

    /// A screen for `input`, before it first appears.
    init(input: FlightBookingsInput, canAsk: Bool, backend: String, storeLocation: String, timeZone: TimeZone, now: Date) {
        self.input = input
        self.canAsk = canAsk
        self.backend = backend
        self.storeLocation = storeLocation
        self.timeZone = timeZone
        self.now = now
    }

    /// How a booking is worded here: TravelText's, its ways forward named by the screen's keys.
    var text: BookingText {
        BookingText(
            backend: backend, now: now, timeZone: timeZone, storeLocation: storeLocation,
            acceptsAirlineChanges: acceptsAirlineChanges, ways: .keys(offersChanges: offersChanges))
    }
}

/// Every user event of the bookings screen and every service answer, as data. Answers carry the time the clock was
/// read as they came, so the reducer never reads it.
enum FlightBookingsAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after being covered), at `now`.
    case appeared(now: Date)
    /// A line was entered at a text prompt.
    case entered(String)
    /// A yes/no question was answered; the clock is read next.
    case answered(Bool)
    /// A yes/no answer, with the clock read as it came.
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
    /// Accepting the airline's schedule change ended.
    case airlineChangeAnswered(AirlineChangeOutcome, now: Date)
    /// The airline said which bags the order can still add, or could not.
    case bagsOffered(Outcome<[AvailableService], ServiceError>, now: Date)
    /// The traveller chose seats on the seats screen (`nil`: went back without choosing).
    case seatsChosen([SeatChoice]?, now: Date)
    /// Adding bags or seats ended.
    case extrasAdded(ExtrasOutcome, now: Date)

    /// Whether the action answers work the screen asked for.
    var isAnswer: Bool {
        switch self {
        case .appeared, .entered, .answered, .back, .interrupted, .inputEnded, .disappeared: false
        case .confirmed, .bookingsLoaded, .lookedUp, .refreshed, .quoted, .cancellationConfirmed, .paid,
             .airlineChangeAnswered, .bagsOffered, .seatsChosen, .extrasAdded: true
        }
    }
}
