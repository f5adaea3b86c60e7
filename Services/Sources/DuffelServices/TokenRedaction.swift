import CurlHTTP
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Our own access token, blanked out of what a server sends back before any of it is decoded, shown or logged. A
/// server (a hostile one, or a proxy that echoes requests) that quotes the bearer token in an error message, or in
/// any field, must not get it printed on the traveller's terminal or written to a log or a recording.
struct TokenRedaction: Sendable {
    private let token: [UInt8]
    private let tokenText: String
    private let replacement: [UInt8]
    private let replacementText: String

    /// A token shorter than this is not looked for: blanking every occurrence of a few common letters would spoil
    /// answers and protect nothing (Duffel's tokens are dozens of characters long).
    static let minimumLength = 8

    /// The redaction of `token`, which reads as `shownAs` wherever the server quoted it; nil for no token or a very
    /// short one.
    init?(token: String, shownAs: String) {
        guard token.utf8.count >= Self.minimumLength else { return nil }
        self.token = Array(token.utf8)
        self.tokenText = token
        self.replacement = Array(shownAs.utf8)
        self.replacementText = shownAs
    }

    /// `response` with the token blanked out of its body.
    func apply(to response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.body = apply(to: response.body, isError: response.status >= 400)
        return response
    }
}

extension HTTPResponse {
    /// The response with `redaction` applied, or as it is without one.
    func redacted(by redaction: TokenRedaction?) -> HTTPResponse {
        redaction?.apply(to: self) ?? self
    }
}

extension TokenRedaction {
    /// `error` with the token blanked out of the answer it carries, if it carries one: a body, or the address a
    /// redirect named (also cut to 300 characters: it is shown in a sentence).
    func apply(to error: HTTPClientError) -> HTTPClientError {
        switch error {
        case .status(let code, let headers, let body):
            return .status(code: code, headers: headers, body: apply(to: body, isError: true))
        case .redirectRefused(let method, let status, let target):
            var blanked = String(decoding: replacingLiteral(in: Data(target.utf8)), as: UTF8.self)
            if blanked.count > 300 { blanked = String(blanked.prefix(300)) + "…" }
            return .redirectRefused(method: method, status: status, to: blanked)
        default:
            return error
        }
    }

    /// `body` with every literal occurrence of the token replaced, found by a scan the size of the answer. An error's
    /// body is also read as JSON when it escapes characters (`\u0064…` spells `d…`), and its strings redacted one by
    /// one, so an escaped echo is caught too; it is small.
    func apply(to body: Data, isError: Bool) -> Data {
        var body = replacingLiteral(in: body)
        if isError, body.count < 1 << 20, contains(Array(#"\u"#.utf8), in: body) {
            body = replacingInStrings(of: body) ?? body
        }
        return body
    }

    private func replacingLiteral(in body: Data) -> Data {
        guard contains(token, in: body) else { return body }
        var result = Data(capacity: body.count)
        body.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            token.withUnsafeBytes { needle in
                var offset = 0
                while let at = Self.find(needle, in: raw, from: offset) {
                    result.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[offset..<at]))
                    result.append(contentsOf: replacement)
                    offset = at + needle.count
                }
                if offset < raw.count { result.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            }
        }
        return result
    }

    private func contains(_ needle: [UInt8], in body: Data) -> Bool {
        body.withUnsafeBytes { raw in needle.withUnsafeBytes { Self.find($0, in: raw, from: 0) != nil } }
    }

    /// Where `needle` first occurs in `haystack` at or after `start`: `memchr` to each candidate first byte, then
    /// `memcmp`, which reads an answer about as fast as copying it.
    private static func find(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, from start: Int)
        -> Int?
    {
        guard let first = needle.first, let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
            return nil
        }
        var offset = start
        while haystack.count - offset >= needle.count {
            guard let hit = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1) else {
                return nil
            }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, needleBase, needle.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    /// The JSON document with the token blanked out of every string and key; nil when the body is not JSON or
    /// quotes no token once its escapes are read.
    private func replacingInStrings(of body: Data) -> Data? {
        guard let document = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return nil }
        var changed = false
        func redact(_ value: Any) -> Any {
            switch value {
            case let text as String:
                guard text.contains(tokenText) else { return text }
                changed = true
                return text.replacingOccurrences(of: tokenText, with: replacementText)
            case let array as [Any]:
                return array.map(redact)
            case let object as [String: Any]:
                var result: [String: Any] = [:]
                for (key, member) in object { result[redact(key) as? String ?? key] = redact(member) }
                return result
            default:
                return value
            }
        }
        let redacted = redact(document)
        guard changed else { return nil }
        return try? JSONSerialization.data(withJSONObject: redacted, options: [.fragmentsAllowed])
    }
}
