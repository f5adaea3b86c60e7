public import Entities

/// The ways out of the bookings screen. The App implements it.
@MainActor
public protocol FlightBookingsRouter: AnyObject {
    /// The traveller wants to start a new search.
    func navigateToSearch()

    /// The traveller leaves the screen.
    func navigateBack()

    /// The traveller wants to move a flight of `order` to another day (`m` on a booking, offered when the Builder
    /// was made with `offersChanges`).
    func navigateToChange(_ order: Order)

    /// The traveller wants to choose seats for `order` (`s`): show a seats screen over this one for the offer it was
    /// booked from, `offerID` (`Offer(bookedAs:offerID:)` draws it when the API no longer answers for
    /// the offer), and return the seats confirmed, or `nil` when the traveller went back. They are priced and
    /// confirmed here before anything is added.
    func navigateToSeats(for order: Order, offerID: String) async -> [SeatChoice]?
}

extension FlightBookingsRouter {
    /// A router made before changes could be offered does nothing (its Builder does not offer `m` either).
    public func navigateToChange(_ order: Order) {}

    /// A router made before seats could be chosen after booking shows none.
    public func navigateToSeats(for order: Order, offerID: String) async -> [SeatChoice]? { nil }
}
