/// An HTTP request method, such as `GET` or `POST`.
///
/// The common methods are static members; any other token can be made with ``init(rawValue:)``.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the request line, for example `"GET"`.
    public var rawValue: String

    /// Creates a method from its token, for example `"PROPFIND"`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: fetch a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: submit data; not idempotent.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`: change part of a resource; not idempotent.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: like `GET` without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`: ask which methods a resource allows.
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether sending the request twice has the same effect as sending it once (RFC 9110, section 9.2.2).
    ///
    /// This is the default for ``HTTPRequest/isIdempotent``, which decides whether a failed request is retried.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }

    /// The method token.
    public var description: String { rawValue }

    /// Whether the token is a valid RFC 9110 method token (so it cannot smuggle spaces or line breaks).
    var isValidToken: Bool {
        !rawValue.isEmpty && rawValue.utf8.allSatisfy(HTTPHeaders.isTokenByte)
    }
}
