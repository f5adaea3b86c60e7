@testable import Entities
import Foundation
import Testing

/// One comparison of `DuffelJSON`'s coders with ``ReferenceCoders``.
enum EquivalenceCheck {
    /// Reads `body` as `Response` both ways and records every difference; gives 1 when it read, 0 when both refused.
    /// With `fastPath`, the document must be read, and its value written, without falling back to Foundation.
    static func compare<Response: Codable, Value: Equatable>(
        _ type: Response.Type, _ body: Data, _ label: String, fastPath: Bool = false, _ value: (Response) -> Value
    ) throws -> Int {
        let reference = Result { try ReferenceCoders.decoder().decode(Response.self, from: body) }
        // The fast path alone: when it gives a value, Foundation gives the same one.
        if let direct = DuffelJSONDecoder.fastDecode(Response.self, from: body, userInfo: [:]) {
            if case .success(let expected) = reference {
                #expect(value(direct) == value(expected), "\(label) as \(Response.self): the fast path reads differently")
            } else {
                Issue.record("\(label) as \(Response.self): the fast path reads what Foundation refuses")
            }
        } else if fastPath, case .success = reference {
            Issue.record("\(label) as \(Response.self): left to Foundation")
        }
        let fast = Result { try DuffelJSON.decoder().decode(Response.self, from: body) }
        switch (reference, fast) {
        case (.failure(let expected), .failure(let found)):
            // Which of several bad members of a dictionary Foundation names first changes from run to run.
            if !"\(Response.self)".contains("Dictionary<") {
                #expect("\(found)" == "\(expected)", "\(label) as \(Response.self): a different error")
            }
            return 0
        case (.success, .failure(let found)):
            Issue.record("\(label) as \(Response.self): refused, Foundation reads it: \(found)")
            return 0
        case (.failure(let expected), .success):
            Issue.record("\(label) as \(Response.self): read, Foundation refuses it: \(expected)")
            return 0
        case (.success(let expected), .success(let found)):
            #expect(value(found) == value(expected), "\(label) as \(Response.self): read differently")
            let written = try DuffelJSON.encoder().encode(found)
            for pretty in [false, true] {
                let bytes = pretty ? try DuffelJSON.encoder(pretty: true).encode(found) : written
                let referenceWritten = try ReferenceCoders.encoder(pretty: pretty).encode(expected)
                #expect(bytes == referenceWritten, "\(label) as \(Response.self), pretty \(pretty): written differently")
                // With `fastPath`, the value must also be written without falling back to Foundation.
                if fastPath && DuffelJSONEncoder.fastEncode(found, pretty: pretty, userInfo: [:]) == nil {
                    Issue.record("\(label) as \(Response.self), pretty \(pretty): written by Foundation")
                }
            }
            let again = try DuffelJSON.decoder().decode(Response.self, from: written)
            let referenceAgain = try ReferenceCoders.decoder().decode(Response.self, from: written)
            #expect(value(again) == value(referenceAgain), "\(label) as \(Response.self): read back differently")
            return 1
        }
    }

    /// Bodies at the edges of JSON and of the tolerant reader: numbers in every spelling, escapes, duplicate keys,
    /// wrong types, nulls, broken documents.
    static let oddBodies: [String] = [
        "", " ", "null", "[]", "{}", "{", "}", "[", "{\"data\"", "{\"data\":}", "{\"data\":[1,]}", "{\"data\":[1 2]}",
        "{\"data\":{}}", "{\"data\":[]}", "{\"data\":null}", "{\"data\":[1]} x", "\u{FEFF}{\"data\":[1]}",
        "{\"data\":[1, 1.0, 1e2, 1E+2, -0, 0.5, 1e400, -1e400, 127, 128, -128, -129, 255, 256]}",
        "{\"data\":[18446744073709551615, 18446744073709551616, 9223372036854775807, -9223372036854775808]}",
        "{\"data\":[01, 1., .5, -, +1, 0x10, NaN, Infinity, 1e, 1e+, --1, 1.5e-400, 4.9e-324, 2.5e-324]}",
        "{\"data\":[0.1, 0.30000000000000004, 123456789012345678901234567890, 1.7976931348623157e308]}",
        "{\"data\":[true, false, null, 0, 1, \"true\"]}", "{\"data\":[tru]}", "{\"data\":[fals]}", "{\"data\":[falsx]}",
        "{\"data\":[nul]}", "{\"data\":[nulll]}", "{\"data\":[truefalse]}", "{\"data\":fals", "{\"data\":nul",
        "{\"data\":[\"a\", \"\\u00e9\", \"\\ud83d\\ude00\", \"\\ud83d\", \"\\ude00\", \"\\u0000\", \"\\/\", \"\\x\", \"é\"]}",
        "{\"data\":[\"2026-12-18T09:45:00Z\", \"2026-12-18T09:45:00.123456Z\", \"2026-12-18T09:45:00+01:00\"]}",
        "{\"data\":[\"1582-10-04T23:59:59Z\", \"1582-10-15T00:00:00Z\", \"0001-01-01T00:00:00Z\", \"9999-12-31T23:59:59.999Z\"]}",
        "{\"data\":[\"2026-02-30T09:45:00Z\", \"2026-12-18T24:00:00Z\", \"2026-12-18 09:45:00Z\", \"2026-12-18T09:45Z\"]}",
        "{\"data\":[\"2026-12-18t09:45:00z\", \"2026-12-18T09:45:60Z\", \"+2026-12-18T09:45:00Z\", \"2026-12-18T09:45:00.Z\"]}",
        "{\"data\":{\"a\":1,\"a\":2,\"b\":\"x\",\"c\":null}}", "{\"data\":{\"a\":1},\"data\":{\"b\":2}}",
        "{\"data\":\"\u{7}\"}", "{\"data\":[\"tab\tinside\"]}", "{\"data\":[\"\\u12\"]}", "[{\"data\":1}]",
        "{\"errors\":[{\"type\":\"invalid_request_error\",\"title\":\"T\"},{\"type\":7},null,3],\"meta\":{\"status\":\"x\"}}",
        "{\"errors\":{}}", "{\"errors\":null}", "{\"errors\":[],\"meta\":[]}",
        "{\"data\":{\"id\":\"off_1\",\"total_amount\":\"10.00\",\"total_currency\":\"GBP\",\"slices\":[]}}",
        "{\"data\":{\"id\":\"off_1\",\"total_amount\":10,\"total_currency\":\"GBP\",\"slices\":[{}]}}",
        "{\"data\":{\"id\":\"ord_1\",\"booking_reference\":\"ABC123\",\"total_amount\":\"1.5\",\"total_currency\":\"GBP\"}}",
        "{\"data\":[{\"type\":\"airport\",\"iata_code\":\"LHR\",\"name\":\"Heathrow\",\"latitude\":\"x\"},{\"type\":1},{}]}",
    ]
}
