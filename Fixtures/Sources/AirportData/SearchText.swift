import Foundation

/// Text reduced to what a traveller's query should match on: lower case, no accents, words separated
/// by single spaces, as UTF-8 bytes so that prefix tests over thousands of airports stay cheap.
struct SearchText: Hashable, Sendable {
    /// The folded words joined by single spaces. Word boundaries are found by scanning for spaces
    /// rather than stored, because a second array per text doubles the directory's load time. A slice,
    /// so that the texts of the prebuilt index all share its one buffer instead of an array each.
    let bytes: ArraySlice<UInt8>

    /// Text that is already folded, such as a field of the prebuilt index.
    init(folded: ArraySlice<UInt8>) {
        bytes = folded
    }

    init(_ text: String) {
        var text = text
        let ascii = text.withUTF8 { source -> [UInt8]? in
            // Nearly every name in the data is ASCII: fold it byte by byte, without Foundation.
            guard source.allSatisfy({ $0 < 0x80 }) else { return nil }
            return [UInt8](unsafeUninitializedCapacity: source.count) { buffer, count in
                count = 0
                for byte in source {
                    if let folded = Self.foldedASCII(byte) {
                        if folded != Self.space || (count > 0 && buffer[count - 1] != Self.space) {
                            buffer[count] = folded
                            count += 1
                        }
                    }
                }
                if count > 0, buffer[count - 1] == Self.space { count -= 1 }
            }
        }
        if let ascii {
            bytes = ascii[...]
        } else {
            var folded: [UInt8] = []
            Self.appendUnicode(text, to: &folded)
            while folded.last == Self.space { folded.removeLast() }
            bytes = folded[...]
        }
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// The folded words, for matching one query word at a time.
    var wordList: [ArraySlice<UInt8>] { bytes.split(separator: Self.space) }

    func hasPrefix(_ other: SearchText) -> Bool {
        bytes.starts(with: other.bytes)
    }

    /// Whether `other`'s words appear in this text, in order and next to each other
    /// ("arnavutkoy istanbul" contains "istanbul").
    func containsWords(of other: SearchText) -> Bool {
        !other.isEmpty && containsWord(other.bytes)
    }

    /// Whether any word of this text is one of `candidates`.
    func hasWord(_ candidates: [[UInt8]]) -> Bool {
        candidates.contains { containsWord($0[...]) }
    }

    /// Whether any word of this text starts with `prefix`.
    func hasWord(startingWith prefix: ArraySlice<UInt8>) -> Bool {
        firstWord(startingWith: prefix, whole: false)
    }

    private func containsWord(_ word: ArraySlice<UInt8>) -> Bool {
        firstWord(startingWith: word, whole: true)
    }

    /// Scans word starts (the first byte and each one after a space) for `prefix`; with `whole`, the
    /// match must also end at a word boundary.
    private func firstWord(startingWith prefix: ArraySlice<UInt8>, whole: Bool) -> Bool {
        let end = bytes.endIndex
        let length = prefix.count
        guard length > 0, length <= bytes.count else { return false }
        var start = bytes.startIndex
        while start + length <= end {
            if bytes[start..<(start + length)].elementsEqual(prefix),
               !whole || start + length == end || bytes[start + length] == Self.space {
                return true
            }
            guard let space = bytes[start...].firstIndex(of: Self.space) else { return false }
            start = space + 1
        }
        return false
    }

    private static let space = UInt8(ascii: " ")
    private static let apostrophe = UInt8(ascii: "'")

    /// The folded form of an ASCII byte: lower case for letters and digits, a space for anything
    /// that separates words, nil for an apostrophe ("O'Hare" is typed "ohare" more often than "o hare").
    private static func foldedASCII(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        case apostrophe: nil
        default: space
        }
    }

    private static func appendASCII(_ byte: UInt8, to folded: inout [UInt8]) {
        guard let byte = foldedASCII(byte) else { return }
        if byte != space || (folded.last.map { $0 != space } ?? false) { folded.append(byte) }
    }

    /// Letters that have no decomposition, so diacritic folding leaves them as they are.
    private static let unfoldable: [Character: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i",
    ]

    private static func appendUnicode(_ text: String, to folded: inout [UInt8]) {
        let stripped = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        for character in stripped.lowercased() {
            if let replacement = unfoldable[character] {
                folded.append(contentsOf: replacement.utf8)
            } else if character.isASCII, let byte = character.asciiValue {
                appendASCII(byte, to: &folded)
            } else if character == "\u{2019}" || character == "\u{02BC}" {
                continue
            } else if character.isLetter || character.isNumber {
                folded.append(contentsOf: String(character).utf8)
            } else if let last = folded.last, last != space {
                folded.append(space)
            }
        }
    }
}
