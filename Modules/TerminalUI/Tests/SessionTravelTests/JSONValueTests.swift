import Foundation
import Testing
@testable import SessionTravel

@Suite("Time travel: JSON read as values")
struct JSONValueTests {
    @Test("values read as written: integers stay integers, escapes and surrogate pairs are decoded")
    func reads() throws {
        let text = #"{"a":[1,-2,3.5,1e3,true,false,null],"s":"tab\there \"q\" \u00e9 \ud83d\ude00 \/","big":123456789012345678901234}"#
        let value = try #require(JSONValue(data: Data(text.utf8)))
        guard case .object(let object) = value else { Issue.record("not an object: \(value)"); return }
        #expect(object["a"] == .array([.integer(1), .integer(-2), .number(3.5), .number(1000), .bool(true), .bool(false), .null]))
        #expect(object["s"] == .string("tab\there \"q\" é 😀 /"))
        #expect(object["big"] == .number(Double("123456789012345678901234")!))
        // What it writes reads back the same.
        #expect(JSONValue(data: Data(value.compact.utf8))?.compact == value.compact)
    }

    @Test("text that is not JSON, or nests deeper than any state, is not read")
    func refuses() {
        for text in ["", "{", "[1,]", #"{"a" 1}"#, "tru", "\"open", "[1] 2", #""\x""#] {
            #expect(JSONValue(data: Data(text.utf8)) == nil, "\(text)")
        }
        // A lone half of a surrogate pair becomes a stand-in; the character after it is kept.
        #expect(JSONValue(data: Data(#""\ud83d\u0041""#.utf8)) == .string("\u{FFFD}A"))
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONValue(data: Data(deep.utf8)) == nil)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(JSONValue(data: Data(fine.utf8)) != nil)
    }
}
