public import Entities
public import Services

/// The ways out of FlightSeats; the composer implements it.
@MainActor
public protocol FlightSeatsRouter: AnyObject {
    /// The traveller confirmed these seats (none: they let the airline assign them). They replace any chosen before.
    func seatsChosen(_ seats: [SeatChoice])
    /// The traveller went back without changing the seats they came with.
    func navigateBack()
    /// The maps were shown without choosing (`flights seats <offer>`), or could not be.
    func seatsShown(_ outcome: FlightSeatsShowOutcome)
}

/// How showing the seat maps ended.
public enum FlightSeatsShowOutcome: Sendable, Hashable {
    /// Shown.
    case shown
    /// The airline gives no seat map for the offer.
    case noSeatMaps
    /// The maps could not be read.
    case failed(ServiceError)
}
