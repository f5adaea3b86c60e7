public import Entities

/// The ways out of FlightSeats, each saying what happened; the composer implements it. Every method is named after
/// the module (`seats…`), so one object can implement several modules' routers.
@MainActor
public protocol FlightSeatsRouter: AnyObject {
    /// The traveller confirmed these seats (none: they let the airline assign them). They replace any chosen before.
    func seatsDidChoose(_ seats: [SeatChoice])
    /// The traveller went back without changing the seats they came with.
    func seatsDidGoBack()
}
