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

    /// A text or JSON run (`flights bookings`, `flights booking <reference>`, `flights cancel <reference>`) ended
    /// with `outcome`; interactive screens never call it.
    func bookingsDidFinish(_ outcome: FlightBookingsOutcome)
}

extension FlightBookingsRouter {
    /// A router made before changes could be offered does nothing (its Builder does not offer `m` either).
    public func navigateToChange(_ order: Order) {}

    /// A router made before seats could be chosen after booking shows none.
    public func navigateToSeats(for order: Order, offerID: String) async -> [SeatChoice]? { nil }

}

/// How a text or JSON run ended, for the App to turn into an exit status.
public enum FlightBookingsOutcome: Sendable, Hashable, Codable {
    /// Shown (and, for a cancel, cancelled).
    case done
    /// No booking with this reference on this machine or at the flight service.
    case notFound(reference: String)
    /// A change was offered and not made: not confirmed (no `--yes` off a terminal, or the traveller said no), or
    /// its amount (a total, or a cancellation's refund) was not the one agreed beforehand.
    case declined
    /// Something failed; the message says what and what to do.
    case failed(String)
    /// The bookings file on this machine could not be read (or the record written back); the message says why and
    /// what to do. Nothing was sent.
    case storeFailed(String)
}
