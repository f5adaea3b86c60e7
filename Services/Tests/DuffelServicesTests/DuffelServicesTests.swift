import CurlHTTP
@testable import DuffelServices
import Entities
import Foundation
import Services
import Synchronization
import Testing

/// Answers each request from a queue of canned responses and keeps the requests for inspection.
final class RecordingTransport: HTTPTransport {
    private let state: Mutex<(requests: [HTTPRequest], responses: [Result<HTTPResponse, HTTPClientError>])>

    init(_ responses: [Result<HTTPResponse, HTTPClientError>]) {
        state = Mutex((requests: [], responses: responses))
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        let next = state.withLock { state -> Result<HTTPResponse, HTTPClientError>? in
            state.requests.append(request)
            return state.responses.isEmpty ? nil : state.responses.removeFirst()
        }
        guard let next else { throw .transport(code: 0, message: "no canned response left") }
        return try next.get()
    }

    static func json(_ status: Int, _ body: String, headers: HTTPHeaders = [:]) -> Result<HTTPResponse, HTTPClientError> {
        .success(HTTPResponse(
            status: status, headers: headers, body: Data(body.utf8),
            url: URL(string: "https://api.example.test/")!))
    }
}

@Suite("Duffel services over a transport")
struct DuffelServicesTests {
    static let token = "duffel_test_SECRET_token_value"

    func client(_ transport: RecordingTransport) -> DuffelClient {
        DuffelClient(
            configuration: DuffelConfiguration(
                baseURL: URL(string: "https://api.example.test/")!, accessToken: Self.token,
                supplierTimeout: .seconds(20), requestTimeout: .seconds(30)),
            transport: transport)
    }

