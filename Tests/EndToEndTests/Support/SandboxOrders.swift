import CurlHTTP
import DuffelServices
import Entities
import Foundation
import Logging
import SandboxServer
import Services

/// The orders the embedded sandbox kept for one data directory, read back in this process: the same SQLite
/// store, opened by a sandbox of our own, listed over HTTP with the project's Duffel client.
enum SandboxOrders {
    /// Every order in `directory` (the app's `$FLIGHTS_DATA_DIR/sandbox`), newest first.
    static func all(in directory: URL) async throws -> [Order] {
        try await withClient(in: directory) { client in
            var orders: [Order] = []
            var cursor: String?
            repeat {
                let page = try await client.orderService.orders(OrderQuery(limit: 200, after: cursor))
                orders += page.items
                cursor = page.after
            } while cursor != nil
            return orders
        }
    }

    /// Runs `body` with the project's Duffel client on a sandbox of our own over `directory`, stopped afterwards
    /// whatever `body` does.
    static func withClient<T: Sendable>(
        in directory: URL, _ body: (DuffelClient) async throws -> T
    ) async throws -> T {
        var logger = Logger(label: "e2e-sandbox")
        logger.logLevel = .critical
        let sandbox = try await Sandbox.start(SandboxConfiguration(dataDirectory: directory, logger: logger))
        let http: HTTPClient
        do {
            http = try HTTPClient(configuration: HTTPClientConfiguration(timeout: .seconds(30), retry: .none))
        } catch {
            await sandbox.stop()
            throw error
        }
        let client = DuffelClient(
            configuration: DuffelConfiguration(baseURL: sandbox.baseURL, accessToken: SandboxConfiguration.appToken),
            transport: http, logger: logger)
        do {
            let value = try await body(client)
            await http.shutdown()
            await sandbox.stop()
            return value
        } catch {
            await http.shutdown()
            await sandbox.stop()
            throw error
        }
    }
}
