import Entities
import Foundation
import HTTPTypes

/// A successful answer: a status and a JSON body in Duffel's envelope.
struct APIReply: Sendable {
    var status: Int
    var body: Data
    /// How long the parts of the work took, reported in a `server-timing` header for benchmarks.
    var timings: [(name: String, duration: Duration)] = []
    /// Set when the body is the same every time this key is asked for, so its compressed form can be kept
    /// (``AnswerCache``).
    var cacheKey: String?

    /// `value` (a wire type, `HTTP/Wire/`) as Duffel's JSON, written once by `DuffelJSON`'s encoder as it is made,
    /// which keeps to its fast path.
    static func json(_ value: some Encodable, status: Int = 200) throws(APIFailure) -> APIReply {
        do {
            return APIReply(status: status, body: try DuffelJSON.encoder().encode(value))
        } catch {
            throw .internalError("The answer could not be encoded: \(error)")
        }
    }
}

/// An answer in Duffel's error envelope, thrown by the endpoints and the checks in front of them, and written by
/// ``ErrorEnvelopeMiddleware``.
struct APIFailure: Error, Sendable {
    var status: Int
    var errors: [APIErrorDetail]
    /// Headers the answer carries beside the envelope: `retry-after` on a 429.
    var headers = HTTPFields()

    init(status: Int, errors: [APIErrorDetail]) {
        self.status = status
        self.errors = errors
    }

    init(
        status: Int, type: APIErrorType, code: APIErrorCode?, title: String, message: String,
        source: APIErrorSource? = nil
    ) {
        self.init(status: status, errors: [APIErrorDetail(type: type, code: code, title: title, message: message, source: source)])
    }

    /// 422 `validation_error`, one error per broken rule, each naming its field.
    static func validation(_ issues: [ValidationIssue]) -> APIFailure {
        APIFailure(status: 422, errors: issues.map { issue in
            APIErrorDetail(
                type: .validation, code: .invalidInputData, title: "Invalid input data", message: issue.message,
                source: APIErrorSource(field: issue.field, pointer: pointer(for: issue.field)))
        })
    }

    static func validation(field: String, _ message: String) -> APIFailure {
        validation([ValidationIssue(field: field, message: message)])
    }

    /// 422 `validation_error` about a query parameter.
    static func invalidParameter(_ name: String, _ message: String) -> APIFailure {
        APIFailure(
            status: 422, type: .validation, code: .invalidInputData, title: "Invalid input data", message: message,
            source: APIErrorSource(parameter: name))
    }

    static func notFound(_ message: String, source: APIErrorSource? = nil) -> APIFailure {
        APIFailure(
            status: 404, type: .invalidRequest, code: .notFound, title: "Not found", message: message, source: source)
    }

    static func badRequest(_ message: String) -> APIFailure {
        APIFailure(status: 400, type: .invalidRequest, code: nil, title: "Bad request", message: message)
    }

    static func invalidState(_ code: APIErrorCode, title: String, _ message: String) -> APIFailure {
        APIFailure(status: 422, type: .invalidState, code: code, title: title, message: message)
    }

    static func internalError(_ message: String) -> APIFailure {
        APIFailure(
            status: 500, type: .api, code: .internalServerError, title: "Internal server error",
            message: "The sandbox failed to answer: \(message)")
    }

    /// The wire form, with the request id in `meta`.
    func body(requestID: String) -> Data {
        let envelope = APIError(status: status, requestID: requestID, errors: errors)
        return (try? DuffelJSON.encoder().encode(envelope))
            ?? Data(#"{"errors":[{"type":"api_error","title":"Internal server error","message":"The error could not be encoded."}],"meta":{"status":500}}"#.utf8)
    }

    /// `passengers[0].born_on` as a JSON pointer into the request body, `/data/passengers/0/born_on`.
    static func pointer(for field: String) -> String {
        var pointer = "/data"
        for part in field.split(separator: ".") {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                pointer += "/" + rest[..<bracket]
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    pointer += "/" + rest[rest.index(after: rest.startIndex)..<close]
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                pointer += "/" + rest
            }
        }
        return pointer
    }
}

/// Reading request bodies the way Duffel does: `{"data": …}`, with a 422 naming the field that did not fit.
enum RequestBody {
    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(APIFailure) -> T {
        guard !body.isEmpty else {
            throw .validation(field: "data", "The request needs a JSON body: {\"data\": {…}}.")
        }
        do {
            return try DuffelJSON.decoder().decode(Envelope<T>.self, from: body).data
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // Corrupt at the root, above the envelope's `data`: the parser refused the body, it is not JSON at all.
            throw .badRequest("The request body is not valid JSON.")
        } catch let error as DecodingError {
            let (field, message) = describe(error)
            throw .validation(field: field, message)
        } catch {
            throw .badRequest("The request body could not be read: \(error)")
        }
    }

    private struct Envelope<Payload: Decodable>: Decodable {
        var data: Payload
    }

    /// The field path (`slices[0].departure_date`, without the `data.` envelope) and a sentence about it.
    static func describe(_ error: DecodingError) -> (String, String) {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            if text == "data" { return "data" }
            return text.hasPrefix("data.") ? String(text.dropFirst(5)) : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return (field, "\(field) is required.")
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            return (field, "\(field) has the wrong type (expected \(readable(type))).")
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            return (field, "\(field) must not be null (expected \(readable(type))).")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            return (field.isEmpty ? "data" : field, context.debugDescription)
        @unknown default:
            return ("data", "The request body does not match the expected format.")
        }
    }

    private static func readable(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        case is Double.Type, is Decimal.Type: "a number"
        default: "\(type)".contains("Array") ? "a list" : "an object"
        }
    }
}
