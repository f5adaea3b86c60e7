import DuffelServices
import Entities
import Foundation
import Services
import Testing

/// Duffel: "When booking an offer with type hold, do not specify payments or services keys". The sandbox refuses
/// a hold naming payments (even an empty list) or any service, so that the app's own tests see a body that does;
/// an empty services list alone passes, as Duffel's own Python client sends one with every hold.
@Suite("Holds name no payments or services")
struct HoldOrderTests {
    /// A hold-only offer (JFK → EWR) and the raw `POST /air/orders` body of a hold of it, with `extra` keys added.
    private func holdBody(_ harness: Harness, _ offer: Offer, extra: [String: Any]) throws -> String {
        let creation = OrderCreation(
            type: .hold, selectedOffers: [offer.id],
            passengers: harness.details(for: offer, departure: harness.clock.date(daysAhead: 30)), payments: [])
        var data = try #require(
            try JSONSerialization.jsonObject(with: DuffelJSON.encoder().encode(creation)) as? [String: Any])
        #expect(data.keys.contains("payments") == false)
        #expect(data.keys.contains("services") == false)
        data.merge(extra) { _, new in new }
        let body = try JSONSerialization.data(withJSONObject: ["data": data])
        return String(decoding: body, as: UTF8.self)
    }

    private func holdOnlyOffer(_ harness: Harness) async throws -> Offer {
        try #require(try await harness.offers.createOfferRequest(
            harness.search("JFK", "EWR"), returnOffers: true).offers.first)
    }

    @Test("a hold naming payments (even empty) or a service is refused 422 with the field and Duffel's rule")
    func refused() async throws {
        try await Harness.run { harness in
            let offer = try await holdOnlyOffer(harness)
            let withBag = try await harness.client.extrasService.offerWithServices(id: offer.id)
            let bag = try #require(withBag.availableServices?.first)
            let cases: [(extra: [String: Any], fields: [String])] = [
                (["payments": [Any]()], ["payments"]),
                (["payments": NSNull()], ["payments"]),
                (["services": [["id": bag.id, "quantity": 1]]], ["services"]),
                (["payments": [["type": "balance", "amount": offer.totalAmount.wireAmount,
                                "currency": offer.totalAmount.currency]]], ["payments"]),
                (["payments": [Any](), "services": [["id": bag.id, "quantity": 1]]], ["payments", "services"]),
            ]
            for (extra, fields) in cases {
                let response = try await harness.raw(.post, "/air/orders", body: holdBody(harness, offer, extra: extra))
                #expect(response.status == 422, "\(fields)")
                let error = try harness.decodeError(response)
                #expect(error.errors.map { $0.source?.field } == fields)
                #expect(error.errors.allSatisfy { $0.type == .validation })
                #expect(error.errors.allSatisfy {
                    $0.message.contains("When booking an offer with type hold, do not specify payments or services keys")
                })
            }
            // Nothing was booked by the refusals: the same offer is then held.
            let held = try await harness.raw(.post, "/air/orders", body: holdBody(harness, offer, extra: [:]))
            #expect(held.status == 201)
        }
    }

    @Test("a hold with an empty services list, as Duffel's own Python client sends every hold, is accepted")
    func emptyServicesAccepted() async throws {
        try await Harness.run { harness in
            let offer = try await holdOnlyOffer(harness)
            let held = try await harness.raw(.post, "/air/orders", body: holdBody(harness, offer, extra: ["services": [Any]()]))
            #expect(held.status == 201)
        }
    }

    @Test("a hold without payments or services is accepted, and made through the client it names neither")
    func accepted() async throws {
        try await Harness.run { harness in
            let offer = try await holdOnlyOffer(harness)
            let order = try await harness.orders.createOrder(OrderCreation(
                type: .hold, selectedOffers: [offer.id],
                passengers: harness.details(for: offer, departure: harness.clock.date(daysAhead: 30)), payments: []))
            #expect(order.type == .hold)
            #expect(order.status == .awaitingPayment)
            #expect(order.totalAmount == offer.totalAmount)
            #expect(order.services.isEmpty)
        }
    }
}
