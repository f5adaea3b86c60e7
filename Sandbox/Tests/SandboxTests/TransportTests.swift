import CurlHTTP
import DuffelServices
import Entities
import Foundation
import SandboxServer
import Services
import Testing

@Suite("Headers, faults and ways to run")
struct TransportTests {
    @Test("every answer carries x-request-id and the rate-limit headers, errors too")
    func headers() async throws {
        try await Harness.run { harness in
            let ok = try await harness.raw(.get, "/places/suggestions?query=par")
            let unauthorised = try await harness.raw(.get, "/places/suggestions?query=par", headers: ["Duffel-Version": "v2"])
            let missing = try await harness.raw(.get, "/air/orders/ord_missing")
            for response in [ok, unauthorised, missing] {
                let requestID = try #require(response.headers["x-request-id"])
                #expect(requestID.count == 20)
                #expect(Int(response.headers["ratelimit-limit"] ?? "") == RateLimitPolicy.standard.limit)
                #expect(Int(response.headers["ratelimit-remaining"] ?? "") != nil)
                #expect(HTTPDate.parse(response.headers["ratelimit-reset"] ?? "") != nil)
                #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
            }
            #expect(Set([ok, unauthorised, missing].compactMap { $0.headers["x-request-id"] }).count == 3)
            let remaining = [ok, missing].compactMap { Int($0.headers["ratelimit-remaining"] ?? "") }
            #expect(remaining[0] > remaining[1])
            _ = try await harness.places.suggestions(for: "par")
            #expect(harness.client.latestRateLimit?.limit == RateLimitPolicy.standard.limit)
        }
    }

    @Test("answers are gzipped when the client accepts gzip, and decode to the same JSON")
    func gzip() async throws {
        try await Harness.run { harness in
            let offerRequest = try await harness.offers.createOfferRequest(harness.search("LHR", "JFK"), returnOffers: true)
            let response = try await harness.raw(.get, "/air/offer_requests/\(offerRequest.id)")
            #expect(response.headers["content-encoding"] == "gzip")
            let decoded = try DuffelJSON.decoder().decode(DataEnvelope<OfferRequest>.self, from: response.body).data
            #expect(decoded == offerRequest)
        }
    }

    @Test("over the rate limit the answer is 429 rate_limit_error with a time to wait")
    func rateLimit() async throws {
        try await Harness.run(rateLimit: RateLimitPolicy(limit: 3, window: .seconds(60))) { harness in
            for _ in 0..<3 { _ = try await harness.places.suggestions(for: "rome") }
            let error = await serviceError { try await harness.places.suggestions(for: "rome") }
            #expect(error?.apiError?.status == 429)
            #expect(error?.apiError?.primary?.type == .rateLimit)
            #expect(error?.retryAfter != nil)
            let other = try await harness.raw(.get, "/places/suggestions?query=rome", headers: [
                "Duffel-Version": "v2", "Authorization": "Bearer duffel_test_another_team",
            ])
            #expect(other.status == 200)
        }
    }

    @Test("an injected error status answers in Duffel's envelope, on the share of requests the seed picks")
    func injectedErrors() async throws {
        let plan = try FaultPlan(parsing: "error=503@0.5,seed=42")
        func statuses() async throws -> [Int] {
            try await Harness.run(faults: plan) { harness in
                var statuses: [Int] = []
                for _ in 0..<40 {
                    statuses.append(try await harness.raw(.get, "/places/suggestions?query=ber").status)
                }
                return statuses
            }
        }
        let first = try await statuses()
        let second = try await statuses()
        #expect(first == second)
        #expect(Set(first) == [200, 503])
        #expect((8...32).contains(first.filter { $0 == 503 }.count))
        try await Harness.run(faults: try FaultPlan(parsing: "error=502")) { harness in
            let error = await apiError { try await harness.places.suggestions(for: "ber") }
            #expect(error?.status == 502)
            #expect(error?.primary?.type == .api)
        }
    }

    @Test("faults can be asked for by one request's header")
    func faultHeader() async throws {
        try await Harness.run { harness in
            var headers: HTTPHeaders = ["Authorization": "Bearer \(Harness.token)", "Duffel-Version": "v2"]
            headers.add(name: FaultPlan.headerName, value: "error=418")
            let faulted = try await harness.raw(.get, "/places/suggestions?query=ber", headers: headers)
            #expect(faulted.status == 418)
            let clean = try await harness.raw(.get, "/places/suggestions?query=ber")
            #expect(clean.status == 200)
            headers.replace(name: FaultPlan.headerName, value: "explode")
            let unreadable = try await harness.raw(.get, "/places/suggestions?query=ber", headers: headers)
            #expect(unreadable.status == 400)
        }
    }

    @Test("added latency delays the answer by at least that much")
    func latency() async throws {
        try await Harness.run(faults: try FaultPlan(parsing: "latency=300ms")) { harness in
            let clock = ContinuousClock()
            let start = clock.now
            _ = try await harness.places.suggestions(for: "oslo")
            #expect(clock.now - start >= .milliseconds(300))
        }
    }

