public import Entities
import Foundation

/// Moves a paid order to other flights, Duffel's order changes: ask for change offers, choose one, confirm it with
/// its change total. A confirmation whose answer was lost is checked by reading the change (or the order) again,
/// never by confirming twice.
public protocol OrderChangeService: Sendable {
    /// Asks for the ways to change an order (`POST /air/order_change_requests`): the slices to take out and a
    /// search for each new one. Refused (422) when the order's fare does not allow changes.
    func createOrderChangeRequest(_ request: OrderChangeRequestCreation) async throws(ServiceError) -> OrderChangeRequest

    /// Every change offer of a change request (`GET /air/order_change_offers?order_change_request_id=`), page
    /// after page.
    func orderChangeOffers(requestID: String) async throws(ServiceError) -> [OrderChangeOffer]

    /// One change offer as it stands now (`GET /air/order_change_offers/{id}`).
    func orderChangeOffer(id: String) async throws(ServiceError) -> OrderChangeOffer

    /// Chooses a change offer (`POST /air/order_changes`): a pending change, to confirm with its change total.
    func createOrderChange(offerID: String) async throws(ServiceError) -> OrderChange

    /// Confirms a pending change with the payment of its change total
    /// (`POST /air/order_changes/{id}/actions/confirm`); the order then flies the new slices. `payment` is `nil` when
    /// the change total is zero or below (money back goes where `refund_to` says: Duffel takes payment details only
    /// for a total above zero). Never retried blindly: when it fails without an answer, read the change with
    /// ``orderChange(id:)``.
    func confirmOrderChange(id: String, payment: Payment?) async throws(ServiceError) -> OrderChange

    /// An order change as it stands (`GET /air/order_changes/{id}`): whether it was confirmed.
    func orderChange(id: String) async throws(ServiceError) -> OrderChange
}
