public import Entities
public import Services

/// The ways out of the summary screen. The App implements it and hands the next module what it needs.
@MainActor
public protocol FlightSummaryRouter: AnyObject {
    /// The traveller goes back to the offers, or the offer expired or is gone and another must be chosen.
    func navigateBackToAvailability()

    /// The booking is made and the traveller moves on: show the bookings with `order` picked out.
    func navigateToBookings(highlighting order: Order)

    /// An unattended run (`flights book …`) ended with `outcome`; interactive screens never call it.
    func summaryDidFinish(_ outcome: FlightSummaryOutcome)

    /// The traveller wants to choose seats for `offer` (`chosen` so far): show the seat maps, and return the seats
    /// confirmed there once the traveller comes back to this screen; `nil` when the traveller went back unchanged.
    /// Asked only when the builder was given an `ExtrasService`.
    func navigateToSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]?
}

extension FlightSummaryRouter {
    /// A composer without seat maps: nothing to show, nothing chosen.
    public func navigateToSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]? { nil }
}

/// How an unattended run ended, for the App to turn into an exit status.
public enum FlightSummaryOutcome: Sendable, Hashable, Codable {
    /// Booked (and written to the local store, unless the store said otherwise on the diagnostics).
    case booked(Order)
    /// The travellers' details break the airline's rules; one line per problem, naming passenger and field.
    case invalidInput([String])
    /// The offer expired or is no longer sold; the message says which.
    case offerUnavailable(String)
    /// The price moved since the offer was chosen; unattended runs never accept a new price, so nothing was booked.
    case priceChanged(from: Money, to: Money)
    /// The flight service failed, or the booking's answer was lost and the order could not be found.
    case failed(ServiceError)
    /// Nothing was sent: the booking could not be written on this machine first (a full disk, a read-only folder).
    case notSaved(BookingStoreError)
    /// The summary was shown and nothing was booked, because `--yes` was not given.
    case declined
}