    @Test("a malformed body fails to decode; a truncated body and a dropped connection fail the transfer")
    func brokenAnswers() async throws {
        try await Harness.run(faults: try FaultPlan(parsing: "malformed")) { harness in
            let error = await serviceError { try await harness.places.suggestions(for: "oslo") }
            guard case .malformedResponse = error else {
                Issue.record("expected a malformed response, got \(String(describing: error))")
                return
            }
        }
        for plan in ["truncated", "drop"] {
            try await Harness.run(faults: try FaultPlan(parsing: plan)) { harness in
                let error = await serviceError { try await harness.places.suggestions(for: "oslo") }
                switch error {
                case .transport?, .cannotConnect?, .malformedResponse?: break
                default: Issue.record("\(plan): expected a transport failure, got \(String(describing: error))")
                }
                #expect(error?.isRetryable == true)
            }
        }
    }

    @Test("a late answer to one path: the order is booked while the client gives up waiting")
    func lateAnswerOnOrders() async throws {
        // The client gives up after 12 s, long before the 30 s answer, yet long enough for a machine busy with every
        // suite at once (a search took 24 s there) to have taken the order in before the client hangs up.
        let plan = try FaultPlan(parsing: "late=30s,on=POST:/air/orders")
        try await Harness.run(faults: plan) { harness in
            let departure = harness.clock.date(daysAhead: 30)
            let offer = try #require(try await harness.offers.search(harness.search("LHR", "CDG")).offers.first)
            // A client that waits less than the late answer gives up, yet the order exists.
            let impatient = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
            let hurried = DuffelClient(
                configuration: DuffelConfiguration(
                    baseURL: harness.sandbox.baseURL, accessToken: Harness.token, requestTimeout: .seconds(12)),
                transport: impatient)
            let order = harness.instantOrder(offer, departure: departure, metadata: ["flights_booking_key": "late-1"])
            await #expect(throws: ServiceError.timedOut) { try await hurried.orderService.createOrder(order) }
            await impatient.shutdown()
            // The order is made before the late answer is held back; look until it shows, as the app does.
            var found: [Order] = []
            let deadline = ContinuousClock.now + .seconds(25)
            repeat {
                found = try await harness.orders.orders(OrderQuery(limit: 50)).items
                    .filter { $0.metadata?["flights_booking_key"] == "late-1" }
                if !found.isEmpty { break }
                try await Task.sleep(for: .milliseconds(200))
            } while ContinuousClock.now < deadline
            #expect(found.count == 1)
        }
    }

    @Test("fault plans read and write the same terms, and refuse what they cannot read")
    func faultPlanParsing() throws {
        let plan = try FaultPlan(parsing: "latency=1.5s, error=503@0.25, malformed@0.1, truncated@0.2, drop@0.05, seed=9")
        #expect(plan.latency == .milliseconds(1_500))
        #expect(plan.errorStatus == 503 && plan.errorRate == 0.25)
        #expect(plan.malformedRate == 0.1 && plan.truncatedRate == 0.2 && plan.dropRate == 0.05)
        #expect(plan.seed == 9)
        #expect(try FaultPlan(parsing: plan.description) == plan)
        #expect(try FaultPlan(parsing: "").isEmpty)
        let scoped = try FaultPlan(parsing: "late=2s,on=POST:/air/orders")
        #expect(scoped.lateAnswer == .seconds(2) && !scoped.isEmpty)
        #expect(scoped.applies(method: "POST", path: "/air/orders") && !scoped.applies(method: "GET", path: "/air/orders"))
        #expect(!scoped.applies(method: "POST", path: "/air/offer_requests"))
        #expect(try FaultPlan(parsing: scoped.description) == scoped)
        for bad in ["error=200", "latency=soon", "drop@2", "explode", "seed=-1", "malformed=3", "@0.5", "=", "error=", "a@b@c", "on=orders", "late=x"] {
            #expect(throws: SandboxError.self, "\(bad)") { try FaultPlan(parsing: bad) }
        }
    }

