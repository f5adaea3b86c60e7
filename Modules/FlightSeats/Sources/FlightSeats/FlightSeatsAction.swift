import Entities
import Foundation
import ModuleCore
import Services

/// Every user event and every answer the seats screen receives.
enum FlightSeatsAction: Codable, Sendable, Equatable {
    /// The screen is shown (first, or again).
    case appeared
    /// The offer came back (when the screen was given its id only).
    case offerLoaded(Outcome<Offer, ServiceError>)
    /// The seat maps came back.
    case mapsLoaded(Outcome<[SeatMap], ServiceError>)
    /// A key (interactive).
    case key(SeatKey)
    /// A line was entered (off a TTY).
    case entered(String)
    /// Esc.
    case back
    /// Ctrl-C.
    case interrupted
    /// The input ended.
    case inputEnded
}

/// The keys the seats screen reads.
enum SeatKey: Codable, Sendable, Equatable {
    case up, down, left, right, enter, space, backspace
    case character(String)
}
