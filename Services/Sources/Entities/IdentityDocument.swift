import Foundation

/// A passenger's identity document, as airlines that need one at booking ask for it (Duffel's
/// `identity_documents[]`): a passport, with its number, issuing country and expiry.
public struct IdentityDocument: Sendable, Hashable, Codable {
    /// `passport`, or another type the airline accepts.
    public var type: IdentityDocumentType
    /// The document's number, as printed on it.
    public var uniqueIdentifier: String
    /// ISO 3166-1 alpha-2 code of the issuing country, `GB`.
    public var issuingCountryCode: String?
    /// The last day it is valid.
    public var expiresOn: CalendarDate?

    /// Creates a document.
    public init(
        type: IdentityDocumentType = .passport, uniqueIdentifier: String, issuingCountryCode: String?,
        expiresOn: CalendarDate?
    ) {
        self.type = type
        self.uniqueIdentifier = uniqueIdentifier
        self.issuingCountryCode = issuingCountryCode
        self.expiresOn = expiresOn
    }

    private enum CodingKeys: String, CodingKey {
        case type, uniqueIdentifier = "unique_identifier", issuingCountryCode = "issuing_country_code"
        case expiresOn = "expires_on"
    }

    public init(from decoder: any Decoder) throws {
        // Essential: the number. A document of no stated type is a passport, the one every airline takes.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uniqueIdentifier = try container.lenientString(forKey: .uniqueIdentifier)
            ?? container.decode(String.self, forKey: .uniqueIdentifier)
        type = container.lenient(IdentityDocumentType.self, forKey: .type) ?? .passport
        issuingCountryCode = container.lenient(String.self, forKey: .issuingCountryCode)
        expiresOn = container.lenient(CalendarDate.self, forKey: .expiresOn)
    }
}

/// Duffel's identity document types.
public struct IdentityDocumentType: WireToken {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A passport.
    public static let passport = IdentityDocumentType(rawValue: "passport")
    /// A tax identification number.
    public static let taxID = IdentityDocumentType(rawValue: "tax_id")
    /// A known traveller number (US).
    public static let knownTravelerNumber = IdentityDocumentType(rawValue: "known_traveler_number")
    /// A redress number (US).
    public static let passengerRedressNumber = IdentityDocumentType(rawValue: "passenger_redress_number")
}

extension BookingRules {
    /// Passport numbers: 5 to 20 letters and digits (no spaces, no punctuation), as machine-readable zones hold.
    public static let documentNumberLength = 5...20

    /// What is wrong with a passport number, or `nil`.
    public static func documentNumberProblem(_ number: String) -> String? {
        guard documentNumberLength.contains(number.count),
              number.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) }) else {
            return "Give the passport number as printed: 5 to 20 letters and digits, no spaces."
        }
        return nil
    }

    /// Whether `code` is an ISO 3166-1 alpha-2 country code (upper case).
    public static func isCountryCode(_ code: String) -> Bool {
        code.count == 2 && countryCodes.contains(code)
    }

    /// What is wrong with a document's expiry for a trip whose last flight lands on `lastFlight`, or `nil`: it
    /// must still be valid after the last flight.
    public static func documentExpiryProblem(_ expiry: CalendarDate, lastFlight: CalendarDate) -> String? {
        guard expiry > lastFlight else {
            return "The passport expires on \(expiry), before the last flight on \(lastFlight) is over; travel needs one valid after it."
        }
        return nil
    }

    /// ISO 3166-1 alpha-2, every officially assigned code.
    static let countryCodes: Set<String> = Set("""
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ \
        CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO \
        FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE \
        JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO \
        MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW \
        PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM \
        TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init))
}
