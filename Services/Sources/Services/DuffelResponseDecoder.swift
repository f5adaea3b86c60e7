import Entities
public import Foundation

/// Turns a Duffel response (status and body) into a value or a ``ServiceError``. The HTTP services and the
/// fixture services both decode through it, so a recorded file is read exactly as a live answer.
public enum DuffelResponseDecoder {
    /// Decodes a successful body as `type`, or maps an error status to ``ServiceError``.
    public static func decode<Response: Decodable>(
        _ type: Response.Type, status: Int, body: Data, rateLimit: RateLimit? = nil
    ) throws(ServiceError) -> Response {
        guard (200..<300).contains(status) else {
            throw errorFor(status: status, body: body, rateLimit: rateLimit)
        }
        do {
            return try DuffelJSON.decoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw .malformedResponse(describe(error))
        } catch {
            throw .malformedResponse("\(error)")
        }
    }

    /// The error an error status with `body` means: Duffel's envelope when the body is one.
    public static func errorFor(status: Int, body: Data, rateLimit: RateLimit?) -> ServiceError {
        if let envelope = try? DuffelJSON.decoder().decode(APIError.self, from: body) {
            var error = envelope
            error.status = status
            return .api(error, rateLimit: rateLimit)
        }
        let text = String(decoding: body.prefix(500), as: UTF8.self)
        return .unexpectedStatus(code: status, body: text)
    }

    /// A decoding error as `what was wrong at which path`, without the body's values.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = path(context.codingPath)
            return at.isEmpty ? context.debugDescription : "\(at): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
