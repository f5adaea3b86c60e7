import Foundation

/// Everything the FlightSeats screen knows, as a value.
struct FlightSeatsState: Codable, Equatable, Sendable {
    /// The title asked for.
    var title: String
    /// Whether the terminal reads keys (Esc goes back) or lines (`b`).
    var isInteractive: Bool
    /// When the content was loaded; `nil` until it is.
    var openedAt: Date?
    /// Left through the router; nothing more is asked.
    var isDone = false
}
