import Entities
import Foundation
import Services
import TerminalUI

/// What must happen outside the seats reducer.
enum FlightSeatsEffect: Encodable, Sendable, Equatable {
    /// Read the offer (given by its id only).
    case loadOffer(id: String)
    /// Read the offer's seat maps.
    case loadMaps(offerID: String)
    /// Show something.
    case show(FlightSeatsOutput)
    /// Leave through the router.
    case navigate(FlightSeatsRoute)
}

/// The ids the screen's reads run under: a new read of the same kind replaces the one under way.
enum FlightSeatsEffectID: Hashable, Sendable {
    case offer, maps
}

/// What the view can be told to show.
enum FlightSeatsOutput: Encodable, Sendable, Equatable {
    /// The screen: one flight's map, who is choosing, what is chosen.
    case screen(FlightSeatsViewModel)
    /// Every flight's map, for reading (`flights seats`).
    case maps([SeatGridViewModel])
    /// Duffel's seat maps as JSON on standard output.
    case json([SeatMap])
    /// A message, an error, progress.
    case note(ScreenNote)
    /// Ask for a key or a line next.
    case question(prompt: String)
    case finished
}

/// The ways out, as data.
enum FlightSeatsRoute: Encodable, Sendable, Equatable {
    case chosen([SeatChoice])
    case back
    case shown(ShowOutcome)

    enum ShowOutcome: Encodable, Sendable, Equatable {
        case shown, noSeatMaps
        case failed(ServiceError)
    }
}
