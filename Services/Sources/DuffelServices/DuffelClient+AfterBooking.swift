public import Entities
import Foundation
public import Services

extension DuffelClient {
    /// The airline's changes to orders.
    public var airlineChangeService: DuffelAirlineChangeService { DuffelAirlineChangeService(client: self) }
    /// Extras added to orders after booking.
    public var orderExtrasService: DuffelOrderExtrasService { DuffelOrderExtrasService(client: self) }

    /// `PATCH path` with `{"data": body}`, decoded as `Response`. Never retried by the transport.
    func patch<Body: Encodable & Sendable, Response: Decodable>(
        _ path: String, body: Body, as type: Response.Type
    ) async throws(ServiceError) -> Response {
        let data: Data
        do {
            data = try DuffelJSON.encoder().encode(DataBody(data: body))
        } catch {
            throw .malformedResponse("The request could not be encoded: \(error)")
        }
        let request = try makeRequest(method: .patch, path: path, query: [], body: data, timeout: nil)
        return try await send(request, as: type)
    }
}

/// Airline-initiated changes: `GET /air/airline_initiated_changes?order_id=`, `POST …/{id}/actions/accept`,
/// `PATCH …/{id}`.
public struct DuffelAirlineChangeService: AirlineChangeService {
    let client: DuffelClient

    /// An airline-change service over `client`.
    public init(client: DuffelClient) { self.client = client }

    public func airlineChanges(orderID: String) async throws(ServiceError) -> [AirlineInitiatedChange] {
        // A few per order at most: one page. A change that cannot be read is left out, not the others.
        try await client.get(
            "/air/airline_initiated_changes", query: [("order_id", orderID)], as: Page<AirlineInitiatedChange>.self
        ).items
    }

    /// How many pages of changes ``airlineChanges()`` reads at most (200 each).
    static let changePages = 10

    public func airlineChanges() async throws(ServiceError) -> [AirlineInitiatedChange] {
        var changes: [AirlineInitiatedChange] = []
        var after: String?
        for _ in 0..<Self.changePages {
            let page = try await client.get(
                "/air/airline_initiated_changes", query: [("limit", "200"), ("after", after)],
                as: Page<AirlineInitiatedChange>.self)
            changes += page.items
            // A cursor that does not move would read the same page again: stop there.
            guard let next = page.after, next != after else { break }
            after = next
        }
        return changes
    }

    public func acceptAirlineChange(id: String) async throws(ServiceError) -> AirlineInitiatedChange {
        try await client.post(
            "/air/airline_initiated_changes/\(DuffelClient.percentEncode(id))/actions/accept", body: NoBody?.none,
            as: DataEnvelope<AirlineInitiatedChange>.self
        ).data
    }

    public func updateAirlineChange(
        id: String, actionTaken: AirlineChangeActionTaken
    ) async throws(ServiceError) -> AirlineInitiatedChange {
        try await client.patch(
            "/air/airline_initiated_changes/\(DuffelClient.percentEncode(id))",
            body: AirlineChangeUpdate(actionTaken: actionTaken), as: DataEnvelope<AirlineInitiatedChange>.self
        ).data
    }
}

/// Services after booking: `GET /air/orders/{id}/available_services`, `POST /air/orders/{id}/services`.
public struct DuffelOrderExtrasService: OrderExtrasService {
    let client: DuffelClient

    /// An order-extras service over `client`.
    public init(client: DuffelClient) { self.client = client }

    public func availableServices(orderID: String) async throws(ServiceError) -> [AvailableService] {
        // A list without paging (`meta` is `null` or absent); a service that cannot be read is left out.
        try await client.get(
            "/air/orders/\(DuffelClient.percentEncode(orderID))/available_services", as: Page<AvailableService>.self
        ).items
    }

    public func addServices(orderID: String, _ addition: ServicesAddition) async throws(ServiceError) -> Order {
        try await client.post(
            "/air/orders/\(DuffelClient.percentEncode(orderID))/services", body: addition,
            as: DataEnvelope<Order>.self
        ).data
    }
}

private struct DataBody<Body: Encodable>: Encodable {
    var data: Body
}

private struct NoBody: Codable, Sendable {}
