import Foundation

/// Which redirects a request follows. An API client's request carries a bearer token and, for a POST, a body that
/// may be a booking (names, dates of birth, contacts, a payment): it follows a redirect only within the origin it was
/// sent to (the same scheme, host and port), and only for GET and HEAD, which send no body. Anything else is refused
/// and reported, having sent nothing to the new address. libcurl's own following is off (CurlTransfer).
enum RedirectPolicy {
    enum Decision: Equatable {
        /// Not a redirect: the response is the answer.
        case none
        /// Send the request again to this URL.
        case follow(URL)
        /// A redirect not followed, with its status, to the address the server gave (as text: it may not even parse).
        case refuse(status: Int, to: String)
    }

    /// The statuses that redirect with a `Location` (304 Not Modified is an answer, not a redirect).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    static func decide(status: Int, headers: HTTPHeaders, for request: HTTPRequest) -> Decision {
        guard redirectStatuses.contains(status), let location = headers["Location"], !location.isEmpty else {
            return .none
        }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
            return .refuse(status: status, to: location)
        }
        guard request.method == .get || request.method == .head, sameOrigin(target, request.url) else {
            return .refuse(status: status, to: target.absoluteString)
        }
        return .follow(target)
    }

    /// Whether `a` and `b` share scheme, host and port (a missing port is the scheme's own).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(), schemeA == schemeB,
              let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased(), hostA == hostB
        else { return false }
        return port(of: a, scheme: schemeA) == port(of: b, scheme: schemeB)
    }

    private static func port(of url: URL, scheme: String) -> Int? {
        url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
