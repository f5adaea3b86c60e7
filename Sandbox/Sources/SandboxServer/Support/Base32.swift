/// Crockford's base-32 alphabet in lower case: ids stay URL-safe, case-insensitive on the way back in, and free
/// of the look-alike letters i, l, o and u.
enum Base32 {
    private static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
    private static let reverse: [UInt8: UInt8] = {
        var table: [UInt8: UInt8] = [:]
        for (index, character) in alphabet.enumerated() {
            table[character] = UInt8(index)
            if character >= UInt8(ascii: "a") { table[character - 32] = UInt8(index) }
        }
        // Crockford's decoding aliases for characters people mistype.
        let aliases: [(UInt8, UInt8)] = [
            (UInt8(ascii: "o"), 0), (UInt8(ascii: "O"), 0), (UInt8(ascii: "i"), 1), (UInt8(ascii: "I"), 1),
            (UInt8(ascii: "l"), 1), (UInt8(ascii: "L"), 1),
        ]
        for (alias, value) in aliases { table[alias] = value }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 8 + 4) / 5)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 0x1f)])
            }
        }
        if bits > 0 {
            output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1f)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes, or `nil` when a character is outside the alphabet or the trailing bits are not zero.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            guard let value = reverse[character] else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((buffer >> UInt32(bits)) & 0xff))
            }
        }
        guard bits < 5, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
