/// Reads the prebuilt airport index field by field, without an array per line or per field.
struct IndexReader {
    /// The whole index; the folded texts the directory keeps are slices of it.
    let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { position == bytes.count }

    /// The next field of the line: up to a tab (which it steps over) or the line's end (which it leaves).
    mutating func field() -> Range<Int> {
        let start = position
        while position < bytes.count, bytes[position] != Self.tab, bytes[position] != Self.newline {
            position += 1
        }
        let range = start..<position
        if position < bytes.count, bytes[position] == Self.tab { position += 1 }
        return range
    }

    /// Whether the line has no more fields.
    func endOfLine() -> Bool {
        position == bytes.count || bytes[position] == Self.newline
    }

    /// Steps over the line's end, failing if fields are left on it.
    mutating func finishLine() throws(AirportDataError) {
        guard position < bytes.count, bytes[position] == Self.newline else {
            throw failure("the line has more fields than the format")
        }
        position += 1
        line += 1
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// An empty field is nil.
    func optionalString(_ range: Range<Int>) -> String? {
        range.isEmpty ? nil : string(range)
    }

    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[range]
    }

    /// A count in decimal digits.
    mutating func count() throws(AirportDataError) -> Int {
        let range = field()
        guard !range.isEmpty, range.count < 10 else { throw failure("expected a count") }
        var value = 0
        for byte in bytes[range] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw failure("expected a count") }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A Double written as the 16 hex digits of its bit pattern.
    mutating func double() throws(AirportDataError) -> Double {
        let range = field()
        guard range.count == 16 else { throw failure("expected 16 hex digits") }
        var pattern: UInt64 = 0
        for byte in bytes[range] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: throw failure("expected 16 hex digits")
            }
            pattern = pattern << 4 | UInt64(digit)
        }
        return Double(bitPattern: pattern)
    }

    func failure(_ reason: String) -> AirportDataError {
        .malformedRow(file: "airport index", line: line, reason: reason)
    }

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
}
