import Foundation
import Testing

/// A live token never travels over plain HTTP to another machine, and "this machine" is decided from an IP literal,
/// never from how a name reads (issue 21, item 3): `127.evil.test` is a name, resolved wherever its owner likes.
///
/// Those names resolve nowhere here, so the stub is also made the HTTP proxy (`http_proxy`, which libcurl obeys for
/// any host but loopback): a request the binary let out for such a name would reach the stub and show in its log.
/// The same address with a test token does reach it that way, which shows the arrangement would catch a leak.
@Suite struct LiveTokenLoopbackTests {
    static let liveToken = "duffel_live_x"

    /// The stub's port.
    static func port(_ stub: DuffelStub) throws -> Int {
        try #require(URL(string: stub.url)?.port, "no port in \(stub.url)")
    }

    /// The binary's environment: `address` as the API with `token`, the stub as the proxy for every other host.
    static func environment(address: String, token: String, proxy stub: DuffelStub) -> [String: String] {
        ["FLIGHTS_API_URL": address, "DUFFEL_ACCESS_TOKEN": token, "http_proxy": stub.url, "no_proxy": "", "NO_PROXY": ""]
    }

    @Test(arguments: ["127.evil.test", "127.0.0.1.nip.io"])
    func aNameThatReadsLikeLoopbackGetsNoLiveTokenOverHTTP(host: String) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app)
            defer { stub.stop() }
            let address = "http://\(host):\(try Self.port(stub))"

            let run = try await app.run(
                ["places", "london"], environment: Self.environment(address: address, token: Self.liveToken, proxy: stub))
            #expect(run.status == 64, "\(run)")
            #expect(
                run.said.contains(
                    "\(address) is plain HTTP on another machine, and a live token must not travel unencrypted; use https."),
                "\(run)")
            let requests = try stub.requests()
            #expect(requests.isEmpty, "the binary sent \(requests)")
        }
    }

    /// The control: with a test token the same kind of address is used (with a warning), and through the proxy the
    /// request reaches the stub, so the refusal above is what kept it from doing so.
    @Test func theSameNameWithATestTokenIsUsedAndReachesTheStubThroughTheProxy() async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app)
            defer { stub.stop() }
            let address = "http://127.evil.test:\(try Self.port(stub))"

            let run = try await app.run(
                ["places", "london"],
                environment: Self.environment(address: address, token: "duffel_test_conformance", proxy: stub))
            #expect(run.status == 0, "\(run)")
            #expect(run.said.contains("\(address) is plain HTTP on another machine"), "\(run)")
            let requests = try stub.requests()
            #expect(requests.filter { $0.method == "GET" && $0.path == "/places/suggestions" }.count == 1, "\(requests)")
        }
    }

    @Test(arguments: ["127.0.0.1", "localhost"])
    func aLiveTokenGoesToTheLoopbackAddressOverHTTP(host: String) async throws {
        try await FlightsApp.withFreshData { app in
            let stub = try await DuffelStub.start(app)
            defer { stub.stop() }
            let address = "http://\(host):\(try Self.port(stub))"

            let run = try await app.run(
                ["places", "london"], environment: Self.environment(address: address, token: Self.liveToken, proxy: stub))
            #expect(run.status == 0, "\(run)")
            #expect(!run.said.contains("plain HTTP"), "\(run)")
            let requests = try stub.requests()
            #expect(requests.filter { $0.method == "GET" && $0.path == "/places/suggestions" }.count == 1, "\(requests)")
        }
    }
}
