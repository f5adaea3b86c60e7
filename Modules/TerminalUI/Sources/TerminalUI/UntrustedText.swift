import Foundation

/// Text we did not write (names, cities and messages from a server, lines from a file, a user's arguments) made safe
/// to show: control characters and escape sequences are shown visibly, never interpreted by the terminal. Escape is
/// `^[`, other C0 controls `^A`…`^_` (a carriage return is `^M`), delete `^?`, C1 controls and the characters that
/// reorder text (bidirectional overrides) `<U+009B>`. Line breaks and tabs stay. Our own styling is added after, by
/// the blocks and ``Style``, so it still works.
///
/// ```swift
/// UntrustedText.visible("Duffel\u{1B}]0;PWNED\u{07}")   // "Duffel^[]0;PWNED^G"
/// view.render(UntrustedText.sanitized(output))          // every string of a view model
/// ```
public enum UntrustedText {
    /// `text` with every control character and escape sequence shown visibly.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                result.append(scalar)
                continue
            }
            result.append(contentsOf: shown(scalar).unicodeScalars)
        }
        return String(result)
    }

    /// JSON for programs with every character a terminal would interpret written as a `\uXXXX` escape: the same
    /// data, safe on a terminal too. (JSON's own writers escape C0 controls already; C1 controls, delete and
    /// bidirectional overrides they leave raw.)
    public static func jsonEscaped(_ json: String) -> String {
        guard !isSafe(json) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) {
                result.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` with everything a terminal would interpret left out, a carriage return before a line feed kept: a
    /// file for programs whose format asks for CRLF line ends (an iCalendar file), written as it is otherwise.
    public static func removingUnsafe(_ text: String) -> String {
        guard !isSafe(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let lineEnd = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
            if lineEnd || !isUnsafe(scalar) { result.append(scalar) }
        }
        return String(result)
    }

    /// Whether `text` holds anything a terminal would interpret.
    public static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isUnsafe)
    }

    /// `value` with every string in it made visible (see ``visible(_:)``): a whole view model at once, whatever
    /// its shape. Numbers, dates and the structure stay as they are; a value that cannot be rebuilt is returned with
    /// nothing changed only when it holds no unsafe text.
    public static func sanitized<Value: Codable>(_ value: Value) -> Value {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else { return value }
        // The common case: nothing to make visible (JSON writes control characters as `\u00XX`).
        guard text.contains("\\u00") || !isSafe(text) else { return value }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let cleaned = try? JSONSerialization.data(withJSONObject: visible(in: object), options: [.fragmentsAllowed])
        else { return value }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return (try? decoder.decode(Value.self, from: cleaned)) ?? value
    }

    private static func visible(in object: Any) -> Any {
        switch object {
        case let text as String: visible(text)
        case let array as [Any]: array.map(visible(in:))
        case let dictionary as [String: Any]: dictionary.mapValues(visible(in:))
        default: object
        }
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    private static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
        case 0x7F: "^?"
        default: "<U+" + String(format: "%04X", scalar.value) + ">"
        }
    }
}
