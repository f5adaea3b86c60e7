import Foundation
import Testing

@testable import CurlHTTP

/// Keep-alive and TLS need servers httpbin's development server cannot stand in for: Python's own
/// `http.server` speaking HTTP/1.1, and `openssl s_server`.
@Suite struct ConnectionReuseTests {
    @Test func sequentialRequestsShareOneConnection() async throws {
        let server = try await TestServers.shared.fileServer()
        let client = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
        let expected = try #require(server.files["small.bin"])
        for _ in 0..<10 {
            let response = try await client.send(HTTPRequest(url: server.baseURL.appending(path: "small.bin")))
            #expect(response.status == 200)
            #expect(response.body == expected)
        }
        let metrics = client.metrics
        #expect(metrics.transfers == 10)
        #expect(metrics.connectionsOpened == 1)
        await client.shutdown()
    }

    @Test func aTimeoutOnAReusedConnectionIsATimeoutAndIsNotSentAgain() async throws {
        let server = try await TestServers.shared.stallingServer()
        // The default retry policy retries connection failures: no answer on a live connection is not one. Only
        // the request the server never answers has a short timeout; the first one may take as long as it takes.
        let client = try HTTPClient()
        #expect(try await client.send(HTTPRequest(url: server.appending(path: "fast"))).status == 200)
        do {
            _ = try await client.send(HTTPRequest(url: server.appending(path: "stall"), timeout: .seconds(1)))
            Issue.record("expected a timeout")
        } catch {
            #expect(error == .timedOut(after: .seconds(1)))
        }
        #expect(client.metrics.retries == 0)
        #expect(client.metrics.transfers == 2)
        #expect(client.metrics.connectionsOpened == 1)
        await client.shutdown()
    }

    @Test func loopbackIsNeverSentThroughAProxy() {
        #expect(TransferSettings.noProxyList(environment: [:]) == "localhost,127.0.0.1,::1")
        #expect(TransferSettings.noProxyList(environment: ["no_proxy": "internal.example, .corp"])
            == "internal.example,.corp,localhost,127.0.0.1,::1")
        #expect(TransferSettings.noProxyList(environment: ["NO_PROXY": "*"]) == "*")
    }

    @Test func largeBodiesArriveIntactOverAReusedConnection() async throws {
        let server = try await TestServers.shared.fileServer()
        let client = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
        let expected = try #require(server.files["large.bin"])
        for _ in 0..<5 {
            let response = try await client.send(HTTPRequest(url: server.baseURL.appending(path: "large.bin")))
            #expect(response.body == expected)
        }
        #expect(client.metrics.connectionsOpened == 1)
        await client.shutdown()
    }

    @Test func selfSignedCertificateIsRefusedByDefault() async throws {
        let server = try await TestServers.shared.tlsServer()
        let client = try HTTPClient(configuration: HTTPClientConfiguration(retry: .none))
        let error = await sendError(client, HTTPRequest(url: server.baseURL))
        guard case .tls(let message) = error else {
            Issue.record("expected .tls, got \(String(describing: error))")
            await client.shutdown()
            return
        }
        #expect(!message.isEmpty)
        await client.shutdown()
    }

    @Test func customCAFileIsTrusted() async throws {
        let server = try await TestServers.shared.tlsServer()
        let client = try HTTPClient(configuration: HTTPClientConfiguration(caFile: server.certificateFile, retry: .none))
        let response = try await client.send(HTTPRequest(url: server.baseURL))
        #expect(response.status == 200)
        #expect(!response.body.isEmpty)
        await client.shutdown()
    }

    @Test func unreadableCAFileFailsAtCreation() {
        #expect(throws: HTTPClientError.tls("the CA file \"/nonexistent/ca.pem\" does not exist or cannot be read")) {
            _ = try HTTPClient(configuration: HTTPClientConfiguration(caFile: "/nonexistent/ca.pem"))
        }
    }
}
