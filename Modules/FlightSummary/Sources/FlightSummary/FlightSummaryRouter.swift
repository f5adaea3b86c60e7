public import Entities

/// The ways out of the summary screen, each saying what happened; the composer implements it and decides where to
/// go. Every method is named after the module (`summary…`), so one object can implement several modules' routers.
@MainActor
public protocol FlightSummaryRouter: AnyObject {
    /// The traveller went back to the offers, or the offer expired or is gone and another must be chosen.
    func summaryDidGoBack()

    /// The booking is made (booked and paid, or held to pay later): `order` is the airline's answer, written to the
    /// booking store (when that write failed, the screen says so and how to keep it). Said the moment
    /// it is made, before the screen shows it or asks anything more, so a composer whose input ends there (a kiosk,
    /// a script) still hears it. The screen goes on: it shows the booking and waits for Enter
    /// (``summaryDidFinish(_:)``).
    func summaryDidBook(_ order: Order)

    /// Booking again, an earlier attempt's booking of this offer was found (the same booking key): it was made, and
    /// cannot be read from the airline now. `record` is what this machine keeps of it (its reference, its order id).
    /// Said the moment it is found, as ``summaryDidBook(_:)`` is; nothing is sent again. The default does nothing.
    func summaryDidFindBookingMadeEarlier(_ record: BookingRecord)

    /// The traveller read the booking and moved on (Enter): the composer decides what comes next (Flights' app shows
    /// its bookings with `order` picked out).
    func summaryDidFinish(_ order: Order)

    /// The traveller wants to choose seats for `offer` (`chosen` so far): show the seat maps, and return the seats
    /// confirmed there once the traveller comes back to this screen; `nil` when the traveller went back unchanged.
    /// Asked only when the builder was given an `ExtrasService`.
    func summaryWantsSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]?
}

extension FlightSummaryRouter {
    /// A composer that keeps no account of earlier attempts: the screen says where the booking is.
    public func summaryDidFindBookingMadeEarlier(_ record: BookingRecord) {}

    /// A composer without seat maps: nothing to show, nothing chosen.
    public func summaryWantsSeats(for offer: Offer, chosen: [SeatChoice]) async -> [SeatChoice]? { nil }
}
