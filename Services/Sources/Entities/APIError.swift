import Foundation

/// An error the API answered with, in Duffel's envelope:
/// `{"meta": {"status": 422, "request_id": "…"}, "errors": [{"type": …, "code": …, "title": …, "message": …}]}`.
public struct APIError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// The server's id for the request, for support.
    public var requestID: String?
    /// What went wrong; usually one.
    public var errors: [APIErrorDetail]

    /// Creates an API error.
    public init(status: Int, requestID: String? = nil, errors: [APIErrorDetail]) {
        self.status = status
        self.requestID = requestID
        self.errors = errors
    }

    /// The first error, the one to show.
    public var primary: APIErrorDetail? { errors.first }

    /// Whether any error has `code`.
    public func has(_ code: APIErrorCode) -> Bool { errors.contains { $0.code == code } }

    /// Whether any error has `type`.
    public func has(_ type: APIErrorType) -> Bool { errors.contains { $0.type == type } }

    /// The primary message, with the field it is about when there is one.
    public var description: String {
        guard let primary else { return "The API answered \(status) with no details." }
        return primary.description
    }

    private enum CodingKeys: String, CodingKey { case meta, errors }
    private struct Meta: Codable {
        var status: Int?
        var requestID: String?
        enum CodingKeys: String, CodingKey { case status, requestID = "request_id" }

        init(status: Int?, requestID: String?) {
            self.status = status
            self.requestID = requestID
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = container.lenient(Int.self, forKey: .status)
            requestID = container.lenientString(forKey: .requestID)
        }
    }

    public init(from decoder: any Decoder) throws {
        // Essential: a list of errors. The status comes from the HTTP answer (the caller sets it); `meta` may be
        // missing, and an error detail that cannot be read is left out.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let meta = container.lenient(Meta.self, forKey: .meta)
        status = meta?.status ?? 0
        requestID = meta?.requestID
        errors = try container.requiredLossyList(APIErrorDetail.self, forKey: .errors)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Meta(status: status, requestID: requestID), forKey: .meta)
        try container.encode(errors, forKey: .errors)
    }
}

/// One error in Duffel's error envelope.
public struct APIErrorDetail: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The family: validation, authentication, rate limit, …
    public var type: APIErrorType
    /// The specific error, when Duffel names one (`offer_no_longer_available`).
    public var code: APIErrorCode?
    /// A short title.
    public var title: String
    /// A sentence for people.
    public var message: String
    /// Where Duffel documents it.
    public var documentationURL: String?
    /// The part of the request it is about.
    public var source: APIErrorSource?

    /// Creates an error detail.
    public init(
        type: APIErrorType, code: APIErrorCode? = nil, title: String, message: String,
        documentationURL: String? = nil, source: APIErrorSource? = nil
    ) {
        self.type = type
        self.code = code
        self.title = title
        self.message = message
        self.documentationURL = documentationURL
        self.source = source
    }

    /// `message (field: passengers[0].born_on)`.
    public var description: String {
        if let where_ = source?.field ?? source?.pointer ?? source?.parameter {
            return "\(message) (\(where_))"
        }
        return message
    }

    private enum CodingKeys: String, CodingKey {
        case type, code, title, message, source, documentationURL = "documentation_url"
    }

    public init(from decoder: any Decoder) throws {
        // An error always reads: what it lacks is said in general words rather than lost.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.lenient(APIErrorType.self, forKey: .type) ?? APIErrorType(rawValue: "unknown_error")
        code = container.lenient(APIErrorCode.self, forKey: .code)
        let title = container.lenient(String.self, forKey: .title).flatMap { $0.isEmpty ? nil : $0 }
        let message = container.lenient(String.self, forKey: .message).flatMap { $0.isEmpty ? nil : $0 }
        self.title = title ?? message ?? "Error"
        self.message = message ?? title ?? "The API reported an error without a message."
        documentationURL = container.lenient(String.self, forKey: .documentationURL)
        source = container.lenient(APIErrorSource.self, forKey: .source)
    }
}

/// The part of a request an error is about.
public struct APIErrorSource: Sendable, Hashable, Codable {
    /// A field of the body, `born_on`.
    public var field: String?
    /// A JSON pointer into the body, `/passengers/0/born_on`.
    public var pointer: String?
    /// A query parameter.
    public var parameter: String?

    /// Creates a source.
    public init(field: String? = nil, pointer: String? = nil, parameter: String? = nil) {
        self.field = field
        self.pointer = pointer
        self.parameter = parameter
    }
}

/// Duffel's error types.
public struct APIErrorType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The airline refused or failed.
    public static let airline = APIErrorType(rawValue: "airline_error")
    /// Duffel itself failed, or a supplier timed out.
    public static let api = APIErrorType(rawValue: "api_error")
    /// The token is missing, malformed or wrong.
    public static let authentication = APIErrorType(rawValue: "authentication_error")
    /// The request is malformed (a header, a parameter).
    public static let invalidRequest = APIErrorType(rawValue: "invalid_request_error")
    /// The resource is in a state that does not allow this.
    public static let invalidState = APIErrorType(rawValue: "invalid_state_error")
    /// Too many requests.
    public static let rateLimit = APIErrorType(rawValue: "rate_limit_error")
    /// A field of the body breaks a rule.
    public static let validation = APIErrorType(rawValue: "validation_error")
}

/// Duffel's specific error codes that callers act on.
public struct APIErrorCode: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The offer was sold out or withdrawn; search again.
    public static let offerNoLongerAvailable = APIErrorCode(rawValue: "offer_no_longer_available")
    /// The price moved; fetch the offer again and confirm the new total.
    public static let priceChanged = APIErrorCode(rawValue: "price_changed")
    /// No such resource.
    public static let notFound = APIErrorCode(rawValue: "not_found")
    /// A required field is missing or invalid.
    public static let invalidInputData = APIErrorCode(rawValue: "invalid_input_data")
    /// A field was required and absent.
    public static let requiredField = APIErrorCode(rawValue: "required_field")
    /// The `Duffel-Version` header is missing or unknown.
    public static let unsupportedVersion = APIErrorCode(rawValue: "unsupported_version")
    /// The token is missing or malformed.
    public static let missingAuthorizationHeader = APIErrorCode(rawValue: "missing_authorization_header")
    /// The token is not recognised.
    public static let unauthorized = APIErrorCode(rawValue: "access_token_not_found")
    /// Too many requests.
    public static let rateLimitExceeded = APIErrorCode(rawValue: "rate_limit_exceeded")
    /// A supplier took too long.
    public static let supplierTimeout = APIErrorCode(rawValue: "airline_timeout")
    /// The payment does not match the offer's total.
    public static let invalidPaymentAmount = APIErrorCode(rawValue: "invalid_payment_amount")
    /// The offer was already booked.
    public static let alreadyBooked = APIErrorCode(rawValue: "already_booked")
    /// The order cannot be cancelled now.
    public static let orderNotCancellable = APIErrorCode(rawValue: "order_not_cancellable")
    /// The offer request's search failed.
    public static let internalServerError = APIErrorCode(rawValue: "internal_server_error")
}
