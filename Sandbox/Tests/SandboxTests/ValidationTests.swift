import CurlHTTP
import Entities
import Foundation
import Services
import Testing

/// The errors Duffel answers with, each naming what to fix.
@Suite("Validation and errors")
struct ValidationTests {
    private func searchError(
        _ harness: Harness, sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout SearchRequest) -> Void
    ) async -> APIError? {
        var request = harness.search("LHR", "JFK")
        change(&request)
        return await apiError(sourceLocation: sourceLocation) {
            try await harness.offers.createOfferRequest(request, returnOffers: true)
        }
    }

    @Test("searches that break Duffel's rules are 422 validation_error naming the field")
    func searchRules() async throws {
        try await Harness.run { harness in
            let cases: [(String, (inout SearchRequest) -> Void)] = [
                ("slices[0].origin", { $0.slices[0].origin = "QQQ" }),
                ("slices[0].destination", { $0.slices[0].destination = "XYZ" }),
                ("slices[0].departure_date", { $0.slices[0].departureDate = harness.clock.date(daysAhead: -1) }),
                ("slices[1].departure_date", {
                    $0.slices.append(SearchSlice(origin: "JFK", destination: "LHR", departureDate: harness.clock.date(daysAhead: 10)))
                }),
                ("passengers", { $0.passengers = [] }),
                ("passengers", { $0.passengers = Array(repeating: .adult, count: 10) }),
                ("passengers", { $0.passengers = [.adult, .infantOnLap, .infantOnLap] }),
                ("max_connections", { $0.maxConnections = 3 }),
            ]
            for (field, change) in cases {
                let error = await searchError(harness, change)
                #expect(error?.status == 422, "\(field)")
                #expect(error?.primary?.type == .validation, "\(field)")
                #expect(error?.errors.contains { $0.source?.field == field } == true, "expected an error about \(field): \(String(describing: error))")
            }
        }
    }

    @Test("a body that does not fit the format is a 422 naming the field; one that is not JSON is a 400")
    func malformedBodies() async throws {
        try await Harness.run { harness in
            let wrongType = try await harness.raw(.post, "/air/offer_requests", body: """
                {"data":{"slices":[{"origin":"LHR","destination":"JFK","departure_date":"18/12/2030"}],"passengers":[{"type":"adult"}]}}
                """)
            #expect(wrongType.status == 422)
            #expect(try harness.decodeError(wrongType).primary?.source?.field == "slices[0].departure_date")

            let missing = try await harness.raw(.post, "/air/offer_requests", body: #"{"data":{"passengers":[{"type":"adult"}]}}"#)
            #expect(missing.status == 422)
            #expect(try harness.decodeError(missing).primary?.source?.field == "slices")

            let notJSON = try await harness.raw(.post, "/air/offer_requests", body: "slices=LHR")
            #expect(notJSON.status == 400)
            #expect(try harness.decodeError(notJSON).primary?.type == .invalidRequest)
        }
    }

    @Test("passenger details that break the rules are 422 naming each field")
    func passengerRules() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "CDG", passengers: [.adult, .child(age: 9)]), returnOffers: true).offers.first)
            let departure = harness.clock.date(daysAhead: 30)
            let cases: [(String, (inout PassengerDetails) -> Void)] = [
                ("passengers[0].given_name", { $0.givenName = "Ada2" }),
                ("passengers[0].given_name", { $0.givenName = String(repeating: "A", count: 21) }),
                ("passengers[0].family_name", { $0.familyName = "李" }),
                ("passengers[0].born_on", { $0.bornOn = departure.adding(days: -3_000) }),
                ("passengers[0].email", { $0.email = "ada.example.com" }),
                ("passengers[0].phone_number", { $0.phoneNumber = "07946 000000" }),
                ("passengers[0].id", { $0.id = "pas_unknown" }),
            ]
            for (field, change) in cases {
                var creation = harness.instantOrder(offer, departure: departure)
                change(&creation.passengers[0])
                let error = await apiError { try await harness.orders.createOrder(creation) }
                #expect(error?.status == 422, "\(field)")
                #expect(error?.primary?.type == .validation, "\(field)")
                #expect(error?.errors.contains { $0.source?.field == field } == true, "expected an error about \(field): \(String(describing: error))")
            }
            var child = harness.instantOrder(offer, departure: departure)
            child.passengers[1].bornOn = departure.adding(days: -(4 * 365))
            let childError = await apiError { try await harness.orders.createOrder(child) }
            #expect(childError?.errors.contains { $0.source?.field == "passengers[1].born_on" } == true)

            var missing = harness.instantOrder(offer, departure: departure)
            missing.passengers.removeLast()
            let missingError = await apiError { try await harness.orders.createOrder(missing) }
            #expect(missingError?.errors.contains { $0.source?.field == "passengers" } == true)
        }
    }

    @Test("an infant needs an adult who names them")
    func infantNeedsAdult() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "CDG", passengers: [.adult, .infantOnLap]), returnOffers: true).offers.first)
            let departure = harness.clock.date(daysAhead: 30)
            var creation = harness.instantOrder(offer, departure: departure)
            creation.passengers[0].infantPassengerId = nil
            let error = await apiError { try await harness.orders.createOrder(creation) }
            #expect(error?.status == 422)
            #expect(error?.errors.contains { $0.source?.field == "passengers[1].id" } == true)
            let order = try await harness.orders.createOrder(harness.instantOrder(offer, departure: departure))
            #expect(order.passengers.map(\.type) == [.adult, .infantWithoutSeat])
        }
    }

    @Test("the wrong payment amount or currency is a 422 validation_error")
    func wrongPayment() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "CDG"), returnOffers: true).offers.first)
            let departure = harness.clock.date(daysAhead: 30)
            var cheaper = harness.instantOrder(offer, departure: departure)
            cheaper.payments = [Payment(amount: Money(amount: offer.totalAmount.amount - 1, currency: "GBP"))]
            let amount = await apiError { try await harness.orders.createOrder(cheaper) }
            #expect(amount?.status == 422)
            #expect(amount?.has(.invalidPaymentAmount) == true)
            #expect(amount?.primary?.source?.field == "payments[0].amount")

            var dollars = harness.instantOrder(offer, departure: departure)
            dollars.payments = [Payment(amount: Money(amount: offer.totalAmount.amount, currency: "USD"))]
            let currency = await apiError { try await harness.orders.createOrder(dollars) }
            #expect(currency?.status == 422)
            #expect(currency?.primary?.source?.field == "payments[0].currency")

            var none = harness.instantOrder(offer, departure: departure)
            none.payments = []
            #expect(await apiError { try await harness.orders.createOrder(none) }?.primary?.source?.field == "payments")
        }
    }

    @Test("a missing or malformed token is 401 authentication_error")
    func authentication() async throws {
        try await Harness.run { harness in
            let tokens: [HTTPHeaders] = [
                ["Duffel-Version": "v2"],
                ["Duffel-Version": "v2", "Authorization": "Bearer duffel_live_secret"],
                ["Duffel-Version": "v2", "Authorization": "Bearer duffel_test_"],
                ["Duffel-Version": "v2", "Authorization": "Basic dXNlcjpwYXNz"],
                ["Duffel-Version": "v2", "Authorization": "duffel_test_x"],
            ]
            for headers in tokens {
                let response = try await harness.raw(.get, "/places/suggestions?query=lon", headers: headers)
                #expect(response.status == 401, "\(headers)")
                let error = try harness.decodeError(response)
                #expect(error.primary?.type == .authentication)
                #expect(error.requestID == response.headers["x-request-id"])
            }
            let accepted = try await harness.raw(.get, "/places/suggestions?query=lon", headers: [
                "Duffel-Version": "v2", "Authorization": "Bearer duffel_test_someone_else",
            ])
            #expect(accepted.status == 200)
        }
    }

    @Test("no Duffel-Version is 400; an unknown one too")
    func version() async throws {
        try await Harness.run { harness in
            for headers: HTTPHeaders in [
                ["Authorization": "Bearer \(Harness.token)"],
                ["Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v1"],
            ] {
                let response = try await harness.raw(.get, "/places/suggestions?query=lon", headers: headers)
                #expect(response.status == 400)
                #expect(try harness.decodeError(response).primary?.code == .unsupportedVersion)
            }
        }
    }

    @Test("unknown ids are 404", arguments: [
        "/air/offers/off_0000000000000000", "/air/offers/nonsense", "/air/offer_requests/orq_0123456789abcdefghjk",
        "/air/orders/ord_00000000000000000000000000", "/air/order_cancellations/ore_0000000000", "/air/nowhere",
    ])
    func unknownIDs(path: String) async throws {
        try await Harness.run { harness in
            let response = try await harness.raw(.get, path)
            #expect(response.status == 404)
            #expect(try harness.decodeError(response).primary?.code == .notFound)
        }
    }

    @Test("an offer id with a changed character is refused, not misread")
    func tamperedOfferID() async throws {
        try await Harness.run { harness in
            let offer = try #require(try await harness.offers.createOfferRequest(
                harness.search("LHR", "CDG"), returnOffers: true).offers.first)
            var characters = Array(offer.id)
            let index = characters.count / 2
            characters[index] = characters[index] == "a" ? "b" : "a"
            let error = await apiError { try await harness.offers.offer(id: String(characters)) }
            #expect(error?.status == 404)
        }
    }

    @Test("listing parameters out of range are 422 naming the parameter")
    func listingParameters() async throws {
        try await Harness.run { harness in
            let offerRequest = try await harness.offers.createOfferRequest(harness.search("LHR", "CDG"), returnOffers: false)
            for (query, parameter) in [
                ("limit=0", "limit"), ("limit=201", "limit"), ("sort=price", "sort"), ("max_connections=5", "max_connections"),
                ("after=gbogus", "after"),
            ] {
                let response = try await harness.raw(.get, "/air/offers?offer_request_id=\(offerRequest.id)&\(query)")
                #expect(response.status == 422, "\(query)")
                #expect(try harness.decodeError(response).primary?.source?.parameter == parameter)
            }
            let missing = try await harness.raw(.get, "/air/offers")
            #expect(missing.status == 422)
            #expect(try harness.decodeError(missing).primary?.source?.parameter == "offer_request_id")
        }
    }
}
