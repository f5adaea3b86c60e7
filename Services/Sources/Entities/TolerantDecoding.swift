import Foundation

// The tolerant reader. Duffel adds fields and values without a new API version, and its own published examples omit
// fields its reference lists, so Entities require only what the app cannot work without (ids, booking references,
// amounts with their currency, place codes, segment times) and read everything else through these helpers: a field
// that is absent, `null` or of a shape we do not know reads as "unknown" (`nil`, or a stated fallback), and one
// element of a list that cannot be read is left out instead of sinking the whole answer. `Services/README.md` lists,
// per entity, which fields are essential and why.

extension KeyedDecodingContainer {
    /// An inessential field: `nil` when it is absent, `null`, or cannot be read as `T`.
    func lenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        // `decodeIfPresent` already reads an absent key as `nil`; asking `contains` first found the key twice.
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// An inessential text field; numbers and booleans are kept as their text, anything else reads as `nil`.
    func lenientString(forKey key: Key) -> String? {
        if let text = lenient(String.self, forKey: key) { return text }
        if let number = lenient(Int.self, forKey: key) { return String(number) }
        if let number = lenient(Double.self, forKey: key) { return String(number) }
        return nil
    }

    /// A list whose unreadable elements are left out; absent, `null` or not a list reads as empty.
    func lossyList<T: Decodable>(_ type: T.Type, forKey key: Key) -> [T] {
        guard let elements = lenient([Lossy<T>].self, forKey: key) else { return [] }
        return elements.compactMap(\.value)
    }

    /// An essential list: it must be there and be a list, but its unreadable elements are left out.
    func requiredLossyList<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        try decode([Lossy<T>].self, forKey: key).compactMap(\.value)
    }

    /// Split money fields that are inessential: `nil` when either is absent, `null` or not an amount.
    func lenientMoney(amount amountKey: Key, currency currencyKey: Key) -> Money? {
        guard let text = lenientString(forKey: amountKey), let currency = lenient(String.self, forKey: currencyKey),
              !currency.isEmpty, let amount = Money.parseAmount(text) else { return nil }
        return Money(amount: amount, currency: currency)
    }
}

/// One element of a list, or `nil` when it could not be read.
struct Lossy<T: Decodable>: Decodable {
    let value: T?

    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}
