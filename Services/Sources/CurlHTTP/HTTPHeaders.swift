/// An ordered list of HTTP header fields.
///
/// Order and duplicates are kept as sent or received; name lookups ignore ASCII case, as HTTP requires.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers.add(name: "Duffel-Version", value: "v2")
/// headers["accept"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as written, for example `"Content-Type"`.
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list from fields, in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// Creates a header list from a dictionary literal, in the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name` (any case), or `nil`.
    ///
    /// Setting a value replaces every field with that name; setting `nil` removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.namesEqual($0.name, name) }?.value }
        set {
            if let newValue {
                replace(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value for `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesEqual($0.name, name) ? $0.value : nil }
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(name: String) -> Bool {
        fields.contains { Self.namesEqual($0.name, name) }
    }

    /// Appends a field, keeping any others with the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` (any case) with one field, placed where the first one was
    /// (or at the end if there was none).
    public mutating func replace(name: String, value: String) {
        if let first = fields.firstIndex(where: { Self.namesEqual($0.name, name) }) {
            fields[first] = Field(name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if Self.namesEqual(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index = fields.index(after: index)
                }
            }
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// Removes and returns the last field, for continuing a folded header line.
    mutating func removeLast() -> Field? {
        fields.popLast()
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// The field names only; values are left out because they may hold credentials.
    public var description: String {
        "HTTPHeaders(" + fields.map(\.name).joined(separator: ", ") + ")"
    }

    // Header names are ASCII tokens, so an ASCII-only comparison is both correct and allocation-free.
    static func namesEqual(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return true
            case let (l?, r?):
                if l != r && lowercased(l) != lowercased(r) { return false }
            default:
                return false
            }
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
    }

    /// The RFC 9110 `tchar` set, used for header names and method tokens.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether a value is safe to put on a header line: no CR, LF or NUL, which could inject lines.
    static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }
}
