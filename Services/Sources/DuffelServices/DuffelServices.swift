public import Entities
import Foundation
public import Services

/// Place suggestions: `GET /places/suggestions?query=…`.
public struct DuffelPlaceService: PlaceService {
    let client: DuffelClient

    /// A place service over `client`.
    public init(client: DuffelClient) { self.client = client }

    public func suggestions(for query: String) async throws(ServiceError) -> [Place] {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        return try await client.get(
            "/places/suggestions", query: [("query", trimmed)], as: Page<Place>.self
        ).items
    }
}

/// Offer requests and offers: `POST /air/offer_requests`, `GET /air/offers`, `GET /air/offers/{id}`.
public struct DuffelOfferService: OfferService {
    let client: DuffelClient

    /// An offer service over `client`.
    public init(client: DuffelClient) { self.client = client }

    public func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        let supplierTimeout = client.configuration.supplierTimeout
        return try await client.post(
            "/air/offer_requests",
            query: [("return_offers", returnOffers ? "true" : "false"), ("supplier_timeout", Self.milliseconds(supplierTimeout))],
            body: request,
            // The server may wait the whole supplier timeout before it answers.
            timeout: client.configuration.requestTimeout + supplierTimeout,
            as: DataEnvelope<OfferRequest>.self
        ).data
    }

    public func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> {
        try await client.get(
            "/air/offers",
            query: [
                ("offer_request_id", query.offerRequestID), ("sort", query.sort?.rawValue),
                ("max_connections", query.maxConnections.map(String.init)), ("limit", query.limit.map(String.init)),
                ("after", query.after),
            ],
            as: Page<Offer>.self)
    }

    public func offer(id: String) async throws(ServiceError) -> Offer {
        try await client.get("/air/offers/\(DuffelClient.percentEncode(id))", as: DataEnvelope<Offer>.self).data
    }

    /// `supplier_timeout` as Duffel takes it: whole milliseconds.
    static func milliseconds(_ duration: Duration) -> String {
        "\(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)"
    }
}

/// Batch offer requests: `POST /air/batch_offer_requests`, `GET /air/batch_offer_requests/{id}`.
extension DuffelOfferService: OfferBatchService {
    public func createBatchOfferRequest(
        _ request: SearchRequest, supplierTimeout: Duration?
    ) async throws(ServiceError) -> BatchOfferRequest {
        try await client.post(
            "/air/batch_offer_requests",
            query: [("supplier_timeout", Self.milliseconds(supplierTimeout ?? client.configuration.supplierTimeout))],
            body: request, as: DataEnvelope<BatchOfferRequest>.self
        ).data
    }

    public func batchOfferRequest(id: String, supplierTimeout: Duration?) async throws(ServiceError) -> BatchOfferRequest {
        // A long poll: the answer waits for the next batch, at most the supplier timeout.
        try await client.get(
            "/air/batch_offer_requests/\(DuffelClient.percentEncode(id))",
            timeout: client.configuration.requestTimeout + (supplierTimeout ?? client.configuration.supplierTimeout),
            as: DataEnvelope<BatchOfferRequest>.self
        ).data
    }
}

/// Seat maps and extras: `GET /air/seat_maps`, `GET /air/offers/{id}?return_available_services=true`.
public struct DuffelExtrasService: ExtrasService {
    let client: DuffelClient

    /// An extras service over `client`.
    public init(client: DuffelClient) { self.client = client }

    public func seatMaps(offerID: String) async throws(ServiceError) -> [SeatMap] {
        // A list without paging; a map that cannot be read is left out, not the others.
        try await client.get("/air/seat_maps", query: [("offer_id", offerID)], as: Page<SeatMap>.self).items
    }

    public func offerWithServices(id: String) async throws(ServiceError) -> Offer {
        try await client.get(
            "/air/offers/\(DuffelClient.percentEncode(id))", query: [("return_available_services", "true")],
            as: DataEnvelope<Offer>.self
        ).data
    }
}

/// Orders and cancellations: `POST /air/orders`, `GET /air/orders[/{id}]`, `POST /air/order_cancellations`.
public struct DuffelOrderService: OrderService {
    let client: DuffelClient

    /// An order service over `client`.
    public init(client: DuffelClient) { self.client = client }

    public func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order {
        try await client.post("/air/orders", body: order, as: DataEnvelope<Order>.self).data
    }

    public func order(id: String) async throws(ServiceError) -> Order {
        try await client.get("/air/orders/\(DuffelClient.percentEncode(id))", as: DataEnvelope<Order>.self).data
    }

    public func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        try await client.get(
            "/air/orders",
            query: [
                ("booking_reference", query.bookingReference), ("limit", query.limit.map(String.init)),
                ("after", query.after),
            ],
            as: Page<Order>.self)
    }

    public func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        try await client.post(
            "/air/order_cancellations", body: CancellationBody(orderID: orderID),
            as: DataEnvelope<OrderCancellation>.self
        ).data
    }

    public func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        try await client.post(
            "/air/order_cancellations/\(DuffelClient.percentEncode(id))/actions/confirm", body: EmptyBody?.none,
            as: DataEnvelope<OrderCancellation>.self
        ).data
    }
}

extension DuffelOrderService {
    public func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        try await client.post("/air/payments", body: payment, as: DataEnvelope<OrderPayment>.self).data
    }
}

private struct CancellationBody: Codable, Sendable {
    var orderID: String
    enum CodingKeys: String, CodingKey { case orderID = "order_id" }
}

private struct EmptyBody: Codable, Sendable {}
