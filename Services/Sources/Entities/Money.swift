public import Foundation

/// An amount of money in one currency. Never a `Double`: `Decimal` keeps `1245.20` exact.
///
/// On Duffel's wire an amount is a decimal string beside a currency field (`total_amount`, `total_currency`);
/// the containing types read and write those pairs. On its own, `Money` encodes as
/// `{"amount": "1245.20", "currency": "GBP"}`.
public struct Money: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The amount, exact.
    public let amount: Decimal
    /// The ISO 4217 currency code, upper case (`GBP`).
    public let currency: String

    /// Creates an amount in `currency`.
    public init(amount: Decimal, currency: String) {
        self.amount = amount
        self.currency = currency.uppercased()
    }

    /// Parses a Duffel amount string (`"1245.20"`), or `nil` when it is not a plain decimal number.
    public init?(_ amount: String, currency: String) {
        guard let value = Money.parseAmount(amount) else { return nil }
        self.init(amount: value, currency: currency)
    }

    /// Zero in `currency`.
    public static func zero(_ currency: String) -> Money { Money(amount: 0, currency: currency) }

    /// How many digits follow the decimal point in `currency` (ISO 4217 minor units).
    public static func minorUnits(of currency: String) -> Int {
        switch currency.uppercased() {
        case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
             "XAF", "XOF", "XPF":
            return 0
        case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND":
            return 3
        default:
            return 2
        }
    }

    /// The amount as Duffel writes it: a plain decimal string with the currency's minor units (`"1245.20"`).
    public var wireAmount: String {
        Money.format(amount, fractionDigits: Money.minorUnits(of: currency), grouping: false)
    }

    /// `GBP 1245.20`.
    public var description: String { "\(currency) \(wireAmount)" }

    /// How a traveller reads it: `£1,245.20`, `$99.00`, `1,200 JPY`.
    public var formatted: String { formatted(fractionDigits: Money.minorUnits(of: currency)) }

    /// At a glance, rounded to whole units (half up): `£1,245`, `$99`, `1,200 JPY`; for a grid of prices, where
    /// the exact amount is shown beside the one chosen.
    public var roundedFormatted: String { formatted(fractionDigits: 0) }

    private func formatted(fractionDigits: Int) -> String {
        let number = Money.format(amount, fractionDigits: fractionDigits, grouping: true)
        let negative = number.hasPrefix("-")
        let digits = negative ? String(number.dropFirst()) : number
        let sign = negative ? "-" : ""
        switch currency {
        case "GBP": return "\(sign)£\(digits)"
        case "USD": return "\(sign)$\(digits)"
        case "EUR": return "\(sign)€\(digits)"
        default: return "\(sign)\(digits) \(currency)"
        }
    }

    /// The sum, or `nil` when the currencies differ.
    public func adding(_ other: Money) -> Money? {
        guard other.currency == currency else { return nil }
        return Money(amount: amount + other.amount, currency: currency)
    }

    /// The difference, or `nil` when the currencies differ.
    public func subtracting(_ other: Money) -> Money? {
        guard other.currency == currency else { return nil }
        return Money(amount: amount - other.amount, currency: currency)
    }

    /// The amount times `factor`.
    public func multiplied(by factor: Int) -> Money {
        Money(amount: amount * Decimal(factor), currency: currency)
    }

    /// The amount rounded half-up to the currency's minor units, as a shop would charge it.
    public var rounded: Money {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, Money.minorUnits(of: currency), .plain)
        return Money(amount: result, currency: currency)
    }

    /// A plain decimal string: digits, one optional leading `-`, one optional `.`.
    static func parseAmount(_ text: String) -> Decimal? {
        guard isPlainAmount(text) else { return nil }
        return Decimal(string: text, locale: posix)
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// `-?[0-9]+(\.[0-9]+)?`, checked on the bytes (a string of these bytes only is ASCII, one character a byte).
    private static func isPlainAmount(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
            var whole = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                index += 1
                whole += 1
            }
            guard whole > 0 else { return false }
            guard index < bytes.count else { return true }
            guard bytes[index] == UInt8(ascii: ".") else { return false }
            index += 1
            var fraction = 0
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                index += 1
                fraction += 1
            }
            return fraction > 0 && index == bytes.count
        }
    }

    static func format(_ amount: Decimal, fractionDigits: Int, grouping: Bool) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, fractionDigits, .plain)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        let plain = NSDecimalNumber(decimal: magnitude).description(withLocale: Locale(identifier: "en_US_POSIX"))
        let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
        var whole = String(parts.first ?? "0")
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        fraction = String(fraction.prefix(fractionDigits))
        while fraction.count < fractionDigits { fraction += "0" }
        if grouping {
            var grouped = ""
            for (index, character) in whole.reversed().enumerated() {
                if index > 0, index % 3 == 0 { grouped.append(",") }
                grouped.append(character)
            }
            whole = String(grouped.reversed())
        }
        let sign = negative ? "-" : ""
        return fractionDigits > 0 ? "\(sign)\(whole).\(fraction)" : "\(sign)\(whole)"
    }

    private enum CodingKeys: String, CodingKey { case amount, currency }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let currency = try container.decode(String.self, forKey: .currency)
        let text = try container.decode(String.self, forKey: .amount)
        guard let amount = Money.parseAmount(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .amount, in: container, debugDescription: "Expected a decimal amount, found \"\(text)\"")
        }
        self.init(amount: amount, currency: currency)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(wireAmount, forKey: .amount)
        try container.encode(currency, forKey: .currency)
    }
}

extension KeyedDecodingContainer {
    /// Reads Duffel's split money fields (`total_amount` + `total_currency`).
    func decodeMoney(amount amountKey: Key, currency currencyKey: Key) throws -> Money {
        // An amount is a decimal string on the wire; a bare JSON number is read too.
        let text = try lenientString(forKey: amountKey) ?? decode(String.self, forKey: amountKey)
        let currency = try decode(String.self, forKey: currencyKey)
        guard let amount = Money.parseAmount(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: amountKey, in: self, debugDescription: "Expected a decimal amount, found \"\(text)\"")
        }
        return Money(amount: amount, currency: currency)
    }

    /// Reads split money fields that may be null or absent (`tax_amount`, `penalty_amount`).
    func decodeMoneyIfPresent(amount amountKey: Key, currency currencyKey: Key) throws -> Money? {
        guard let text = try decodeIfPresent(String.self, forKey: amountKey),
              let currency = try decodeIfPresent(String.self, forKey: currencyKey) else { return nil }
        guard let amount = Money.parseAmount(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: amountKey, in: self, debugDescription: "Expected a decimal amount, found \"\(text)\"")
        }
        return Money(amount: amount, currency: currency)
    }
}

extension KeyedEncodingContainer {
    /// Writes Duffel's split money fields; `nil` writes two nulls, as Duffel does.
    mutating func encodeMoney(_ money: Money?, amount amountKey: Key, currency currencyKey: Key) throws {
        if let money {
            try encode(money.wireAmount, forKey: amountKey)
            try encode(money.currency, forKey: currencyKey)
        } else {
            try encodeNil(forKey: amountKey)
            try encodeNil(forKey: currencyKey)
        }
    }
}
