public import Foundation

/// Personal data out of a recording: every JSON field that holds a name, an email, a phone number, a birth date or a
/// document number, wherever it sits (a typed passenger, an order the server answered with), is replaced by a
/// stand-in of the same shape, so the recording still decodes and replays.
public enum Redaction {
    /// The stand-in for a name.
    public static let name = "Redacted"
    /// The stand-in for an email address.
    public static let email = "traveller@example.com"
    /// The stand-in for a phone number (a number reserved for drama in the UK plan).
    public static let phone = "+442079460000"
    /// The stand-in for a document number.
    public static let documentNumber = "X0000000"

    /// Field names (Duffel's and ours) and how each is redacted.
    static let fields: [String: @Sendable (String) -> String] = {
        var fields: [String: @Sendable (String) -> String] = [:]
        for key in ["given_name", "family_name", "givenName", "familyName", "fullName", "full_name", "passengerName"] {
            fields[key] = { _ in name }
        }
        for key in ["email", "emailAddress"] { fields[key] = { _ in email } }
        for key in ["phone_number", "phoneNumber", "phone"] { fields[key] = { _ in phone } }
        for key in ["unique_identifier", "uniqueIdentifier", "documentNumber", "passportNumber"] {
            fields[key] = { _ in documentNumber }
        }
        for key in ["born_on", "bornOn", "birthDate", "dateOfBirth"] { fields[key] = birthDate }
        return fields
    }()

    /// A birth date kept to its year, so the age group (adult, child, infant) reads the same: `1987-07-01`.
    public static func birthDate(_ text: String) -> String {
        let year = text.prefix(4)
        guard year.count == 4, year.allSatisfy(\.isNumber) else { return "1980-07-01" }
        return "\(year)-07-01"
    }

    /// `json` with every personal field redacted. Text that is not JSON is returned unchanged.
    public static func redact(_ json: Data) -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else { return json }
        let redacted = redact(value: object)
        return (try? JSONSerialization.data(withJSONObject: redacted, options: [.fragmentsAllowed, .sortedKeys])) ?? json
    }

    static func redact(value: Any, key: String? = nil) -> Any {
        switch value {
        case let dictionary as [String: Any]:
            var copy: [String: Any] = [:]
            for (field, inner) in dictionary { copy[field] = redact(value: inner, key: field) }
            return copy
        case let array as [Any]:
            return array.map { redact(value: $0, key: key) }
        case let text as String:
            // An empty field stays empty: there is nothing personal in it, and a stand-in would show it filled in.
            guard let key, let replace = fields[key], !text.isEmpty else { return text }
            return replace(text)
        default:
            return value
        }
    }
}
