import Entities
import Services
import Foundation
import ModuleCore

/// Every user event of the summary screen and every service answer, as data. Answers carry the time the clock was
/// read as they came, so the reducer never reads it.
enum FlightSummaryAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after being covered), at `now`.
    case appeared(now: Date)
    /// A line was entered at a text prompt.
    case entered(String)
    /// A yes/no question was answered.
    case confirmed(Bool)
    /// An option of a choice was picked, by its index.
    case chose(Int)
    /// Enter at a "press Enter" prompt.
    case acknowledged
    /// Esc: back a step.
    case back
    /// Ctrl-C.
    case interrupted
    /// The end of the input (Ctrl-D, or a pipe ran dry).
    case inputEnded
    /// The screen was covered or popped.
    case disappeared
    /// The check of the offer asked under `id` answered.
    case checked(id: Int, OfferCheck, now: Date)
    /// The seats screen handed back these seats (they replace those chosen before).
    case seatsChosen([SeatChoice])
    /// The seat maps a passengers file's seats are checked on came back.
    case seatMapsRead(Outcome<[SeatMap], ServiceError>)
    /// A booking attempt ended.
    case bookingEnded(BookingAttempt, now: Date)
}
