import Foundation

/// A rule a request breaks: which field (in the wire's own path, `slices[0].departure_date`) and why, in words a
/// traveller can act on. The same rules run in the app before a request leaves it and on the sandbox when one
/// arrives, so both say the same thing.
public struct ValidationIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The field's path in the request body.
    public var field: String
    /// What is wrong and what would be right.
    public var message: String

    /// Creates an issue.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `message (field)`.
    public var description: String { "\(message) (\(field))" }
}

/// The limits Duffel applies to searches and bookings.
public enum BookingRules {
    /// At most this many passengers in one search.
    public static let maxPassengers = 9
    /// Legs in one search (the app's multi-city limit).
    public static let maxSlices = 4
    /// How far ahead airlines sell flights, in days: a date beyond is not on sale yet.
    public static let maxDaysAhead = 365
    /// `max_connections` allowed values.
    public static let connectionRange = 0...2
    /// A child's age when sent by age.
    public static let childAges = 0...17
    /// An infant on a lap is under this age on the day of travel.
    public static let infantAgeLimit = 2
    /// An adult is at least this old on the day of travel.
    public static let adultAge = 18
    /// Name length in characters.
    public static let nameLength = 1...20

    /// Whether `code` looks like an IATA airport or city code: three letters A–Z.
    public static func isIATACode(_ code: String) -> Bool {
        code.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }

    /// Why `name` is not a valid given or family name, or `nil` when it is: 1–20 characters of Latin letters
    /// (ASCII, Latin-1, Latin Extended-A), spaces, hyphens and apostrophes.
    public static func nameProblem(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return "A name is needed." }
        if !nameLength.contains(trimmed.count) {
            return "Names are at most \(nameLength.upperBound) characters; use the first \(nameLength.upperBound) as on the passport."
        }
        let allowed = trimmed.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A: return true                     // A–Z a–z
            case 0x20, 0x2D, 0x27: return true                              // space - '
            case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: return true         // Latin-1 letters
            case 0x100...0x17F: return true                                 // Latin Extended-A
            default: return false
            }
        }
        if !allowed {
            return "Use Latin letters, spaces, hyphens and apostrophes only, as printed on the passport."
        }
        if !trimmed.unicodeScalars.contains(where: { CharacterSet.letters.contains($0) }) {
            return "A name needs at least one letter."
        }
        return nil
    }

    /// Whether `phone` is an E.164 number: `+`, a country code, up to 15 digits in all.
    public static func isE164(_ phone: String) -> Bool {
        guard phone.first == "+" else { return false }
        let digits = phone.dropFirst()
        return (7...15).contains(digits.count) && digits.first != "0"
            && digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// A phone number written with spaces, dashes, dots or brackets, as E.164 (`+44 20 8016 0508` →
    /// `+442080160508`), or `nil` when it cannot be one.
    public static func normalizedPhone(_ phone: String) -> String? {
        let kept = phone.filter { !" -.()".contains($0) }
        let e164 = kept.hasPrefix("00") ? "+" + kept.dropFirst(2) : kept
        return isE164(e164) ? e164 : nil
    }

    /// Whether `email` is plausible: one `@`, something before it, a domain with a dot and a TLD of two or more
    /// letters, no spaces.
    public static func isPlausibleEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 64, email.count <= 254,
              !email.contains(where: \.isWhitespace),
              // Control and formatting characters (an escape, a bidirectional override) are never part of an address.
              !email.unicodeScalars.contains(where: CharacterSet.controlCharacters.contains) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }),
              let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else { return false }
        return labels.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }
    }

    /// Why `bornOn` does not fit a passenger of `type` (and `age` given at search) travelling from `firstDeparture`
    /// to `lastDeparture`, or `nil` when it fits.
    public static func birthDateProblem(
        _ bornOn: CalendarDate, type: PassengerType, age: Int?, firstDeparture: CalendarDate,
        lastDeparture: CalendarDate, today: CalendarDate
    ) -> String? {
        if bornOn > today { return "The birth date is in the future." }
        if bornOn.age(on: today) > 120 { return "Check the birth year: that would be over 120 years old." }
        if let age, age < adultAge {
            let ageAtSearch = bornOn.age(on: firstDeparture)
            if ageAtSearch != age {
                return "This passenger was searched as \(age) years old, but that birth date makes them \(ageAtSearch) on the day of travel."
            }
            return nil
        }
        switch type {
        case .adult:
            if bornOn.age(on: firstDeparture) < adultAge {
                return "An adult must be \(adultAge) or older on the day of travel; search again with this passenger as a child."
            }
        case .infantWithoutSeat:
            if bornOn.age(on: lastDeparture) >= infantAgeLimit {
                return "An infant on a lap must be under \(infantAgeLimit) on the last day of travel."
            }
        case .child:
            let years = bornOn.age(on: firstDeparture)
            if years >= adultAge || years < infantAgeLimit {
                return "A child must be between \(infantAgeLimit) and \(adultAge - 1) on the day of travel."
            }
        default:
            break
        }
        return nil
    }
}

