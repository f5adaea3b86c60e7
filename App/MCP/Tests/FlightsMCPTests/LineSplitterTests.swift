import Foundation
import Testing
@testable import FlightsMCP

/// How `flights mcp` cuts its input into messages: across reads, blank lines skipped, a line over the limit dropped
/// as it is read and answered by its id, the next line served.
@Suite("LineSplitter: one message per line, in linear time")
struct LineSplitterTests {
    private func data(_ text: String) -> Data { Data(text.utf8) }

    @Test("a message split across reads comes out whole once its line ends; blank lines are none")
    func acrossReads() {
        var splitter = LineSplitter(limit: 100)
        #expect(splitter.feed(data(#"{"id":1,"met"#)).isEmpty)
        #expect(splitter.feed(data("hod\":\"ping\"}\n\n \r\n{\"id\":2")) == [.message(data(#"{"id":1,"method":"ping"}"#))])
        #expect(splitter.feed(data("}\n{\"id\":3}")) == [.message(data(#"{"id":2}"#))])
        // The input ends without a line end: the last message still counts.
        #expect(splitter.finish() == .message(data(#"{"id":3}"#)))
        #expect(splitter.finish() == nil)
    }

    @Test("a line over the limit is dropped as it is read, keeping its first bytes and its size; the next is served")
    func overTheLimit() {
        var splitter = LineSplitter(limit: 10)
        #expect(splitter.feed(data(#"{"id":7,"params":"#)).isEmpty)
        #expect(splitter.feed(data(String(repeating: "x", count: 10_000))).isEmpty)
        let pieces = splitter.feed(data("\"}\n{\"id\":8}\n"))
        #expect(pieces.count == 2)
        guard case .tooLong(let prefix, let size)? = pieces.first else {
            Issue.record("not refused: \(pieces)")
            return
        }
        #expect(size == 17 + 10_000 + 2)
        #expect(prefix.count == LineSplitter.prefixKept)
        #expect(String(decoding: prefix, as: UTF8.self).hasPrefix(#"{"id":7,"params":"#))
        #expect(pieces.last == .message(data(#"{"id":8}"#)))
    }

    @Test("a line exactly at the limit is a message")
    func atTheLimit() {
        var splitter = LineSplitter(limit: 8)
        #expect(splitter.feed(data("{\"id\":1}\n")) == [.message(data(#"{"id":1}"#))])
    }

    @Test("the refusal answers by the request's id before its params, as JSON-RPC error -32600 with the size and limit")
    func refusal() throws {
        #expect(LineSplitter.requestID(in: data(#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"#)) == "42")
        #expect(LineSplitter.requestID(in: data(#"{"id":"a\"b","method":"x"}"#)) == #""a\"b""#)
        // An id inside the params is not the request's.
        #expect(LineSplitter.requestID(in: data(#"{"method":"x","params":{"id":5}}"#)) == nil)
        #expect(LineSplitter.requestID(in: data(#"{"method":"x","par"#)) == nil)
        let answer = LineSplitter.refusal(prefix: data(#"{"jsonrpc":"2.0","id":42,"params":"#), size: 10_000_000, limit: 4 << 20)
        let object = try #require(try JSONSerialization.jsonObject(with: answer) as? [String: Any])
        #expect(object["id"] as? Int == 42)
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32600)
        #expect((error["message"] as? String)?.contains("at most 4194304 bytes (4 MiB)") == true)
        #expect((error["data"] as? [String: Int]) == ["size": 10_000_000, "limit": 4_194_304])
        let unknown = LineSplitter.refusal(prefix: data("x"), size: 9, limit: 8)
        #expect(try #require(try JSONSerialization.jsonObject(with: unknown) as? [String: Any])["id"] is NSNull)
    }
}