    static let emptyOfferRequest = #"""
    {"data": {"id": "orq_1", "live_mode": false, "created_at": "2026-11-22T10:00:00.000Z", "cabin_class": "economy",
      "slices": [{"origin": {"type": "airport", "iata_code": "LHR", "name": "Heathrow", "iata_country_code": "GB", "time_zone": "Europe/London"},
                  "destination": {"type": "city", "iata_code": "NYC", "name": "New York", "iata_country_code": "US", "airports": []},
                  "departure_date": "2026-12-18"}],
      "passengers": [{"id": "pas_1", "type": "adult"}, {"id": "pas_2", "age": 8}], "offers": []}}
    """#

    @Test("every request carries the token, the version and JSON headers")
    func headers() async throws {
        let transport = RecordingTransport([RecordingTransport.json(200, #"{"data": [], "meta": null}"#)])
        _ = try await client(transport).placeService.suggestions(for: "new york")
        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        #expect(request.url.absoluteString == "https://api.example.test/places/suggestions?query=new%20york")
        #expect(request.headers["Authorization"] == "Bearer \(Self.token)")
        #expect(request.headers["Duffel-Version"] == "v2")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["Content-Type"] == nil)
        #expect(request.body == nil)
    }

    @Test("an empty query asks nothing")
    func emptyQuery() async throws {
        let transport = RecordingTransport([])
        #expect(try await client(transport).placeService.suggestions(for: "  ").isEmpty)
        #expect(transport.requests.isEmpty)
    }

    @Test("a search posts the slices in a data envelope with the supplier timeout")
    func searchBody() async throws {
        let transport = RecordingTransport([RecordingTransport.json(201, Self.emptyOfferRequest)])
        let search = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "NYC", departureDate: CalendarDate("2026-12-18")!)],
            passengers: [.adult, .child(age: 8)], cabinClass: .economy, maxConnections: 0)
        let offerRequest = try await client(transport).offerService.createOfferRequest(search, returnOffers: false)
        #expect(offerRequest.id == "orq_1")
        #expect(offerRequest.passengers.map(\.id) == ["pas_1", "pas_2"])
        #expect(offerRequest.slices.first?.destination.kind == .city)
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(!request.isIdempotent)
        #expect(request.url.absoluteString
            == "https://api.example.test/air/offer_requests?return_offers=false&supplier_timeout=20000")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.timeout == .seconds(50))
        let body = try #require(request.body)
        let envelope = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let data = try #require(envelope?["data"] as? [String: Any])
        #expect(data["max_connections"] as? Int == 0)
        #expect((data["passengers"] as? [[String: Any]])?.count == 2)
        let decoded = try DuffelJSON.decoder().decode(DataEnvelope<SearchRequest>.self, from: body)
        #expect(decoded.data == search)
    }

    @Test("offers are listed with sort, connections, limit and cursor")
    func listOffers() async throws {
        let transport = RecordingTransport([RecordingTransport.json(200, #"{"data": [], "meta": {"limit": 50, "after": null}}"#)])
        _ = try await client(transport).offerService.offers(OfferQuery(
            offerRequestID: "orq_1", sort: .totalDurationDescending, maxConnections: 1, limit: 50, after: "g2wA+/x="))
        #expect(transport.requests.first?.url.absoluteString
            == "https://api.example.test/air/offers?offer_request_id=orq_1&sort=-total_duration&max_connections=1&limit=50&after=g2wA%2B%2Fx%3D")
    }

    @Test("search follows every page")
    func searchFollowsPages() async throws {
        let transport = RecordingTransport([
            RecordingTransport.json(201, Self.emptyOfferRequest),
            RecordingTransport.json(200, #"{"data": [], "meta": {"limit": 200, "after": "page2"}}"#),
            RecordingTransport.json(200, #"{"data": [], "meta": {"limit": 200, "after": null}}"#),
        ])
        let search = SearchRequest(
            slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: CalendarDate("2026-12-18")!)],
            passengers: [.adult])
        let result = try await client(transport).offerService.search(search)
        #expect(result.offerRequest.id == "orq_1")
        let urls = transport.requests.map(\.url.absoluteString)
        #expect(urls.count == 3)
        #expect(urls[1].contains("sort=total_amount") && !urls[1].contains("after="))
        #expect(urls[2].hasSuffix("after=page2"))
    }

    @Test("orders: create posts the body, list filters by reference, cancellation quotes then confirms")
    func orders() async throws {
        let cancellation = #"""
        {"data": {"id": "ore_1", "order_id": "ord_1", "refund_amount": "90.80", "refund_currency": "GBP",
                  "refund_to": "balance", "expires_at": "2026-11-22T10:30:00Z", "confirmed_at": null,
                  "created_at": "2026-11-22T10:00:00Z", "live_mode": false}}
        """#
        let transport = RecordingTransport([
            RecordingTransport.json(200, #"{"data": [], "meta": {"after": null}}"#),
            RecordingTransport.json(201, cancellation),
            RecordingTransport.json(200, cancellation.replacingOccurrences(of: #""confirmed_at": null"#, with: #""confirmed_at": "2026-11-22T10:01:00Z""#)),
        ])
        let service = client(transport).orderService
        _ = try await service.orders(OrderQuery(bookingReference: "RZPVYB"))
        let quote = try await service.quoteCancellation(orderID: "ord_1")
        #expect(quote.refundAmount == Money("90.80", currency: "GBP"))
        #expect(!quote.isConfirmed)
        let confirmed = try await service.confirmCancellation(id: quote.id)
        #expect(confirmed.isConfirmed)
        let requests = transport.requests
        #expect(requests[0].url.absoluteString == "https://api.example.test/air/orders?booking_reference=RZPVYB")
        #expect(requests[1].url.path == "/air/order_cancellations")
        #expect(String(decoding: requests[1].body ?? Data(), as: UTF8.self) == #"{"data":{"order_id":"ord_1"}}"#)
        #expect(requests[2].url.path == "/air/order_cancellations/ore_1/actions/confirm")
        #expect(String(decoding: requests[2].body ?? Data(), as: UTF8.self) == #"{"data":{}}"#)
    }

    @Test("an order body carries passengers, payment and metadata; the POST is not retried")
    func orderBody() async throws {
        let transport = RecordingTransport([.failure(.timedOut(after: .seconds(30)))])
        let order = OrderCreation(
            type: .instant, selectedOffers: ["off_1"],
            passengers: [PassengerDetails(
                id: "pas_1", title: .ms, gender: .female, givenName: "Ada", familyName: "Lovelace",
                bornOn: CalendarDate("1990-12-10")!, email: "ada@example.com", phoneNumber: "+442080160508")],
            payments: [Payment(amount: Money("450.10", currency: "GBP")!)], metadata: ["flights_booking_key": "k1"])
        await #expect(throws: ServiceError.timedOut) { try await client(transport).orderService.createOrder(order) }
        let request = try #require(transport.requests.first)
        #expect(!request.isIdempotent)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["selected_offers"] as? [String] == ["off_1"])
        #expect((data["payments"] as? [[String: String]]) == [["type": "balance", "amount": "450.10", "currency": "GBP"]])
        #expect((data["metadata"] as? [String: String]) == ["flights_booking_key": "k1"])
        let passenger = try #require((data["passengers"] as? [[String: Any]])?.first)
        #expect(passenger["born_on"] as? String == "1990-12-10")
        #expect(passenger["phone_number"] as? String == "+442080160508")
        #expect(passenger["gender"] as? String == "f")
    }

    @Test("error envelopes become typed API errors with their rate limit")
    func errorEnvelope() async throws {
        let body = #"""
        {"meta": {"status": 422, "request_id": "req_9"}, "errors": [{"type": "invalid_state_error",
         "code": "offer_no_longer_available", "title": "Offer no longer available",
         "message": "The offer is no longer available", "source": null}]}
        """#
        let transport = RecordingTransport([RecordingTransport.json(
            422, body, headers: ["ratelimit-limit": "60", "ratelimit-remaining": "59", "ratelimit-reset": "Sun, 22 Nov 2026 10:01:00 GMT"])])
        let duffel = client(transport)
        do {
            _ = try await duffel.offerService.offer(id: "off_gone")
            Issue.record("expected an error")
        } catch {
            #expect(error.has(.offerNoLongerAvailable))
            #expect(error.apiError?.requestID == "req_9")
            #expect(error.apiError?.primary?.type == .invalidState)
            guard case .api(_, let rateLimit) = error else { Issue.record("not an API error: \(error)"); return }
            #expect(rateLimit?.limit == 60 && rateLimit?.remaining == 59)
            #expect(rateLimit?.resetsAt == DuffelJSON.parseTimestamp("2026-11-22T10:01:00Z"))
            #expect(!error.isRetryable)
        }
        #expect(duffel.latestRateLimit?.remaining == 59)
    }

    @Test("a status without Duffel's envelope keeps its code and body")
    func foreignError() async {
        let transport = RecordingTransport([RecordingTransport.json(502, "<html>Bad gateway</html>")])
        await #expect(throws: ServiceError.unexpectedStatus(code: 502, body: "<html>Bad gateway</html>")) {
            try await client(transport).offerService.offer(id: "off_1")
        }
    }

    @Test("a body that is not Duffel's shape says where it broke")
    func malformed() async {
        let transport = RecordingTransport([RecordingTransport.json(200, #"{"data": {"id": "off_1"}}"#)])
        do {
            _ = try await client(transport).offerService.offer(id: "off_1")
            Issue.record("expected an error")
        } catch {
            guard case .malformedResponse(let detail) = error else { Issue.record("\(error)"); return }
            #expect(detail.contains("data.total_amount"))
        }
    }

    @Test("transport failures map to service errors", arguments: [
        (HTTPClientError.timedOut(after: .seconds(1)), ServiceError.timedOut),
        (.cannotConnect(host: "127.0.0.1", reason: "refused"), .cannotConnect("127.0.0.1: refused")),
        (.tls("certificate expired"), .insecureConnection("certificate expired")),
        (.responseTooLarge(limit: 10), .responseTooLarge),
        (.cancelled, .cancelled),
    ])
    func transportErrors(_ failure: HTTPClientError, _ expected: ServiceError) async {
        let transport = RecordingTransport([.failure(failure)])
        await #expect(throws: expected) { try await client(transport).offerService.offer(id: "off_1") }
    }

    @Test("a server that quotes our token back, plainly or with its letters escaped, gets it blanked out of the error",
          arguments: [false, true])
    func tokenEchoedInError(escaped: Bool) async {
        let quoted = escaped ? Self.token.replacingOccurrences(of: "d", with: #"\u0064"#) : Self.token
        let body = #"{"errors": [{"type": "authentication_error", "title": "Unauthorized", "message": "Bearer "# + quoted
            + #" is not a valid token"}]}"#
        let transport = RecordingTransport([RecordingTransport.json(401, body)])
        let error = await #expect(throws: ServiceError.self) {
            try await client(transport).offerService.offer(id: "off_1")
        }
        #expect(error.map { !"\($0)".contains("SECRET") } == true)
        #expect(error?.apiError?.errors.first?.message == "Bearer duffel_test_… is not a valid token")
    }

    @Test("a token quoted in an answer's data reads as blanked out, and the rest of the answer is untouched")
    func tokenEchoedInData() async throws {
        let body = #"{"data": [{"type": "airport", "iata_code": "LHR", "name": "Heathrow "# + Self.token
            + #"", "iata_country_code": "GB", "time_zone": "Europe/London"}]}"#
        let transport = RecordingTransport([RecordingTransport.json(200, body)])
        let places = try await client(transport).placeService.suggestions(for: "lon")
        #expect(places.map(\.name) == ["Heathrow duffel_test_…"])
        #expect(places.map(\.iataCode) == ["LHR"])
    }

    @Test("a short token is not looked for in answers: blanking a few common letters would spoil them")
    func shortTokenLeavesAnswersAlone() {
        #expect(TokenRedaction(token: "abc", shownAs: "…") == nil)
        let redaction = TokenRedaction(token: "duffel_test_SECRET", shownAs: "duffel_test_…")
        let body = Data(#"{"a": "x duffel_test_SECRET y duffel_test_SECRET"}"#.utf8)
        #expect(redaction?.apply(to: body, isError: false) == Data(#"{"a": "x duffel_test_… y duffel_test_…"}"#.utf8))
        let clean = Data(#"{"a": "nothing to see"}"#.utf8)
        #expect(redaction?.apply(to: clean, isError: true) == clean)
    }

    @Test("an airline's refusal is the airline's: the advice is another offer or later, never to change the request")
    func airlineErrorAdvice() async {
        let body = #"{"meta": {"status": 400}, "errors": [{"type": "airline_error", "code": "airline_unknown", "title": "Airline error", "message": "The airline responded with an unexpected error"}]}"#
        let transport = RecordingTransport([RecordingTransport.json(400, body)])
        let error = await #expect(throws: ServiceError.self) {
            try await client(transport).offerService.offer(id: "off_1")
        }
        #expect(error?.suggestion == "The airline refused it, not the request: choose another offer, or try again later.")
        #expect(error.map { !$0.description.contains("Change the request") } == true)
    }

    @Test("the token never appears in an error's words")
    func tokenNeverLeaks() async {
        let failures: [Result<HTTPResponse, HTTPClientError>] = [
            RecordingTransport.json(401, #"{"meta": {"status": 401}, "errors": [{"type": "authentication_error", "title": "Unauthorized", "message": "The access token was not recognised"}]}"#),
            .failure(.timedOut(after: .seconds(1))),
            .failure(.transport(code: 7, message: "Failed to connect")),
            RecordingTransport.json(200, "not json"),
        ]
        for failure in failures {
            let transport = RecordingTransport([failure])
            do {
                _ = try await client(transport).offerService.offer(id: "off_1")
                Issue.record("expected an error")
            } catch {
                #expect(!error.description.contains("SECRET"))
                #expect(!"\(error)".contains("SECRET"))
            }
        }
    }

    @Test("printing or dumping the configuration never shows the token")
    func configurationHidesToken() {
        let configuration = DuffelConfiguration(baseURL: URL(string: "https://api.example.test")!, accessToken: Self.token)
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in ["\(configuration)", String(reflecting: configuration), dumped] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect("\(configuration)".contains("duffel_test_…"))
    }

    @Test("rate-limit resets are read as seconds, Unix times, HTTP-dates or ISO instants")
    func rateLimitResets() throws {
        let now = try #require(DuffelJSON.parseTimestamp("2026-11-22T10:00:00Z"))
        func reset(_ headers: HTTPHeaders) -> Date? { DuffelClient.rateLimit(from: headers, now: now)?.resetsAt }
        #expect(reset(["ratelimit-reset": "30"]) == now.addingTimeInterval(30))
        #expect(reset(["ratelimit-reset": "1795428000"]) == Date(timeIntervalSince1970: 1_795_428_000))
        #expect(reset(["ratelimit-reset": "Sun, 22 Nov 2026 10:00:42 GMT"]) == now.addingTimeInterval(42))
        #expect(reset(["ratelimit-reset": "2026-11-22T10:01:00Z"]) == now.addingTimeInterval(60))
        #expect(reset(["retry-after": "5", "ratelimit-reset": "60"]) == now.addingTimeInterval(5))
        #expect(DuffelClient.rateLimit(from: [:], now: now) == nil)
    }
}
