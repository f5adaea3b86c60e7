public import Entities
import Foundation

/// A passenger's detail, asked one at a time, in this order.
public enum PassengerField: Int, CaseIterable, Sendable, Hashable, Codable {
    case title, givenName, familyName, bornOn, gender, email, phoneNumber
    /// The passport, asked only when the offer requires identity documents.
    case passportNumber, passportCountry, passportExpiry

    /// The fields asked for each passenger of an offer: the passport too when the airline requires it.
    public static func asked(documentsRequired: Bool) -> [PassengerField] {
        documentsRequired ? allCases : allCases.filter { !$0.isDocument }
    }

    /// Whether it is part of the passport.
    public var isDocument: Bool { self == .passportNumber || self == .passportCountry || self == .passportExpiry }

    /// The field's name in Duffel's order body, which is also the name used in passenger files.
    public var wireName: String {
        switch self {
        case .title: "title"
        case .givenName: "given_name"
        case .familyName: "family_name"
        case .bornOn: "born_on"
        case .gender: "gender"
        case .email: "email"
        case .phoneNumber: "phone_number"
        case .passportNumber: "identity_documents[0].unique_identifier"
        case .passportCountry: "identity_documents[0].issuing_country_code"
        case .passportExpiry: "identity_documents[0].expires_on"
        }
    }

    /// The field a Duffel error's `source.field` names, if it is one of these (a missing document is its number).
    public init?(wireName: String) {
        if wireName == "identity_documents" || wireName.hasPrefix("identity_documents") && wireName.hasSuffix("unique_identifier") {
            self = .passportNumber
            return
        }
        guard let field = PassengerField.allCases.first(where: {
            $0.wireName == wireName || $0.isDocument && wireName.hasSuffix($0.wireName.split(separator: ".").last.map(String.init) ?? "")
        }) else { return nil }
        self = field
    }
}

/// What has been given for one passenger so far; each field is set only once it passed its checks.
public struct PassengerDraft: Sendable, Hashable, Codable {
    public var title: PassengerTitle?
    public var givenName: String?
    public var familyName: String?
    public var bornOn: CalendarDate?
    public var gender: Gender?
    public var email: String?
    public var phoneNumber: String?
    public var passportNumber: String?
    public var passportCountry: String?
    public var passportExpiry: CalendarDate?

    /// A draft with these answers.
    public init(
        title: PassengerTitle? = nil, givenName: String? = nil, familyName: String? = nil, bornOn: CalendarDate? = nil,
        gender: Gender? = nil, email: String? = nil, phoneNumber: String? = nil, passportNumber: String? = nil,
        passportCountry: String? = nil, passportExpiry: CalendarDate? = nil
    ) {
        self.title = title
        self.givenName = givenName
        self.familyName = familyName
        self.bornOn = bornOn
        self.gender = gender
        self.email = email
        self.phoneNumber = phoneNumber
        self.passportNumber = passportNumber
        self.passportCountry = passportCountry
        self.passportExpiry = passportExpiry
    }

    /// The draft a passenger's complete details make, to show them as typed.
    public init(_ details: PassengerDetails) {
        title = details.title
        givenName = details.givenName
        familyName = details.familyName
        bornOn = details.bornOn
        gender = details.gender
        email = details.email
        phoneNumber = details.phoneNumber
        passportNumber = details.identityDocuments?.first?.uniqueIdentifier
        passportCountry = details.identityDocuments?.first?.issuingCountryCode
        passportExpiry = details.identityDocuments?.first?.expiresOn
    }

    /// The accepted value of `field` as the traveller would type it, to offer again as the default.
    public func text(of field: PassengerField) -> String? {
        switch field {
        case .title: title?.rawValue
        case .givenName: givenName
        case .familyName: familyName
        case .bornOn: bornOn?.description
        case .gender: gender?.rawValue
        case .email: email
        case .phoneNumber: phoneNumber
        case .passportNumber: passportNumber
        case .passportCountry: passportCountry
        case .passportExpiry: passportExpiry?.description
        }
    }

    /// The passport, once its number is given.
    public var document: IdentityDocument? {
        passportNumber.map {
            IdentityDocument(uniqueIdentifier: $0, issuingCountryCode: passportCountry, expiresOn: passportExpiry)
        }
    }

    /// The details for the order, once every field is set (the passport's too when `documentsRequired`).
    public func details(id: String, documentsRequired: Bool = false) -> PassengerDetails? {
        guard let title, let givenName, let familyName, let bornOn, let gender, let email, let phoneNumber else {
            return nil
        }
        if documentsRequired, passportNumber == nil || passportCountry == nil || passportExpiry == nil { return nil }
        return PassengerDetails(
            id: id, title: title, gender: gender, givenName: givenName, familyName: familyName, bornOn: bornOn,
            email: email, phoneNumber: phoneNumber, identityDocuments: document.map { [$0] })
    }
}