extension SearchRequest {
    /// Every rule the request breaks, checked against `today` (the traveller's date); empty when it may be sent.
    /// Whether the airports exist is the server's to say.
    public func validationIssues(today: CalendarDate) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if slices.isEmpty {
            issues.append(ValidationIssue(field: "slices", message: "Give at least one leg: where from, where to and when."))
        }
        if slices.count > BookingRules.maxSlices {
            issues.append(ValidationIssue(
                field: "slices", message: "At most \(BookingRules.maxSlices) legs can be searched at once."))
        }
        for (index, slice) in slices.enumerated() {
            let path = "slices[\(index)]"
            if !BookingRules.isIATACode(slice.origin) {
                issues.append(ValidationIssue(
                    field: "\(path).origin", message: "\"\(slice.origin)\" is not an airport or city code (three letters, like LHR)."))
            }
            if !BookingRules.isIATACode(slice.destination) {
                issues.append(ValidationIssue(
                    field: "\(path).destination",
                    message: "\"\(slice.destination)\" is not an airport or city code (three letters, like JFK)."))
            }
            if slice.origin == slice.destination {
                issues.append(ValidationIssue(
                    field: "\(path).destination", message: "The destination must differ from the origin."))
            }
            if slice.departureDate < today {
                issues.append(ValidationIssue(
                    field: "\(path).departure_date",
                    message: "\(slice.departureDate) is in the past; choose today (\(today)) or later."))
            }
            let lastOnSale = CalendarDate(dayNumber: today.dayNumber + BookingRules.maxDaysAhead)
            if slice.departureDate > lastOnSale {
                issues.append(ValidationIssue(
                    field: "\(path).departure_date",
                    message: "\(slice.departureDate) is more than a year ahead, and airlines do not sell flights that far ahead yet; choose a date up to \(lastOnSale)."))
            }
            if index > 0, slice.departureDate < slices[index - 1].departureDate {
                issues.append(ValidationIssue(
                    field: "\(path).departure_date",
                    message: "Leg \(index + 1) departs on \(slice.departureDate), before leg \(index) (\(slices[index - 1].departureDate)); legs must be in date order."))
            }
            if let window = slice.departureTime, !window.isValid {
                issues.append(ValidationIssue(
                    field: "\(path).departure_time", message: "The departure window \(window) ends before it starts."))
            }
            if let window = slice.arrivalTime, !window.isValid {
                issues.append(ValidationIssue(
                    field: "\(path).arrival_time", message: "The arrival window \(window) ends before it starts."))
            }
        }
        issues += passengerIssues()
        if let maxConnections, !BookingRules.connectionRange.contains(maxConnections) {
            issues.append(ValidationIssue(
                field: "max_connections", message: "Maximum connections must be 0, 1 or 2."))
        }
        return issues
    }

    private func passengerIssues() -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if passengers.isEmpty {
            issues.append(ValidationIssue(field: "passengers", message: "At least one passenger must travel."))
        }
        if passengers.count > BookingRules.maxPassengers {
            issues.append(ValidationIssue(
                field: "passengers",
                message: "At most \(BookingRules.maxPassengers) passengers can book together; split the group into two bookings."))
        }
        let adults = passengers.filter { $0 == .adult }.count
        let infants = passengers.filter { $0 == .infantOnLap }.count
        if infants > adults {
            issues.append(ValidationIssue(
                field: "passengers", message: "Each infant on a lap needs an adult: \(infants) infants, \(adults) adults."))
        }
        if adults == 0, !passengers.isEmpty {
            issues.append(ValidationIssue(
                field: "passengers", message: "Children and infants must travel with at least one adult."))
        }
        for (index, passenger) in passengers.enumerated() {
            if case .child(let age) = passenger, !BookingRules.childAges.contains(age) {
                issues.append(ValidationIssue(
                    field: "passengers[\(index)].age",
                    message: "A child's age is 0 to 17; travellers 18 or older are adults."))
            }
        }
        return issues
    }
}

