import Entities
import ModuleCore
import Services

/// Every user event of the search screen and every service answer, as data.
enum FlightSearchAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again after availability was popped), on `today`.
    case appeared(today: CalendarDate)
    /// A line was entered (the default when nothing was typed), or a key of the review or the legs.
    case entered(String)
    /// An option of the list on screen was chosen.
    case chose(Int)
    /// Esc on a TTY, `b` on a pipe: back a step.
    case back
    /// Ctrl-C.
    case interrupted
    /// The end of the input (Ctrl-D, or a pipe ran dry).
    case inputEnded
    /// The place service answered the look-up `id`.
    case placesAnswered(id: Int, Outcome<[Place], ServiceError>)
    /// The unattended search was resolved, or failed.
    case unattendedAnswered(Outcome<SearchRequest, FlightSearchFailure>)
}
