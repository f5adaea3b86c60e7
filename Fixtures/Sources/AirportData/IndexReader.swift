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
        // Through the buffer: the Array's bounds check per byte was a quarter of the load.
        let end = bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count, buffer[index] != Self.tab, buffer[index] != Self.newline { index += 1 }
            return index
        }
        position = end
        if position < bytes.count, bytes[position] == Self.tab { position += 1 }
        return start..<end
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
        let pattern: UInt64? = bytes.withUnsafeBufferPointer { buffer in
            var pattern: UInt64 = 0
            var valid = true
            for index in range {
                let byte = buffer[index]
                let digit = byte &- UInt8(ascii: "0")
                let letter = byte &- UInt8(ascii: "a")
                valid = valid && (digit < 10 || letter < 6)
                pattern = pattern << 4 | UInt64(digit < 10 ? digit : letter &+ 10)
            }
            return valid ? pattern : nil
        }
        guard let pattern else { throw failure("expected 16 hex digits") }
        return Double(bitPattern: pattern)
    }

    func failure(_ reason: String) -> AirportDataError {
        .malformedRow(file: "airport index", line: line, reason: reason)
    }

    private static let tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n")
}
