import MCP

/// What a tool's argument may be: its JSON type and limits. A tool's JSON Schema is written from these rules, and
/// every call's arguments are checked against the same rules before the tool runs, so what the schema promises and
/// what the server takes cannot drift apart.
indirect enum ArgumentRule: Sendable {
    /// Text of at most `maxLength` characters; with `choices`, one of them.
    case string(maxLength: Int, choices: [String]? = nil)
    /// A whole number in `range`.
    case integer(ClosedRange<Int>)
    case boolean
    /// An amount of money as Duffel writes it (`"412.50"`), or a plain JSON number.
    case amount
    /// A list of `element`s, `count` long.
    case array(ArgumentRule, count: ClosedRange<Int>)
    /// An object with these fields; any other name is refused unless `open`.
    case object([ArgumentField], open: Bool = false)
    /// An object from names to `value`s (a passenger's seats by flight), at most `maxCount` of them.
    case map(ArgumentRule, maxCount: Int)
    /// Either of two forms (`"bags": 1`, or bags by leg).
    case either(ArgumentRule, ArgumentRule)
}

/// One named field of an object argument.
struct ArgumentField: Sendable {
    var name: String
    var rule: ArgumentRule
    var required: Bool
    var description: String

    init(_ name: String, _ rule: ArgumentRule, required: Bool = false, _ description: String) {
        self.name = name
        self.rule = rule
        self.required = required
        self.description = description
    }
}

extension ArgumentRule {
    /// The rule as JSON Schema (draft 2020-12 keywords every client reads).
    func schema(description: String? = nil) -> Value {
        var schema: [String: Value]
        switch self {
        case .string(let maxLength, let choices):
            schema = ["type": "string", "maxLength": .int(maxLength)]
            if let choices { schema["enum"] = .array(choices.map(Value.string)) }
        case .integer(let range):
            schema = ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
        case .boolean:
            schema = ["type": "boolean"]
        case .amount:
            schema = [
                "type": ["string", "number"], "pattern": "^ *-?[0-9]+(\\.[0-9]+)? *$", "maxLength": 24,
            ]
        case .array(let element, let count):
            schema = [
                "type": "array", "items": element.schema(), "minItems": .int(count.lowerBound),
                "maxItems": .int(count.upperBound),
            ]
        case .object(let fields, let open):
            schema = [
                "type": "object",
                "properties": .object(Dictionary(uniqueKeysWithValues: fields.map {
                    ($0.name, $0.rule.schema(description: $0.description))
                })),
                "additionalProperties": .bool(open),
            ]
            let required = fields.filter(\.required).map { Value.string($0.name) }
            if !required.isEmpty { schema["required"] = .array(required) }
        case .map(let value, let maxCount):
            schema = [
                "type": "object", "additionalProperties": value.schema(), "maxProperties": .int(maxCount),
                "propertyNames": ["maxLength": 40],
            ]
        case .either(let first, let second):
            schema = ["anyOf": [first.schema(), second.schema()]]
        }
        if let description { schema["description"] = .string(description) }
        return .object(schema)
    }

