public import Entities

/// The airline's own changes to a booking (a flight moved by some hours): listed per order, accepted, or answered
/// with the action taken with the airline directly.
public protocol AirlineChangeService: Sendable {
    /// Every change the airline made to order `orderID`, answered or not
    /// (`GET /air/airline_initiated_changes?order_id=`).
    func airlineChanges(orderID: String) async throws(ServiceError) -> [AirlineInitiatedChange]

    /// Every change the airline made to any order of the account, answered or not (`GET
    /// /air/airline_initiated_changes`, page after page; Duffel's service reads at most 10 pages of 200): one call
    /// marks every booking with a change waiting.
    func airlineChanges() async throws(ServiceError) -> [AirlineInitiatedChange]

    /// Accepts a change: the order then has the new flights
    /// (`POST /air/airline_initiated_changes/{id}/actions/accept`). Never retried blindly: when the answer is lost,
    /// list the order's changes again to see whether it was accepted.
    func acceptAirlineChange(id: String) async throws(ServiceError) -> AirlineInitiatedChange

    /// Records what was done about a change with the airline directly (`PATCH /air/airline_initiated_changes/{id}`),
    /// where the change offers `update`.
    func updateAirlineChange(id: String, actionTaken: AirlineChangeActionTaken) async throws(ServiceError)
        -> AirlineInitiatedChange
}

/// Extras for an order already booked: bags (and seats, from its offer's seat maps) added after the booking. The only
/// way a held order gets extras: Duffel takes none in a hold's request.
public protocol OrderExtrasService: Sendable {
    /// What order `orderID` can still add (`GET /air/orders/{id}/available_services`).
    func availableServices(orderID: String) async throws(ServiceError) -> [AvailableService]

    /// Adds services to order `orderID` and answers the order with them (`POST /air/orders/{id}/services`). A paid
    /// order pays their total with `addition.payment`; a held order sends none and pays them with the order. Never
    /// retried blindly: when the answer is lost, read the order again to see whether they were added.
    func addServices(orderID: String, _ addition: ServicesAddition) async throws(ServiceError) -> Order
}
