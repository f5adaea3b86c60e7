import CurlHTTP
import DuffelServices
import Entities
import Foundation
import SandboxServer
import Services
import Testing

/// Hummingbird's router and the middleware in front of it: what a route that does not exist is answered, and
/// the order in which faults, authentication, the version and the rate limit strike.
@Suite("Sandbox: routing and the order of its checks")
struct RoutingTests {
    @Test("a path the API does not have is Duffel's 404, after the checks every request goes through")
    func unknownPath() async throws {
        try await Harness.run { harness in
            let response = try await harness.raw(.get, "/air/nowhere?x=1")
            #expect(response.status == 404)
            let error = try harness.decodeError(response)
            #expect(error.primary?.type == .invalidRequest)
            #expect(error.primary?.code == .notFound)
            #expect(error.primary?.message == "There is no GET /air/nowhere in the Duffel API v2 the sandbox serves.")
            #expect(error.requestID != nil && error.requestID == response.headers["x-request-id"])
            #expect(response.headers["ratelimit-limit"] != nil)
            #expect(response.headers["content-type"] == "application/json; charset=utf-8")
            // Authentication comes first: without a token, the same path is a 401.
            let anonymous = try await harness.raw(.get, "/air/nowhere", headers: ["Duffel-Version": "v2"])
            #expect(anonymous.status == 401)
            #expect(try harness.decodeError(anonymous).has(.missingAuthorizationHeader))
        }
    }

