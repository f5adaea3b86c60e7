import Foundation
import Testing

@testable import CurlHTTP

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsOrder() {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "X-Trace": "1"]
        headers.add(name: "x-trace", value: "2")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["X-TRACE"] == "1")
        #expect(headers.values(for: "X-Trace") == ["1", "2"])
        #expect(headers.map(\.name) == ["Content-Type", "X-Trace", "x-trace"])
        #expect(headers["Missing"] == nil)
        #expect(headers.contains(name: "CONTENT-TYPE"))
    }

    @Test func replaceKeepsPositionAndDropsDuplicates() {
        var headers: HTTPHeaders = ["A": "1", "B": "2"]
        headers.add(name: "a", value: "3")
        headers.replace(name: "A", value: "9")
        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers.values(for: "a") == ["9"])
        headers.replace(name: "C", value: "new")
        #expect(headers.map(\.value) == ["9", "2", "new"])
    }

    @Test func subscriptSetterReplacesAndRemoves() {
        var headers: HTTPHeaders = ["Accept": "text/html"]
        headers["accept"] = "application/json"
        #expect(headers.count == 1)
        #expect(headers["Accept"] == "application/json")
        headers["ACCEPT"] = nil
        #expect(headers.isEmpty)
    }

    @Test func descriptionShowsNamesButNeverValues() {
        let headers: HTTPHeaders = ["Authorization": "Bearer very-secret-token"]
        #expect(!headers.description.contains("very-secret-token"))
        #expect(headers.description.contains("Authorization"))
    }

    @Test func caseInsensitiveComparisonIsASCIIOnly() {
        #expect(HTTPHeaders.namesEqual("Content-Length", "content-length"))
        #expect(!HTTPHeaders.namesEqual("Content-Length", "Content-Lengt"))
        #expect(!HTTPHeaders.namesEqual("a", "b"))
        // "[" and "{" differ from letters by the same 0x20 bit; only A-Z may be folded.
        #expect(!HTTPHeaders.namesEqual("[", "{"))
    }

    @Test func methodIdempotency() {
        #expect(HTTPMethod.get.isIdempotent)
        #expect(HTTPMethod.put.isIdempotent)
        #expect(HTTPMethod.delete.isIdempotent)
        #expect(!HTTPMethod.post.isIdempotent)
        #expect(!HTTPMethod.patch.isIdempotent)
        #expect(HTTPMethod(rawValue: "PROPFIND").isValidToken)
        #expect(!HTTPMethod(rawValue: "GET /x HTTP/1.1\r\n").isValidToken)
    }

    @Test func requestIdempotencyFollowsMethodUnlessSet() throws {
        let url = try #require(URL(string: "https://example.com"))
        var request = HTTPRequest(method: .post, url: url)
        #expect(!request.isIdempotent)
        request.method = .get
        #expect(request.isIdempotent)
        request.isIdempotent = false
        #expect(!request.isIdempotent)
        #expect(HTTPRequest(method: .post, url: url, isIdempotent: true).isIdempotent)
    }

    @Test func requireSuccessThrowsStatusWithBody() throws {
        let url = try #require(URL(string: "https://example.com"))
        let body = Data("nope".utf8)
        let failing = HTTPResponse(status: 404, headers: ["X": "y"], body: body, url: url)
        #expect(throws: HTTPClientError.status(code: 404, headers: ["X": "y"], body: body)) {
            try failing.requireSuccess()
        }
        let fine = HTTPResponse(status: 204, headers: [:], body: Data(), url: url)
        #expect(try fine.requireSuccess() == fine)
    }
}
