public import Entities

/// The ways out of FlightSeats; the composer implements it.
@MainActor
public protocol FlightSeatsRouter: AnyObject {
    /// The traveller confirmed these seats (none: they let the airline assign them). They replace any chosen before.
    func seatsChosen(_ seats: [SeatChoice])
    /// The traveller went back without changing the seats they came with.
    func navigateBack()
}
