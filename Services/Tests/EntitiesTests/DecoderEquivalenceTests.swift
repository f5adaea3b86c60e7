import Entities
import Foundation
import Testing

/// `DuffelJSON`'s coders against Foundation's (``ReferenceCoders``), on every recorded response and on every payload
/// Duffel published: each body is read as every answer the app reads, and both paths must agree on what it reads
/// (or on the error), on the bytes written back, and on reading those bytes again.
@Suite("DuffelJSON reads and writes as Foundation's coders do")
struct DecoderEquivalenceTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func bodies() throws -> [String] {
        let folders = ["Fixtures/Sources/FixtureServices/Responses", "Fixtures/conformance"]
        var paths: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".json") && path != "manifest.json" {
                paths.append("\(folder)/\(path)")
            }
        }
        // More answers, such as recorded live ones, from a folder named in FLIGHTS_DECODE_SAMPLES (absolute path).
        if let extra = ProcessInfo.processInfo.environment["FLIGHTS_DECODE_SAMPLES"],
           let names = try? FileManager.default.contentsOfDirectory(atPath: extra) {
            paths += names.filter { $0.hasSuffix(".json") }.map { "\(extra)/\($0)" }
        }
        return paths.sorted()
    }

    static func url(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    @Test("the corpus is there")
    func corpus() throws {
        let paths = try Self.bodies()
        #expect(paths.filter { $0.hasPrefix("Fixtures/Sources") }.count >= 20)
        #expect(paths.filter { $0.hasPrefix("Fixtures/conformance") }.count >= 100)
    }

    @Test("every body reads the same through both paths", arguments: try bodies())
    func sameReading(_ path: String) throws {
        let body = try Data(contentsOf: Self.url(path))
        var read = 0
        // Duffel's own answers, recorded or live, must not need Foundation; the published examples may.
        let fast = !path.hasPrefix("Fixtures/conformance")
        read += try EquivalenceCheck.compare(DataEnvelope<OfferRequest>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(Page<Offer>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(DataEnvelope<Offer>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(DataEnvelope<Order>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(Page<Order>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(DataEnvelope<OrderCancellation>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(Page<OrderCancellation>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(DataEnvelope<OrderPayment>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(Page<Place>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(Page<SeatMap>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(DataEnvelope<[AvailableService]>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(DataEnvelope<AirlineInitiatedChange>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(Page<AirlineInitiatedChange>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(APIError.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(DataEnvelope<OrderChangeRequest>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(DataEnvelope<OrderChangeOffer>.self, body, path, fastPath: fast) { $0.data }
        read += try EquivalenceCheck.compare(Page<OrderChangeOffer>.self, body, path, fastPath: fast) { $0 }
        read += try EquivalenceCheck.compare(DataEnvelope<OrderChange>.self, body, path, fastPath: fast) { $0.data }
        // Every file is an answer the app reads as one of these, or an answer of an endpoint the app does not call.
        if path.hasPrefix("Fixtures/Sources") || path.hasPrefix("/") || [
            "offer", "order", "seat_maps", "error", "payment", "airline_initiated_change", "airline_initiated_change_list",
            "order_change_request", "order_change_offer", "order_change_offer_list", "order_change",
        ].contains(where: {
            path.hasPrefix("Fixtures/conformance/\($0)/")
        }) {
            #expect(read > 0, "\(path) read as nothing")
        }
    }

    @Test("numbers in every length and place of the point read the same through both paths")
    func numbers() throws {
        var random = TimestampEquivalenceTests.Sequence(state: 4_711)
        var numbers: [String] = []
        for index in 0..<5_000 {
            let digits = 1 + index % 18
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            while text.count > 1 && text.hasPrefix("0") { text.removeFirst() }
            let point = Int.random(in: 0...text.count, using: &random)
            if point > 0 && point < text.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if index % 3 == 0 { text = "-" + text }
            if index % 17 == 0 { text += "e\(Int.random(in: -30...30, using: &random))" }
            numbers.append(text)
        }
        let body = Data("{\"data\": [\(numbers.joined(separator: ", "))]}".utf8)
        #expect(try EquivalenceCheck.compare(DataEnvelope<[Double]>.self, body, "numbers", fastPath: true) { $0.data } == 1)
    }

    @Test("odd bodies read the same through both paths", arguments: EquivalenceCheck.oddBodies)
    func oddBodies(_ text: String) throws {
        let body = Data(text.utf8)
        _ = try EquivalenceCheck.compare(DataEnvelope<Offer>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(Page<Place>.self, body, text) { $0 }
        _ = try EquivalenceCheck.compare(DataEnvelope<Order>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(APIError.self, body, text) { $0 }
        _ = try EquivalenceCheck.compare(DataEnvelope<[String: Int]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[Double]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[Int8]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[UInt64]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[Bool?]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[String]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[Float]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[Date]>.self, body, text) { $0.data }
        _ = try EquivalenceCheck.compare(DataEnvelope<[Decimal]>.self, body, text) { $0.data }
    }
}
