/// The ways out of FlightSeats; the composer implements it.
@MainActor
public protocol FlightSeatsRouter: AnyObject {
    /// The traveller is done with the screen and moves on.
    func flightSeatsDidFinish()
    /// The traveller went back.
    func navigateBack()
}
