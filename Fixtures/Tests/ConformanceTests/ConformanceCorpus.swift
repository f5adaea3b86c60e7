import Foundation
import Testing

/// One file of `Fixtures/conformance/`, as `manifest.json` describes it.
struct ConformanceEntry: Sendable, Hashable, Decodable, CustomTestStringConvertible {
    /// Its path under `Fixtures/conformance/`.
    var file: String
    /// What it is an answer to: `offer`, `order`, `error`, …
    var kind: String
    /// The call that answers with it, `POST /air/orders`.
    var endpoint: String?
    /// The HTTP status it comes with.
    var status: Int?
    /// Where Duffel published it.
    var source: String

    var testDescription: String { file }

    /// The file's bytes.
    func body() throws -> Data {
        try Data(contentsOf: ConformanceCorpus.directory.appendingPathComponent(file))
    }
}

/// The corpus of Duffel's published payloads under `Fixtures/conformance/`.
enum ConformanceCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance")

    static func entries() throws -> [ConformanceEntry] {
        let manifest = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode([ConformanceEntry].self, from: manifest)
    }
}