    @Test("a method a path does not have is Duffel's 404 as well, not a 405")
    func wrongMethod() async throws {
        try await Harness.run { harness in
            for (method, path) in [
                ("DELETE", "/air/orders"), ("GET", "/air/offers/off_1/actions/price"), ("PUT", "/places/suggestions"),
                ("POST", "/air/seat_maps"), ("PATCH", "/air/order_cancellations/ore_1/actions/confirm"),
            ] {
                let response = try await harness.raw(HTTPMethod(rawValue: method), path)
                #expect(response.status == 404, "\(method) \(path)")
                #expect(
                    try harness.decodeError(response).primary?.message
                        == "There is no \(method) \(path) in the Duffel API v2 the sandbox serves.")
                #expect(response.headers["allow"] == nil)
            }
            // Empty segments are skipped, as they always were.
            #expect(try await harness.raw(.get, "//places//suggestions/?query=rome").status == 200)
        }
    }

    @Test("the health check answers GET and POST with no token, no fault and no rate limit")
    func health() async throws {
        let plan = try FaultPlan(parsing: "error=503")
        try await Harness.run(faults: plan, rateLimit: RateLimitPolicy(limit: 1, window: .seconds(60))) { harness in
            for method in [HTTPMethod.get, .post, .get] {
                let response = try await harness.raw(method, "/sandbox/health", headers: [:])
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self) == #"{"status":"ok"}"#)
                #expect(response.headers["x-request-id"]?.count == 20)
                #expect(response.headers["ratelimit-limit"] == nil)
                #expect(response.headers["content-type"] == "application/json")
            }
            // Everything else gets the plan's error.
            #expect(try await harness.raw(.get, "/places/suggestions?query=rome").status == 503)
        }
    }

    @Test("latency and a dropped connection strike before authentication, and an injected error needs no token")
    func faultsBeforeAuthentication() async throws {
        try await Harness.run { harness in
            let clock = ContinuousClock()
            let started = clock.now
            let slow = try await harness.raw(.get, "/places/suggestions?query=rome", headers: [
                "Duffel-Version": "v2", FaultPlan.headerName: "latency=300ms",
            ])
            #expect(slow.status == 401)
            #expect(clock.now - started >= .milliseconds(300))

            await #expect(throws: (any Error).self) {
                try await harness.raw(.get, "/places/suggestions?query=rome", headers: [FaultPlan.headerName: "drop"])
            }

            let injected = try await harness.raw(.get, "/nowhere", headers: [FaultPlan.headerName: "error=418"])
            #expect(injected.status == 418)
            #expect(try harness.decodeError(injected).primary?.title == "Injected fault")
            #expect(injected.headers["ratelimit-remaining"] != nil)
        }
    }

    @Test("every request is counted, but the limit is enforced only after the token and the version")
    func rateLimitAfterAuthentication() async throws {
        try await Harness.run(rateLimit: RateLimitPolicy(limit: 2, window: .seconds(60))) { harness in
            let refused: HTTPHeaders = ["Authorization": "Bearer duffel_live_refused", "Duffel-Version": "v2"]
            var remaining: [String?] = []
            for _ in 0..<3 {
                let response = try await harness.raw(.get, "/places/suggestions?query=rome", headers: refused)
                #expect(response.status == 401)
                remaining.append(response.headers["ratelimit-remaining"])
            }
            #expect(remaining == ["1", "0", "0"])

            let token = "Bearer \(Harness.token)"
            for _ in 0..<2 { _ = try await harness.raw(.get, "/places/suggestions?query=rome") }
            let unversioned = try await harness.raw(.get, "/places/suggestions?query=rome", headers: ["Authorization": token])
            #expect(unversioned.status == 400)
            let limited = try await harness.raw(.get, "/places/suggestions?query=rome")
            #expect(limited.status == 429)
            #expect(Int(limited.headers["retry-after"] ?? "") != nil)
            // A route that does not exist is refused by the limit before it is found missing.
            #expect(try await harness.raw(.get, "/air/nowhere").status == 429)
        }
    }

    @Test("a fault header that cannot be read is a 400 before anything else, and is not counted")
    func unreadableFaultHeader() async throws {
        try await Harness.run { harness in
            let headers: HTTPHeaders = [
                "Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2", FaultPlan.headerName: "explode",
            ]
            let refused = try await harness.raw(.get, "/places/suggestions?query=rome", headers: headers)
            #expect(refused.status == 400)
            #expect(try harness.decodeError(refused).primary?.message.contains("explode") == true)
            #expect(refused.headers["x-request-id"] != nil)
            #expect(refused.headers["ratelimit-remaining"] == nil)
            let first = try await harness.raw(.get, "/places/suggestions?query=rome")
            #expect(Int(first.headers["ratelimit-remaining"] ?? "") == RateLimitPolicy.standard.limit - 1)
        }
    }

    @Test("after= answers a route that does not exist too, with a one-second reset for a 429")
    func afterHandlingOnUnknownRoute() async throws {
        try await Harness.run { harness in
            let response = try await harness.raw(.get, "/air/nowhere", headers: [
                "Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2", FaultPlan.headerName: "after=429",
            ])
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == "1")
            #expect(try harness.decodeError(response).primary?.type == .rateLimit)
        }
    }

    @Test("an answer replaced after handling does not take the place of the search's kept gzipped answer")
    func afterHandlingLeavesKeptAnswers() async throws {
        try await Harness.run { harness in
            let body = try DuffelJSON.encoder().encode(DataEnvelope(harness.search("LHR", "JFK")))
            let text = String(decoding: body, as: UTF8.self)
            var headers: HTTPHeaders = ["Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2"]
            headers.add(name: FaultPlan.headerName, value: "after=503")
            let replaced = try await harness.raw(.post, "/air/offer_requests", body: text, headers: headers)
            #expect(replaced.status == 503)
            for _ in 0..<2 {
                let answered = try await harness.raw(.post, "/air/offer_requests", body: text)
                #expect(answered.status == 201)
                #expect(answered.headers["content-encoding"] == "gzip")
                let decoded = try DuffelJSON.decoder().decode(DataEnvelope<OfferRequest>.self, from: answered.body).data
                #expect(!decoded.offers.isEmpty)
            }
            // Once the answer is kept, a replaced answer is still the error, not the kept search.
            let replacedAgain = try await harness.raw(.post, "/air/offer_requests", body: text, headers: headers)
            #expect(replacedAgain.status == 503)
            #expect(try harness.decodeError(replacedAgain).primary?.title == "Injected fault")
        }
    }

    @Test("server-timing names the parts of a search, gzip last; a kept answer is served as it was gzipped")
    func serverTiming() async throws {
        try await Harness.run { harness in
            let body = String(decoding: try DuffelJSON.encoder().encode(DataEnvelope(harness.search("LHR", "CDG"))), as: UTF8.self)
            let first = try await harness.raw(.post, "/air/offer_requests", body: body)
            let names = { (response: HTTPResponse) in
                (response.headers["server-timing"] ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).split(separator: ";").first.map(String.init) ?? ""
                }
            }
            #expect(names(first) == ["generate", "encode", "gzip"])
            let again = try await harness.raw(.post, "/air/offer_requests", body: body)
            #expect(names(again) == ["cached", "gzip"])
            #expect(again.headers["server-timing"]?.hasSuffix("gzip;dur=0.000") == true)
            #expect(again.body == first.body)
            // Plain reads report no timings.
            #expect(try await harness.raw(.get, "/places/suggestions?query=rome").headers["server-timing"] == nil)
        }
    }
}
