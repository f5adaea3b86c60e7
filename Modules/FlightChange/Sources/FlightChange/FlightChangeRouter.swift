/// The ways out of FlightChange; the composer implements it.
@MainActor
public protocol FlightChangeRouter: AnyObject {
    /// The traveller is done with the screen and moves on.
    func flightChangeDidFinish()
    /// The traveller went back.
    func navigateBack()
}
