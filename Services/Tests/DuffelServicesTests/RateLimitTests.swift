import CurlHTTP
@testable import DuffelServices
import Entities
import Foundation
import Services
import Synchronization
import Testing

/// A 429 was refused before it was processed: it is waited out and sent again, a POST included, when the wait is
/// short; a long one is reported with the time to wait.
@Suite("Rate limits as Duffel means them")
struct RateLimitTests {
    static let refused = #"""
    {"meta": {"status": 429, "request_id": "req_1"}, "errors": [{"type": "rate_limit_error",
      "code": "rate_limit_exceeded", "title": "Rate limit exceeded", "message": "Too many requests."}]}
    """#

    /// The waits the client told about.
    final class Heard: Sendable {
        private let waits = Mutex<[RateLimitWait]>([])
        func append(_ wait: RateLimitWait) { waits.withLock { $0.append(wait) } }
        var all: [RateLimitWait] { waits.withLock { $0 } }
    }

    func client(_ transport: RecordingTransport, heard: Heard? = nil, bound: Duration = .seconds(10)) -> DuffelClient {
        DuffelClient(
            configuration: DuffelConfiguration(
                baseURL: URL(string: "https://api.example.test/")!, accessToken: "duffel_test_x", maxRateLimitWait: bound),
            transport: transport, rateLimitWaits: { wait in heard?.append(wait) })
    }

    @Test("a POST refused with a short reset is sent again once it has passed, and the wait is told")
    func postIsSentAgain() async throws {
        let transport = RecordingTransport([
            RecordingTransport.json(429, Self.refused, headers: ["ratelimit-reset": "1", "ratelimit-remaining": "0"]),
            RecordingTransport.json(201, DuffelServicesTests.emptyOfferRequest),
        ])
        let heard = Heard()
        let started = ContinuousClock.now
        let request = try await client(transport, heard: heard).offerService.createOfferRequest(
            SearchRequest(
                slices: [SearchSlice(origin: "LHR", destination: "JFK", departureDate: try #require(CalendarDate("2026-12-18")))],
                passengers: [.adult]),
            returnOffers: false)
        #expect(request.id == "orq_1")
        #expect(transport.requests.map(\.method) == [.post, .post])
        #expect(transport.requests.allSatisfy { !$0.retriesRateLimits })
        let waits = heard.all
        #expect(waits.count == 1)
        #expect(waits.first?.path == "/air/offer_requests" && waits.first?.method == "POST")
        // The second attempt waited for the reset, not less.
        #expect(ContinuousClock.now - started >= .milliseconds(900))
    }

    @Test("a reset beyond the bound is not waited: the error says when to try again")
    func longWaitIsReported() async throws {
        let transport = RecordingTransport([
            RecordingTransport.json(429, Self.refused, headers: ["retry-after": "45"]),
        ])
        let heard = Heard()
        // The reset is 45 s after the answer arrived, which was between these two moments however slow the machine.
        let before = Date()
        await #expect {
            _ = try await client(transport, heard: heard).placeService.suggestions(for: "lon")
        } throws: { error in
            guard let error = error as? ServiceError, case .api(let api, let rateLimit) = error,
                let resetsAt = rateLimit?.resetsAt
            else { return false }
            return api.status == 429 && resetsAt >= before.addingTimeInterval(45) && resetsAt <= Date().addingTimeInterval(45)
        }
        #expect(transport.requests.count == 1)
        #expect(heard.all.isEmpty)
    }

    @Test("a server that keeps refusing is asked a bounded number of times")
    func boundedAttempts() async throws {
        let transport = RecordingTransport(Array(
            repeating: RecordingTransport.json(429, Self.refused, headers: ["retry-after": "0"]), count: 10))
        await #expect(throws: ServiceError.self) {
            _ = try await client(transport).placeService.suggestions(for: "lon")
        }
        #expect(transport.requests.count == DuffelClient.maxRateLimitAttempts)
    }

    @Test("a 5xx answering a POST is never sent again")
    func serverErrorOnPostIsNotRetried() async throws {
        let transport = RecordingTransport([
            RecordingTransport.json(503, #"{"errors": [{"type": "api_error", "message": "down"}]}"#, headers: ["retry-after": "1"]),
            RecordingTransport.json(201, DuffelServicesTests.emptyOfferRequest),
        ])
        await #expect(throws: ServiceError.self) {
            _ = try await client(transport).orderService.quoteCancellation(orderID: "ord_1")
        }
        #expect(transport.requests.count == 1)
    }

    @Test("a 5xx's Retry-After is told as when to try again; the rate limit's reset alone says nothing of an outage")
    func serverErrorTellsItsRetryAfter() async throws {
        let down = #"{"meta": {"status": 503, "request_id": "req_9"}, "errors": [{"type": "api_error", "message": "down"}]}"#
        let cases: [(HTTPHeaders, String)] = [
            (["retry-after": "120", "ratelimit-reset": "60"], "The flight service asks to be tried again in about 2 min"),
            (["ratelimit-reset": "60"], "Try again in a moment"),
        ]
        for (headers, expected) in cases {
            let transport = RecordingTransport([RecordingTransport.json(503, down, headers: headers)])
            do throws(ServiceError) {
                _ = try await client(transport).orderService.quoteCancellation(orderID: "ord_1")
                Issue.record("a 503 was taken as an answer")
            } catch {
                #expect(error.suggestion.hasPrefix(expected), "\(error.suggestion)")
                #expect(error.suggestion.hasSuffix("quote request req_9."))
            }
        }
    }

    @Test("a validation error points at the field the API named, and at the request when it named none")
    func validationSuggestionFollowsTheSource() {
        func suggestion(_ source: APIErrorSource?) -> String {
            let detail = APIErrorDetail(type: .validation, title: "Invalid", message: "Not valid", source: source)
            return ServiceError.api(APIError(status: 422, errors: [detail]), rateLimit: nil).suggestion
        }
        #expect(suggestion(APIErrorSource(field: "born_on")) == "Correct that field and try again.")
        #expect(suggestion(APIErrorSource(pointer: "/passengers/0/email")) == "Correct that field and try again.")
        #expect(suggestion(nil) == "Change the request and try again.")
        #expect(!suggestion(nil).contains("highlighted"))
    }

    @Test("a broken transfer is told once, in words, without the HTTP layer's own advice")
    func brokenTransferInWords() {
        let error = DuffelClient.serviceError(for: .transport(code: 52, message: "Server returned nothing (no headers, no status code)"))
        #expect(error.message == "The connection to the flight service failed (the server closed the connection without answering).")
        #expect(!error.message.contains("Try again"))
        let rare = DuffelClient.serviceError(for: .transport(code: 99, message: "Something odd"))
        #expect(rare.message.contains("Something odd, libcurl error 99"))
    }
}
