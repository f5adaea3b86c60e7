public import Entities

/// The ways out of the summary screen. The App implements it and hands the next module what it needs.
@MainActor
public protocol FlightSummaryRouter: AnyObject {
    /// The traveller goes back to the offers, or the offer expired or is gone and another must be chosen.
    func navigateBackToAvailability()

    /// The booking is made and the traveller moves on: show the bookings with `order` picked out.
    func navigateToBookings(highlighting order: Order)

    /// The traveller wants to choose seats for `offer` (`chosen` so far): show the seat maps, and return the seats
    /// confirmed there once the traveller comes back to this screen; `nil` when the traveller went back unchanged.
    /// Asked only when the builder was given an `ExtrasService`.
    func navigateToSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]?
}

extension FlightSummaryRouter {
    /// A composer without seat maps: nothing to show, nothing chosen.
    public func navigateToSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]? { nil }
}
