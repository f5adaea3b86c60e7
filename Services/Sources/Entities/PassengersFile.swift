public import Foundation

/// A passengers file, as `flights book <offer-id> --passengers file.json` reads it and FlightSummary books from it: a
/// JSON list of travellers in Duffel's field names, in the offer's passenger order. The one definition of the schema.
///
/// ```json
/// [{"title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
///   "email": "ada@example.com", "phone_number": "+442080160508",
///   "identity_documents": [{"type": "passport", "unique_identifier": "P1234567", "issuing_country_code": "GB",
///                           "expires_on": "2031-05-01"}],
///   "seats": {"ZZ117": "14C"}, "bags": 1}]
/// ```
public enum PassengersFile {
    /// The travellers in a file's bytes.
    ///
    /// - Throws: `DecodingError` when the bytes are not a JSON list of objects with text fields.
    public static func travellers(from data: Data) throws -> [Traveller] {
        try DuffelJSON.decoder().decode([Traveller].self, from: data)
    }

    /// One passenger's details as given in the file (Duffel's field names: title, given_name, family_name, born_on,
    /// gender, email, phone_number), in the offer's passenger order; ids come from the offer.
    ///
    /// Every field is read as text, and a missing one as empty, so that a file with several mistakes gets all of
    /// them listed at once rather than the first decoding error.
    public struct Traveller: Sendable, Hashable, Codable {
        /// `mr`, `ms`, `mrs`, `miss` or `dr`.
        public var title: String
        /// Given names, as on the passport.
        public var givenName: String
        /// Family name, as on the passport.
        public var familyName: String
        /// `YYYY-MM-DD`.
        public var bornOn: String
        /// `m` or `f`.
        public var gender: String
        /// Contact email.
        public var email: String
        /// Contact phone with its country code (`+442080160508`; spaces are allowed).
        public var phoneNumber: String
        /// The passport, when the airline needs it (Duffel's `identity_documents`; the first one is used).
        public var identityDocuments: [Document]
        /// Seats wanted, by flight (`ZZ117`, `LHR-JFK` or the segment's id) → seat (`14C`).
        public var seats: [String: String] = [:]
        /// Extra checked bags, by leg (`LHR-JFK`), or `*` for every leg (`"bags": 1` in a file).
        public var bags: [String: Int] = [:]

        /// An identity document as given in a file, every field read as text.
        public struct Document: Sendable, Hashable, Codable {
            /// `passport`.
            public var type: String
            /// The number.
            public var uniqueIdentifier: String
            /// `GB`.
            public var issuingCountryCode: String
            /// `YYYY-MM-DD`.
            public var expiresOn: String

            /// Creates a document.
            public init(type: String = "passport", uniqueIdentifier: String, issuingCountryCode: String, expiresOn: String) {
                self.type = type
                self.uniqueIdentifier = uniqueIdentifier
                self.issuingCountryCode = issuingCountryCode
                self.expiresOn = expiresOn
            }

            private enum CodingKeys: String, CodingKey {
                case type, uniqueIdentifier = "unique_identifier", issuingCountryCode = "issuing_country_code"
                case expiresOn = "expires_on"
            }

            /// A missing field reads as empty, to be reported with the others.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                type = try container.decodeIfPresent(String.self, forKey: .type) ?? "passport"
                uniqueIdentifier = try container.decodeIfPresent(String.self, forKey: .uniqueIdentifier) ?? ""
                issuingCountryCode = try container.decodeIfPresent(String.self, forKey: .issuingCountryCode) ?? ""
                expiresOn = try container.decodeIfPresent(String.self, forKey: .expiresOn) ?? ""
            }
        }

        /// Creates a traveller.
        public init(
            title: String, givenName: String, familyName: String, bornOn: String, gender: String, email: String,
            phoneNumber: String, identityDocuments: [Document] = []
        ) {
            self.identityDocuments = identityDocuments
            self.title = title
            self.givenName = givenName
            self.familyName = familyName
            self.bornOn = bornOn
            self.gender = gender
            self.email = email
            self.phoneNumber = phoneNumber
        }

        private enum CodingKeys: String, CodingKey {
            case title, gender, email
            case givenName = "given_name", familyName = "family_name", bornOn = "born_on"
            case phoneNumber = "phone_number", identityDocuments = "identity_documents", seats, bags
        }

        /// Reads Duffel's field names; a missing or null field reads as empty, to be reported with the others.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) throws -> String {
                try container.decodeIfPresent(String.self, forKey: key) ?? ""
            }
            title = try text(.title)
            givenName = try text(.givenName)
            familyName = try text(.familyName)
            bornOn = try text(.bornOn)
            gender = try text(.gender)
            email = try text(.email)
            phoneNumber = try text(.phoneNumber)
            identityDocuments = try container.decodeIfPresent([Document].self, forKey: .identityDocuments) ?? []
            seats = try container.decodeIfPresent([String: String].self, forKey: .seats) ?? [:]
            if let everyLeg = try? container.decodeIfPresent(Int.self, forKey: .bags) {
                bags = ["*": everyLeg]
            } else {
                bags = try container.decodeIfPresent([String: Int].self, forKey: .bags) ?? [:]
            }
        }
    }
}
