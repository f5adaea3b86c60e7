import CurlHTTP
@testable import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// Duffel: "When booking an offer with type hold, do not specify payments or services keys".
@Suite("A hold's order body")
struct HoldOrderBodyTests {
    func client(_ transport: RecordingTransport) -> DuffelClient {
        DuffelClient(
            configuration: DuffelConfiguration(
                baseURL: URL(string: "https://api.example.test/")!, accessToken: "duffel_test_x"),
            transport: transport)
    }

    func creation(_ type: OrderType, services: [SelectedService]) -> OrderCreation {
        OrderCreation(
            type: type, selectedOffers: ["off_1"],
            passengers: [PassengerDetails(
                id: "pas_1", title: .ms, gender: .female, givenName: "Ada", familyName: "Lovelace",
                bornOn: CalendarDate("1990-12-10")!, email: "ada@example.com", phoneNumber: "+442080160508")],
            payments: type == .instant ? [Payment(amount: Money("450.10", currency: "GBP")!)] : [],
            metadata: ["flights_booking_key": "k1"], services: services)
    }

    /// The `data` object of the body `createOrder` sent for `order`.
    func sentData(_ order: OrderCreation) async throws -> [String: Any] {
        let transport = RecordingTransport([.failure(.timedOut(after: .seconds(30)))])
        await #expect(throws: ServiceError.timedOut) { try await client(transport).orderService.createOrder(order) }
        let request = try #require(transport.requests.first)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        return try #require(body["data"] as? [String: Any])
    }

    @Test("a hold is sent with no payments key and no services key, not even empty ones")
    func holdHasNeither() async throws {
        for services in [[], [SelectedService(id: "ase_1", quantity: 1)]] {
            let data = try await sentData(creation(.hold, services: services))
            #expect(data["type"] as? String == "hold")
            #expect(data.keys.contains("payments") == false)
            #expect(data.keys.contains("services") == false)
            #expect(data["selected_offers"] as? [String] == ["off_1"])
            #expect((data["metadata"] as? [String: String]) == ["flights_booking_key": "k1"])
        }
    }

    @Test("an instant order still carries its payment, and its services when there are some")
    func instantUnchanged() async throws {
        let plain = try await sentData(creation(.instant, services: []))
        #expect((plain["payments"] as? [[String: String]]) == [["type": "balance", "amount": "450.10", "currency": "GBP"]])
        #expect(plain.keys.contains("services") == false)
        let extras = try await sentData(creation(.instant, services: [SelectedService(id: "ase_1", quantity: 2)]))
        #expect((extras["payments"] as? [[String: String]])?.count == 1)
        let services = extras["services"] as? [[String: Any]]
        #expect(services?.first?["id"] as? String == "ase_1")
        #expect(services?.first?["quantity"] as? Int == 2)
    }
}
