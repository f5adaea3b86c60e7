@testable import Entities
import Foundation
import Testing

/// `DuffelJSON.Fragment`: a value encoded once must write exactly what the value itself writes, wherever it is
/// nested, compact or pretty, on the fast path or Foundation's.
@Suite("A fragment writes what its value writes")
struct FragmentEncodingTests {
    struct Airport: Encodable, Sendable {
        let iata_code: String
        let name: String
        let latitude: Double?
        let city: [String: String]?
    }

    struct Segment<Place: Encodable & Sendable>: Encodable, Sendable {
        let id: String
        let origin: Place
        let destination: Place
        let stops: [Place]
    }

    static let heathrow = Airport(iata_code: "LHR", name: "London Heathrow \"Airport\"", latitude: 51.4706,
                                  city: ["iata_code": "LON", "name": "London"])
    static let kennedy = Airport(iata_code: "JFK", name: "John F Kennedy / International", latitude: nil, city: nil)

    static func bytes<T: Encodable>(_ value: T, pretty: Bool) throws -> String {
        String(decoding: try DuffelJSON.encoder(pretty: pretty).encode(value), as: UTF8.self)
    }

    @Test("nested fragments give the same bytes as the values, compact and pretty")
    func sameBytes() throws {
        let plain = Segment(id: "seg_1", origin: Self.heathrow, destination: Self.kennedy, stops: [Self.kennedy])
        let fragments = Segment(
            id: "seg_1", origin: DuffelJSON.Fragment(Self.heathrow), destination: DuffelJSON.Fragment(Self.kennedy),
            stops: [DuffelJSON.Fragment(Self.kennedy)])
        for pretty in [false, true] {
            let expected = String(decoding: try ReferenceCoders.encoder(pretty: pretty).encode(plain), as: UTF8.self)
            #expect(try Self.bytes(fragments, pretty: pretty) == expected)
            // Compact bytes are copied; a pretty document is Foundation's to indent.
            let fast = DuffelJSONEncoder.fastEncode(fragments, pretty: pretty, userInfo: [:])
            #expect((fast != nil) == !pretty)
        }
        // A fragment on its own, and as a document's top level.
        #expect(try Self.bytes(DuffelJSON.Fragment(Self.heathrow), pretty: false) == Self.bytes(Self.heathrow, pretty: false))
    }

    @Test("the compact path copies the bytes made when the fragment was")
    func copiesBytes() throws {
        let fragment = DuffelJSON.Fragment(Self.heathrow)
        let expected = try Self.bytes(Self.heathrow, pretty: false)
        #expect(fragment.bytes.map { String(decoding: $0, as: UTF8.self) } == expected)
        let node = try NodeEncoder(userInfo: [:]).node(fragment)
        guard case .fragment(let copied) = node else {
            Issue.record("a fragment became \(node), not its bytes")
            return
        }
        #expect(String(decoding: copied, as: UTF8.self) == expected)
    }

    @Test("a value only Foundation writes is written by Foundation, inside a fragment too")
    func foundationValues() throws {
        let link = DuffelJSON.Fragment(["logo": URL(string: "https://example.com/a b")])
        #expect(link.bytes == nil)
        #expect(try Self.bytes(["carrier": link], pretty: false)
                == Self.bytes(["carrier": ["logo": URL(string: "https://example.com/a b")]], pretty: false))
        let notANumber = DuffelJSON.Fragment([Double.nan])
        #expect(throws: EncodingError.self) { try DuffelJSON.encoder().encode(["values": notANumber]) }
    }
}