extension PassengerDetails {
    /// Every rule these details break for a passenger of `type` (with `age` from the search), on a trip from
    /// `firstDeparture` to `lastDeparture`. `index` places the fields in the order body (`passengers[0].born_on`).
    public func validationIssues(
        index: Int, type: PassengerType, age: Int?, firstDeparture: CalendarDate, lastDeparture: CalendarDate,
        today: CalendarDate
    ) -> [ValidationIssue] {
        let path = "passengers[\(index)]"
        var issues: [ValidationIssue] = []
        if let problem = BookingRules.nameProblem(givenName) {
            issues.append(ValidationIssue(field: "\(path).given_name", message: problem))
        }
        if let problem = BookingRules.nameProblem(familyName) {
            issues.append(ValidationIssue(field: "\(path).family_name", message: problem))
        }
        if let problem = BookingRules.birthDateProblem(
            bornOn, type: type, age: age, firstDeparture: firstDeparture, lastDeparture: lastDeparture, today: today) {
            issues.append(ValidationIssue(field: "\(path).born_on", message: problem))
        }
        if !BookingRules.isPlausibleEmail(email) {
            issues.append(ValidationIssue(
                field: "\(path).email", message: "\"\(email)\" does not look like an email address (name@example.com)."))
        }
        if !BookingRules.isE164(phoneNumber) {
            issues.append(ValidationIssue(
                field: "\(path).phone_number",
                message: "Give the phone number with its country code, like +442080160508."))
        }
        return issues
    }

    /// Every rule these details' identity documents break: when `required`, a passport valid after the trip's
    /// last flight (`lastFlight`), with its number and issuing country; documents given when not required are
    /// checked the same way.
    public func identityDocumentIssues(index: Int, required: Bool, lastFlight: CalendarDate) -> [ValidationIssue] {
        let path = "passengers[\(index)].identity_documents"
        let documents = identityDocuments ?? []
        guard !documents.isEmpty else {
            return required
                ? [ValidationIssue(field: path, message: "This airline needs each passenger's passport at booking: give its number, issuing country and expiry.")]
                : []
        }
        var issues: [ValidationIssue] = []
        for (position, document) in documents.enumerated() {
            let at = "\(path)[\(position)]"
            if let problem = BookingRules.documentNumberProblem(document.uniqueIdentifier) {
                issues.append(ValidationIssue(field: "\(at).unique_identifier", message: problem))
            }
            if document.type == .passport {
                if !(document.issuingCountryCode.map(BookingRules.isCountryCode) ?? false) {
                    issues.append(ValidationIssue(
                        field: "\(at).issuing_country_code",
                        message: "Give the issuing country as its two-letter ISO code, like GB or US."))
                }
                if let expiry = document.expiresOn {
                    if let problem = BookingRules.documentExpiryProblem(expiry, lastFlight: lastFlight) {
                        issues.append(ValidationIssue(field: "\(at).expires_on", message: problem))
                    }
                } else {
                    issues.append(ValidationIssue(field: "\(at).expires_on", message: "Give the passport's expiry date as YYYY-MM-DD."))
                }
            }
        }
        return issues
    }
}