    @Test("a plain HTTP request in Duffel's documented format gets offers back in Duffel's shape")
    func documentedRequest() async throws {
        try await Harness.run { harness in
            let body = """
                {"data":{"slices":[{"origin":"LHR","destination":"JFK","departure_date":"\(harness.clock.date(daysAhead: 60))"}],\
                "passengers":[{"type":"adult"},{"age":8}],"cabin_class":"economy"}}
                """
            let data: Data
            if let curl = ChildProcess.executable(named: "curl") {
                let output = try await ChildProcess.output(of: curl, [
                    "-sS", "--fail-with-body", "--compressed", "-X", "POST",
                    "\(harness.sandbox.baseURL.absoluteString)/air/offer_requests?return_offers=true",
                    "-H", "Accept: application/json", "-H", "Content-Type: application/json",
                    "-H", "Duffel-Version: v2", "-H", "Authorization: Bearer duffel_test_curl", "--data", body,
                ])
                data = output
            } else {
                let response = try await harness.raw(.post, "/air/offer_requests?return_offers=true", body: body)
                #expect(response.status == 201)
                data = response.body
            }
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let payload = try #require(json["data"] as? [String: Any])
            #expect((payload["id"] as? String)?.hasPrefix("orq_") == true)
            let offers = try #require(payload["offers"] as? [[String: Any]])
            #expect(!offers.isEmpty)
            let offer = try #require(offers.first)
            for key in ["id", "total_amount", "total_currency", "base_amount", "tax_amount", "owner", "slices", "passengers",
                        "conditions", "payment_requirements", "expires_at", "live_mode"] {
                #expect(offer[key] != nil, "offer.\(key)")
            }
            let decoded = try DuffelJSON.decoder().decode(DataEnvelope<OfferRequest>.self, from: data).data
            #expect(decoded.passengers.map(\.resolvedType) == [.adult, .child])
            #expect(decoded.offers.allSatisfy { $0.passengers.count == 2 })
        }
    }

    @Test("flights-sandbox starts on a port, serves a search, and stops on SIGTERM")
    func executable() async throws {
        let binary = try #require(ChildProcess.builtProduct("flights-sandbox"), "build the package first: swift build --build-tests")
        let directory = try Harness.temporaryDirectory()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--data-dir", directory.path, "--log-level", "warning"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The first line says where it listens; reading it is how a script knows it is ready.
        let line = try #require(await ChildProcess.line(from: output.fileHandleForReading))
        #expect(line.hasPrefix("flights-sandbox listening on http://127.0.0.1:"))
        let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let http = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
        let client = DuffelClient(
            configuration: DuffelConfiguration(baseURL: try #require(URL(string: address)), accessToken: "duffel_test_cli"),
            transport: http)
        let places = try await client.placeService.suggestions(for: "heathrow")
        #expect(places.first?.iataCode == "LHR")
        await http.shutdown()

        process.terminate()
        #expect(await ChildProcess.exit(of: process) == 0, "flights-sandbox did not stop on SIGTERM")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("sandbox.sqlite").path))
    }

    @Test("flights-sandbox keeps every fault the embedded sandbox takes: a late answer scoped to one path")
    func executableScopedFaults() async throws {
        let binary = try #require(ChildProcess.builtProduct("flights-sandbox"), "build the package first: swift build --build-tests")
        let directory = try Harness.temporaryDirectory()
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "--port", "0", "--data-dir", directory.path, "--log-level", "error", "--faults", "late=1500ms,on=POST:/air/orders",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        _ = try #require(await ChildProcess.line(from: output.fileHandleForReading))
        let faults = try #require(await ChildProcess.line(from: output.fileHandleForReading))
        #expect(faults == "faults: late=1500ms,on=POST:/air/orders")
        process.terminate()
        #expect(await ChildProcess.exit(of: process) == 0, "flights-sandbox did not stop on SIGTERM")
    }

    @Test("flights-sandbox takes faults from the environment, and flags over it")
    func executableFaults() async throws {
        let binary = try #require(ChildProcess.builtProduct("flights-sandbox"), "build the package first: swift build --build-tests")
        for (arguments, environment, expected) in [
            ([String](), ["FLIGHTS_SANDBOX_FAULTS": "error=503"], 503),
            (["--error-status", "502", "--seed", "4"], ["FLIGHTS_SANDBOX_FAULTS": "error=503"], 502),
        ] {
            let directory = try Harness.temporaryDirectory()
            let process = Process()
            process.executableURL = binary
            process.arguments = ["--port", "0", "--data-dir", directory.path, "--log-level", "error"] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let line = try #require(await ChildProcess.line(from: output.fileHandleForReading))
            let address = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
            let faults = try #require(await ChildProcess.line(from: output.fileHandleForReading))
            #expect(faults.hasPrefix("faults: error=\(expected)"))

            let http = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
            let url = try #require(URL(string: address + "/places/suggestions?query=lon"))
            let response = try await http.send(HTTPRequest(url: url, headers: [
                "Authorization": "Bearer duffel_test_cli", "Duffel-Version": "v2",
            ]))
            await http.shutdown()
            #expect(response.status == expected)
            process.terminate()
            #expect(await ChildProcess.exit(of: process) == 0, "flights-sandbox did not stop on SIGTERM")
        }
    }

    @Test("stop returns while a client still holds an idle keep-alive connection")
    func stopWithIdleConnection() async throws {
        let directory = try Harness.temporaryDirectory()
        let sandbox = try await Sandbox.start(SandboxConfiguration(dataDirectory: directory, logger: Harness.quietLogger))
        let http = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
        let url = try #require(URL(string: sandbox.baseURL.absoluteString + "/sandbox/health"))
        #expect(try await http.send(HTTPRequest(url: url)).status == 200)
        let stopped = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await sandbox.stop()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(20))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(stopped, "stop() did not return within 20 s")
        await http.shutdown()
    }
}
