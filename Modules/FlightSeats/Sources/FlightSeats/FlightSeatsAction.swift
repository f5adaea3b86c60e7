import Foundation

/// Every user event and every answer the FlightSeats screen receives.
enum FlightSeatsAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again).
    case appeared
    /// The content's clock reading came back.
    case loaded(Date)
    /// A line was entered.
    case entered(String)
    /// Esc, or `b`.
    case back
    /// Ctrl-C.
    case interrupted
    /// The input ended.
    case inputEnded
}