    /// Checks `value` against the rule, naming where it breaks it (`passengers[1].born_on`). A number written as
    /// a whole double (`2.0`) counts as an integer; nothing else is converted.
    func check(_ value: Value, at path: String) throws(ArgumentProblem) {
        switch self {
        case .string(let maxLength, let choices):
            guard case .string(let text) = value else { throw .wrongType(path, expected: "text") }
            // Counted as JSON Schema counts (code points), so combining marks cannot stretch a short text.
            guard text.unicodeScalars.count <= maxLength else { throw .tooLong(path, maxLength: maxLength) }
            if let choices, !choices.contains(text) { throw .notAChoice(path, choices: choices) }
        case .integer(let range):
            guard let number = value.wholeNumber else { throw .wrongType(path, expected: "a whole number") }
            guard range.contains(number) else { throw .outOfRange(path, range: range) }
        case .boolean:
            guard case .bool = value else { throw .wrongType(path, expected: "true or false") }
        case .amount:
            guard value.amountText != nil else {
                throw .wrongType(path, expected: "an amount like \"412.50\"")
            }
        case .array(let element, let count):
            guard case .array(let items) = value else { throw .wrongType(path, expected: "a list") }
            guard count.contains(items.count) else { throw .wrongCount(path, range: count) }
            for (index, item) in items.enumerated() { try element.check(item, at: "\(path)[\(index)]") }
        case .object(let fields, let open):
            guard case .object(let members) = value else { throw .wrongType(path, expected: "an object") }
            try Self.check(members, fields: fields, open: open, at: path)
        case .map(let rule, let maxCount):
            guard case .object(let members) = value else { throw .wrongType(path, expected: "an object") }
            guard members.count <= maxCount else { throw .wrongCount(path, range: 0...maxCount) }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                guard key.unicodeScalars.count <= 40 else { throw .tooLong("\(path) key", maxLength: 40) }
                try rule.check(member, at: "\(path).\(key)")
            }
        case .either(let first, let second):
            do throws(ArgumentProblem) {
                try first.check(value, at: path)
            } catch {
                do throws(ArgumentProblem) {
                    try second.check(value, at: path)
                } catch {
                    throw .invalid("\(path) must be \(first.summary), or \(second.summary).")
                }
            }
        }
    }

    /// Checks an object's members: every required field there, none unknown (unless `open`), each by its rule.
    /// `null` stands for a field left out.
    static func check(
        _ members: [String: Value], fields: [ArgumentField], open: Bool, at path: String
    ) throws(ArgumentProblem) {
        let prefix = path.isEmpty ? "" : "\(path)."
        if !open, let unknown = members.keys.sorted().first(where: { key in !fields.contains { $0.name == key } }) {
            throw .unknown("\(prefix)\(unknown)", known: fields.map(\.name))
        }
        for field in fields {
            guard let member = members[field.name], !member.isNull else {
                if field.required { throw .missing("\(prefix)\(field.name)") }
                continue
            }
            try field.rule.check(member, at: "\(prefix)\(field.name)")
        }
    }
}

extension ArgumentRule {
    /// A few words for the rule, in a problem's sentence.
    var summary: String {
        switch self {
        case .string: "text"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .boolean: "true or false"
        case .amount: "an amount"
        case .array: "a list"
        case .object: "an object"
        case .map(let value, _): "an object of \(value.summary) by name"
        case .either(let first, let second): "\(first.summary) or \(second.summary)"
        }
    }
}

extension Value {
    /// An integer, or a double with no fraction that fits one.
    var wholeNumber: Int? {
        switch self {
        case .int(let number): number
        case .double(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
        default: nil
        }
    }

    /// An amount's digits: a string like `412.50` or `-12.40`, or a JSON number written out.
    var amountText: String? {
        let text: String
        switch self {
        case .string(let value): text = value.trimmingCharacters(in: .whitespaces)
        case .int(let number): text = String(number)
        // The shortest text that reads back as the same double: 87.416 stays 87.416 (never rounded to a price).
        case .double(let number) where number.isFinite && abs(number) < 1e12: text = "\(number)"
        default: return nil
        }
        guard text.count <= 24, text.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) != nil else { return nil }
        return text
    }
}

/// Why a call's arguments break its tool's schema: answered as the protocol's "invalid params", with where and what.
enum ArgumentProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case missing(String)
    case unknown(String, known: [String])
    case wrongType(String, expected: String)
    case tooLong(String, maxLength: Int)
    case outOfRange(String, range: ClosedRange<Int>)
    case wrongCount(String, range: ClosedRange<Int>)
    case notAChoice(String, choices: [String])
    /// The arguments are right in form but not together (neither a route nor slices, say).
    case invalid(String)

    var description: String {
        switch self {
        case .missing(let path): "\(path) is required."
        case .unknown(let path, let known): "\(path) is not an argument of this tool (it takes \(known.joined(separator: ", ")))."
        case .wrongType(let path, let expected): "\(path) must be \(expected)."
        case .tooLong(let path, let maxLength): "\(path) is too long: at most \(maxLength) characters."
        case .outOfRange(let path, let range): "\(path) must be from \(range.lowerBound) to \(range.upperBound)."
        case .wrongCount(let path, let range): "\(path) must have from \(range.lowerBound) to \(range.upperBound) items."
        case .notAChoice(let path, let choices): "\(path) must be one of: \(choices.joined(separator: ", "))."
        case .invalid(let text): text
        }
    }
}
