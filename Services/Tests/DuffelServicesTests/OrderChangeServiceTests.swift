import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// The order change calls, as sent: paths, bodies, and the pages of change offers followed to their end.
@Suite("Order changes over a transport")
struct OrderChangeServiceTests {
    private func client(_ transport: RecordingTransport) throws -> DuffelClient {
        DuffelClient(
            configuration: DuffelConfiguration(
                baseURL: try #require(URL(string: "https://api.example.test/")), accessToken: "duffel_test_x"),
            transport: transport)
    }

    private static func offer(_ id: String) -> String {
        #"{"id": "\#(id)", "change_total_amount": "10.00", "change_total_currency": "GBP"}"#
    }

    @Test("change offers are read page after page; a page that repeats the last one ends the reading")
    func pages() async throws {
        let transport = RecordingTransport([
            RecordingTransport.json(200, #"{"data": [\#(Self.offer("oco_1"))], "meta": {"after": "g1", "limit": 200}}"#),
            RecordingTransport.json(200, #"{"data": [\#(Self.offer("oco_2"))], "meta": {"after": "g2", "limit": 200}}"#),
            RecordingTransport.json(200, #"{"data": [\#(Self.offer("oco_2"))], "meta": {"after": "g3", "limit": 200}}"#),
        ])
        let offers = try await client(transport).orderChangeService.orderChangeOffers(requestID: "ocr_1")
        #expect(offers.map(\.id) == ["oco_1", "oco_2"])
        let queries = transport.requests.map { $0.url.query ?? "" }
        #expect(queries == [
            "order_change_request_id=ocr_1&limit=200", "order_change_request_id=ocr_1&limit=200&after=g1",
            "order_change_request_id=ocr_1&limit=200&after=g2",
        ])
    }

    @Test("choosing and confirming send Duffel's bodies to Duffel's paths")
    func bodies() async throws {
        let change = #"{"data": {"id": "oce_1", "order_id": "ord_1", "change_total_amount": "70.00", "change_total_currency": "GBP"}}"#
        let transport = RecordingTransport([RecordingTransport.json(201, change), RecordingTransport.json(200, change)])
        let service = try client(transport).orderChangeService
        _ = try await service.createOrderChange(offerID: "oco_1")
        let paid = try await service.confirmOrderChange(
            id: "oce_1", payment: Payment(amount: Money(amount: 70, currency: "GBP")))
        #expect(paid.changeTotalAmount == Money(amount: 70, currency: "GBP"))
        let requests = transport.requests
        #expect(requests.map(\.url.path) == ["/air/order_changes", "/air/order_changes/oce_1/actions/confirm"])
        let bodies = try requests.map { request in
            try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])["data"] as? [String: Any]
        }
        #expect(bodies.first??["selected_order_change_offer"] as? String == "oco_1")
        #expect(bodies.last??["payment"] as? [String: String] == ["type": "balance", "amount": "70.00", "currency": "GBP"])
    }
}
