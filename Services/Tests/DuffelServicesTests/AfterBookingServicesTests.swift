import CurlHTTP
@testable import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// The calls after a booking, as they go over the wire: the airline's changes (list, accept, update) and services
/// added to an order, paid for a paid order and left to the order's payment for a hold.
@Suite("Airline changes and services after booking over a transport")
struct AfterBookingServicesTests {
    func client(_ transport: RecordingTransport) -> DuffelClient {
        DuffelClient(
            configuration: DuffelConfiguration(
                baseURL: URL(string: "https://api.example.test/")!, accessToken: "duffel_test_x"),
            transport: transport)
    }

    static let change = #"""
    {"id": "aic_1", "order_id": "ord_1", "action_taken": null, "action_taken_at": null,
     "available_actions": ["accept", "cancel", "change", "update", "reschedule"], "added": [], "removed": [],
     "travel_agent_ticket": {}, "created_at": "2026-11-22T10:00:00Z", "updated_at": "2026-11-22T10:00:00Z"}
    """#

    @Test("changes are listed by order, accepted with an empty body, updated with a PATCH of the action taken")
    func airlineChanges() async throws {
        let accepted = Self.change.replacingOccurrences(of: #""action_taken": null"#, with: #""action_taken": "accepted""#)
        let transport = RecordingTransport([
            RecordingTransport.json(200, #"{"data": [\#(Self.change), {"order_id": "ord_1"}], "meta": null}"#),
            RecordingTransport.json(200, #"{"data": \#(accepted)}"#),
            RecordingTransport.json(200, #"{"data": \#(accepted.replacingOccurrences(of: "accepted", with: "rebooked"))}"#),
        ])
        let service = client(transport).airlineChangeService
        let listed = try await service.airlineChanges(orderID: "ord_1")
        // The change without an id is left out; an action this version does not know is kept as it came.
        #expect(listed.map(\.id) == ["aic_1"])
        #expect(listed.first?.isPending == true)
        #expect(listed.first?.availableActions.last == AirlineChangeAction(rawValue: "reschedule"))
        #expect(listed.first?.travelAgentTicket == nil)
        #expect(try await service.acceptAirlineChange(id: "aic_1").actionTaken == .accepted)
        let updated = try await service.updateAirlineChange(id: "aic_1", actionTaken: .cancelled)
        #expect(updated.actionTaken == AirlineChangeActionTaken(rawValue: "rebooked"))
        #expect(updated.isPending == false)

        let requests = transport.requests
        #expect(requests[0].method == .get)
        #expect(requests[0].url.absoluteString == "https://api.example.test/air/airline_initiated_changes?order_id=ord_1")
        #expect(requests[1].method == .post)
        #expect(requests[1].url.path == "/air/airline_initiated_changes/aic_1/actions/accept")
        #expect(String(decoding: requests[1].body ?? Data(), as: UTF8.self) == #"{"data":{}}"#)
        #expect(requests[2].method == .patch)
        #expect(!requests[2].isIdempotent)
        #expect(requests[2].url.path == "/air/airline_initiated_changes/aic_1")
        #expect(requests[2].headers["Content-Type"] == "application/json")
        #expect(String(decoding: requests[2].body ?? Data(), as: UTF8.self) == #"{"data":{"action_taken":"cancelled"}}"#)
    }

    @Test("an order's services are read from a list; adding posts add_services with the payment, or none for a hold")
    func orderServices() async throws {
        let order = #"{"data": {"id": "ord_1", "booking_reference": "RZPVYB", "services": [{"id": "ser_1", "type": "baggage", "quantity": 1}]}}"#
        let transport = RecordingTransport([
            RecordingTransport.json(200, #"{"data": [{"id": "ase_1", "type": "baggage", "maximum_quantity": 2, "passenger_ids": ["pas_1"], "segment_ids": ["seg_1"], "total_amount": "30.00", "total_currency": "GBP"}, {"id": "ase_2"}], "meta": null}"#),
            RecordingTransport.json(201, order),
            RecordingTransport.json(201, order),
        ])
        let service = client(transport).orderExtrasService
        let available = try await service.availableServices(orderID: "ord_1")
        #expect(available.map(\.id) == ["ase_1"])
        let paid = try await service.addServices(orderID: "ord_1", ServicesAddition(
            addServices: [SelectedService(id: "ase_1", quantity: 2)], payment: Payment(amount: Money("60.00", currency: "GBP")!)))
        #expect(paid.services.map(\.id) == ["ser_1"])
        _ = try await service.addServices(orderID: "ord_1", ServicesAddition(addServices: [SelectedService(id: "ase_1")], payment: nil))

        let requests = transport.requests
        #expect(requests[0].url.absoluteString == "https://api.example.test/air/orders/ord_1/available_services")
        #expect(requests[1].method == .post)
        #expect(requests[1].url.path == "/air/orders/ord_1/services")
        let body = try #require(try JSONSerialization.jsonObject(with: requests[1].body ?? Data()) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        #expect((data["add_services"] as? [[String: Any]])?.first?["id"] as? String == "ase_1")
        #expect((data["add_services"] as? [[String: Any]])?.first?["quantity"] as? Int == 2)
        #expect(data["payment"] as? [String: String] == ["type": "balance", "amount": "60.00", "currency": "GBP"])
        let hold = try #require(try JSONSerialization.jsonObject(with: requests[2].body ?? Data()) as? [String: Any])
        #expect((hold["data"] as? [String: Any])?.keys.sorted() == ["add_services"])
    }
}
