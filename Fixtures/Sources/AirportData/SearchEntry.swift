// Matching a typed query against the directory's cities and airports.

/// How well a place matched, best first.
enum MatchTier: Int, Comparable, Sendable {
    case exactCode
    case exactICAOCode
    case exactCityName
    case cityNamePrefix
    case airportNamePrefix
    case wordPrefixes

    static func < (lhs: MatchTier, rhs: MatchTier) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a city or airport is matched on, folded once when the directory loads.
struct SearchEntry: Sendable {
    let code: PackedCode?
    let icaoCode: PackedCode?
    let city: SearchText
    let name: SearchText
    let importance: Double

    func tier(for query: Query) -> MatchTier? {
        if let typedCode = query.code {
            if typedCode == code { return .exactCode }
            if typedCode == icaoCode { return .exactICAOCode }
        }
        if query.text == city { return .exactCityName }
        if city.hasPrefix(query.text) { return .cityNamePrefix }
        if name.hasPrefix(query.text) { return .airportNamePrefix }
        for (word, wordCode) in zip(query.words, query.wordCodes) {
            let matches = (wordCode != nil && wordCode == code)
                || city.hasWord(startingWith: word) || name.hasWord(startingWith: word)
            if !matches { return nil }
        }
        return .wordPrefixes
    }
}

/// What a traveller typed, folded and split once per suggestion request.
struct Query {
    let text: SearchText
    let code: PackedCode?
    let words: [ArraySlice<UInt8>]
    let wordCodes: [PackedCode?]

    init(_ typed: String) {
        text = SearchText(typed)
        code = PackedCode(folded: text.bytes[...])
        words = text.wordList
        wordCodes = words.map(PackedCode.init(folded:))
    }
}

/// An IATA or ICAO code, lower-cased, in one integer: comparing codes of thousands of airports per
/// keystroke should not compare (or allocate) arrays.
struct PackedCode: Hashable, Sendable {
    let value: UInt32

    /// Packs an already folded (lower-case ASCII) word of one to four letters or digits.
    init?(folded bytes: ArraySlice<UInt8>) {
        self.init(bytes, upperCase: false)
    }

    /// Packs a code as the data spells it (`"LHR"`, `"EGLL"`).
    init?(_ code: String) {
        self.init(code.utf8, upperCase: true)
    }

    /// Packs one to four letters or digits, lower-casing them first when `upperCase` allows capitals.
    init?(_ bytes: some Collection<UInt8>, upperCase: Bool) {
        guard (1...4).contains(bytes.count) else { return nil }
        var value: UInt32 = 0
        for var byte in bytes {
            if upperCase, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte += 32 }
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        self.value = value
    }
}

struct Candidate: Comparable {
    /// An index into the directory's cities or airports, both sorted by code.
    enum Place: Equatable {
        case city(Int)
        case airport(Int)
    }

    let tier: MatchTier
    let importance: Double
    let place: Place

    static func < (lhs: Candidate, rhs: Candidate) -> Bool {
        if lhs.tier != rhs.tier { return lhs.tier < rhs.tier }
        if lhs.importance != rhs.importance { return lhs.importance > rhs.importance }
        switch (lhs.place, rhs.place) {
        case (.city(let left), .city(let right)), (.airport(let left), .airport(let right)):
            return left < right
        case (.city, .airport):
            // Cities first on a tie, so a city sharing its code with an airport (DXB) lists its airports.
            return true
        case (.airport, .city):
            return false
        }
    }
}
