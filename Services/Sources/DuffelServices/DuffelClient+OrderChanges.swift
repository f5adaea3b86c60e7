public import Entities
import Foundation
public import Services

extension DuffelClient {
    /// Order changes: moving a paid order to other flights.
    public var orderChangeService: DuffelOrderChangeService { DuffelOrderChangeService(client: self) }
}

/// Order changes: `POST /air/order_change_requests`, `GET /air/order_change_offers[/{id}]`,
/// `POST /air/order_changes[/{id}/actions/confirm]`, `GET /air/order_changes/{id}`.
public struct DuffelOrderChangeService: OrderChangeService {
    let client: DuffelClient

    /// An order change service over `client`.
    public init(client: DuffelClient) { self.client = client }

    /// The most pages of change offers read for one request.
    static let maxPages = 20

    public func createOrderChangeRequest(
        _ request: OrderChangeRequestCreation
    ) async throws(ServiceError) -> OrderChangeRequest {
        try await client.post("/air/order_change_requests", body: request, as: DataEnvelope<OrderChangeRequest>.self).data
    }

    public func orderChangeOffers(requestID: String) async throws(ServiceError) -> [OrderChangeOffer] {
        var offers: [OrderChangeOffer] = []
        var seen: Set<String> = []
        var cursor: String?
        var pages = 0
        repeat {
            let page = try await client.get(
                "/air/order_change_offers",
                query: [("order_change_request_id", requestID), ("limit", "200"), ("after", cursor)],
                as: Page<OrderChangeOffer>.self)
            pages += 1
            let fresh = page.items.filter { seen.insert($0.id).inserted }
            offers += fresh
            // Duffel's examples name a next page on their last one: a page of nothing new, or a cursor that points
            // back at itself, ends the reading.
            let repeated = !page.items.isEmpty && fresh.isEmpty
            cursor = repeated || page.after == cursor || pages >= Self.maxPages ? nil : page.after
        } while cursor != nil && !Task.isCancelled
        if Task.isCancelled { throw .cancelled }
        return offers
    }

    public func orderChangeOffer(id: String) async throws(ServiceError) -> OrderChangeOffer {
        try await client.get(
            "/air/order_change_offers/\(DuffelClient.percentEncode(id))", as: DataEnvelope<OrderChangeOffer>.self
        ).data
    }

    public func createOrderChange(offerID: String) async throws(ServiceError) -> OrderChange {
        try await client.post(
            "/air/order_changes", body: OrderChangeCreation(selectedOrderChangeOffer: offerID),
            as: DataEnvelope<OrderChange>.self
        ).data
    }

    public func confirmOrderChange(id: String, payment: Payment?) async throws(ServiceError) -> OrderChange {
        try await client.post(
            "/air/order_changes/\(DuffelClient.percentEncode(id))/actions/confirm",
            body: OrderChangeConfirmation(payment: payment), as: DataEnvelope<OrderChange>.self
        ).data
    }

    public func orderChange(id: String) async throws(ServiceError) -> OrderChange {
        try await client.get("/air/order_changes/\(DuffelClient.percentEncode(id))", as: DataEnvelope<OrderChange>.self).data
    }
}
