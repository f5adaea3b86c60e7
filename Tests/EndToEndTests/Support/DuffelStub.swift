import Foundation

/// `Fixtures/conformance/serve.py`: a stub Duffel API answering with Duffel's own published payloads, started for
/// one test on a free loopback port, with a log of every request it answered.
struct DuffelStub {
    let process: Subprocess
    let url: String
    let log: URL

    /// The corpus the stub serves (`Fixtures/conformance/`).
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/conformance", isDirectory: true)

    /// Starts the stub with `options` (`--rate-limit-once 'POST /air/offer_requests'`, `--route …`).
    static func start(_ app: FlightsApp, options: [String] = []) async throws -> DuffelStub {
        let log = app.root.appendingPathComponent("stub-\(UUID().uuidString.prefix(8)).log")
        let process = try Subprocess(
            name: "serve.py", executable: URL(fileURLWithPath: "/usr/bin/env"),
            arguments: ["python3", corpus.appendingPathComponent("serve.py").path, "--port", "0", "--log", log.path] + options,
            environment: ProcessInfo.processInfo.environment)
        let line = try await process.waitForOutput(containing: "listening on ")
        guard let range = line.range(of: "http://127.0.0.1:[0-9]+", options: .regularExpression) else {
            process.terminate()
            throw EndToEndFailure("The stub server did not say where it listens: \(line)")
        }
        return DuffelStub(process: process, url: String(line[range]), log: log)
    }

    /// The environment that points `flights` at the stub.
    var environment: [String: String] {
        ["FLIGHTS_API_URL": url, "DUFFEL_ACCESS_TOKEN": "duffel_test_conformance"]
    }

    /// Every request answered so far: method, path, status and the corpus file served.
    func requests() throws -> [(method: String, path: String, status: Int, file: String?)] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let method = object["method"] as? String, let path = object["path"] as? String,
                  let status = object["status"] as? Int else { return nil }
            return (method, path, status, object["file"] as? String)
        }
    }

    /// How many `method path` requests were answered.
    func count(_ method: String, _ path: String) throws -> Int {
        try requests().filter { $0.method == method && $0.path == path }.count
    }

    func stop() { process.terminate() }
}
