import Entities
import Trips
import Foundation
import ModuleCore
import Services

/// Where the change screen is; kept when the screen is covered, so it comes back where it was.
enum FlightChangeStep: Codable, Equatable, Sendable {
    /// Not shown yet.
    case start
    /// The booking is looked up by its reference.
    case finding
    /// Which of the booking's flights to move (a booking of one flight skips it).
    case chooseFlights
    /// The new day of the `n`th flight chosen.
    case chooseDay(Int)
    /// The cabin of the new flights (Enter keeps the booked one).
    case chooseCabin
    /// The airline is asked how the booking can change.
    case searching
    /// Its change offers, to choose one.
    case offers
    /// The chosen offer is read again and a change is made from it.
    case rechecking
    /// The change and its total, to confirm.
    case confirm
    /// Confirmed; the airline's answer is awaited.
    case confirming
    /// Ended (changed, declined, refused or failed).
    case finished
}

/// Everything the change screen knows, as a value.
struct FlightChangeState: Codable, Equatable, Sendable {
    /// The booking, the plan (from a command) and how it is shown.
    var input: FlightChangeInput
    /// Whether the terminal answers keys (a TTY): Esc goes back, `y` confirms at once.
    var isInteractive: Bool
    /// The clock as last read (by the action that showed the screen, or that answered work).
    var now: Date
    /// The traveller's today, for typed days.
    var today: CalendarDate
    /// Where the screen is.
    var step: FlightChangeStep = .start
    /// The booking's reference.
    var reference: String
    /// The booking as last read (after the change, with its new flights); `nil` until it is found.
    var order: Order?
    /// The ids of the booking's slices to move, in the booking's order.
    var moving: [String] = []
    /// The new day of each slice moving, by slice id.
    var newDays: [String: CalendarDate] = [:]
    /// The cabin of the new flights.
    var cabin: CabinClass?
    /// The airline's change offers, cheapest first.
    var offers: [OrderChangeOffer] = []
    /// The offer chosen, as listed.
    var chosen: OrderChangeOffer?
    /// The change made from it, to confirm.
    var change: OrderChange?
    /// The total listed before the offer was read again, when the airline's price moved.
    var movedFrom: Money?
    /// Whether the change offers were asked for again because the chosen one expired.
    var searchedAgain = false
    /// The last thing typed that could not be used, and why: shown under the question, asked again.
    var problem: String?

    /// A screen for `input`, before it first appears.
    init(input: FlightChangeInput, isInteractive: Bool, now: Date, today: CalendarDate) {
        self.input = input
        self.isInteractive = isInteractive
        self.now = now
        self.today = today
        order = input.order
        reference = input.order?.bookingReference ?? input.reference
    }

    /// The booking's slices (none until it is found).
    var slices: [Slice] { order?.slices ?? [] }

    /// The slices moving, in the booking's order.
    var movingSlices: [Slice] { slices.filter { moving.contains($0.id) } }

    /// The total to confirm: the change's (what the airline will charge, or give back when negative).
    var total: Money? { change?.changeTotalAmount ?? chosen?.changeTotalAmount }
}

/// Every input of the change screen and every answer it receives. Answers carry the time the clock was read as they
/// came, so the reducer never reads it.
enum FlightChangeAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after being covered), at `now`.
    case appeared(now: Date)
    /// A line typed at a question.
    case entered(String)
    /// A yes or no at the confirmation.
    case answered(Bool)
    /// Esc, or `b`: back a step.
    case back
    /// Ctrl-C.
    case interrupted
    /// The end of the input.
    case inputEnded
    /// The booking found by its reference, or why not.
    case found(Outcome<Order, ServiceError>, now: Date)
    /// The airline's change offers, or why there are none.
    case searched(Outcome<[OrderChangeOffer], ServiceError>, now: Date)
    /// The chosen offer read again and a change made from it, or why not.
    case rechecked(ChangeRecheck, now: Date)
    /// How confirming the change ended.
    case confirmed(ChangeConfirmation, now: Date)
}

