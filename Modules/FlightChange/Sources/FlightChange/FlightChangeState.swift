import Foundation

/// Everything the FlightChange screen knows, as a value.
struct FlightChangeState: Codable, Equatable, Sendable {
    var title: String
    /// Keys (Esc goes back) or lines (`b`).
    var isInteractive: Bool
    /// When the screen was opened, read through work; `nil` until the answer comes.
    var openedAt: Date?
    /// Left through the router: nothing more is asked.
    var isDone = false
}

/// Every input and every answer the FlightChange screen receives.
enum FlightChangeAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again).
    case appeared
    /// The work's answer.
    case opened(Date)
    /// Enter goes on; Esc or `b`, Ctrl-C and the end of the input go back.
    case proceed, back, interrupted, inputEnded
}
