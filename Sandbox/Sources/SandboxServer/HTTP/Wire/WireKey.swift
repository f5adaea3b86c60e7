import Entities
import Foundation

/// A key of Duffel's wire format, spelled as it is sent. The wire types write every key their object has, so
/// each names its keys where it writes them rather than in a `CodingKeys` enumeration beside it.
///
/// `DuffelJSON`'s encoder sorts them as it writes; its fast path takes keys of lower-case letters and underscores,
/// which all of Duffel's are.
struct WireKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

typealias WireContainer = KeyedEncodingContainer<WireKey>

extension KeyedEncodingContainer where Key == WireKey {
    /// `value` under `key`; an optional with no value is written `null`, never left out.
    mutating func put<Value: Encodable>(_ key: WireKey, _ value: Value) throws {
        try encode(value, forKey: key)
    }

    /// `null` under each of `keys`: fields Duffel lists that the sandbox has no value for.
    mutating func putNull(_ keys: WireKey...) throws {
        for key in keys { try encodeNil(forKey: key) }
    }

    /// An empty list under each of `keys`.
    mutating func putEmpty(_ keys: WireKey...) throws {
        for key in keys { try encode([String](), forKey: key) }
    }

    /// `money` as Duffel writes an amount: `<prefix>_amount` (a decimal string) and `<prefix>_currency`, both
    /// `null` when there is none.
    mutating func putMoney(_ prefix: String, _ money: Money?) throws {
        try encode(money?.wireAmount, forKey: WireKey(stringValue: prefix + "_amount"))
        try encode(money?.currency, forKey: WireKey(stringValue: prefix + "_currency"))
    }

    /// `items`, each written as its wire type.
    mutating func putList<Item, Wire: Encodable>(_ key: WireKey, _ items: [Item], as wire: (Item) -> Wire) throws {
        var list = nestedUnkeyedContainer(forKey: key)
        for item in items { try list.encode(wire(item)) }
    }
}
