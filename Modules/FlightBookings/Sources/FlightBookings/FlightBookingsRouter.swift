public import Entities

/// The ways out of the bookings screen, each saying what happened; the composer implements it. Every method is
/// named after the module (`bookings…`), so one object can implement several modules' routers.
@MainActor
public protocol FlightBookingsRouter: AnyObject {
    /// The traveller asked for a new search (`n`).
    func bookingsDidAskForSearch()

    /// The traveller left the screen.
    func bookingsDidGoBack()

    /// The traveller asked to move a flight of `order` to another day (`m` on a booking, offered when the Builder
    /// was made with `offersChanges`).
    func bookingsDidAskToChange(_ order: Order)

    /// The traveller asked to choose seats for `order` (`s`): a seats screen for the offer it was booked from,
    /// `offerID` (`Offer(bookedAs:offerID:)` draws it when the API no longer answers for the offer), shown over
    /// this one; return the seats confirmed, or `nil` when the traveller went back. They are priced and confirmed
    /// here before anything is added.
    func bookingsWantSeats(for order: Order, offerID: String) async -> [SeatChoice]?
}

extension FlightBookingsRouter {
    /// A composer that offers no changes does nothing (its Builder does not offer `m` either).
    public func bookingsDidAskToChange(_ order: Order) {}

    /// A composer without seat maps shows none.
    public func bookingsWantSeats(for order: Order, offerID: String) async -> [SeatChoice]? { nil }
}
