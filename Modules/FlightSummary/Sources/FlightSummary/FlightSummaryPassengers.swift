import Entities
import Foundation

/// One passenger of the offer as the booking needs them: the id the order must carry, the type, and the age given at
/// search for anyone under 18.
struct PassengerSlot: Sendable, Hashable, Codable {
    /// The position in the offer's passenger list, and in the order body.
    var index: Int
    /// `pas_…`.
    var id: String
    /// Adult, child or infant on a lap.
    var type: PassengerType
    /// The age searched with, for a child or an infant.
    var age: Int?

    /// The offer's passengers in order, with ages from the offer or, failing that, from the search.
    static func slots(for offer: Offer, search: SearchRequest?) -> [PassengerSlot] {
        offer.passengers.enumerated().map { index, passenger in
            // A stated type wins over an age sent beside it (Duffel's own examples send `adult` with `age: 14`):
            // an age only matters for whoever is not an adult.
            let type = passenger.resolvedType
            var age = type == .adult ? nil : passenger.age
            if age == nil, let search, index < search.passengers.count,
               case .child(let searchedAge) = search.passengers[index] {
                age = searchedAge
            }
            return PassengerSlot(index: index, id: passenger.id, type: type, age: age)
        }
    }
}

/// A passenger's detail, asked one at a time, in this order.
enum PassengerField: Int, CaseIterable, Sendable, Hashable, Codable {
    case title, givenName, familyName, bornOn, gender, email, phoneNumber
    /// The passport, asked only when the offer requires identity documents.
    case passportNumber, passportCountry, passportExpiry

    /// The fields asked for each passenger of an offer: the passport too when the airline requires it.
    static func asked(documentsRequired: Bool) -> [PassengerField] {
        documentsRequired ? allCases : allCases.filter { !$0.isDocument }
    }

    /// Whether it is part of the passport.
    var isDocument: Bool { self == .passportNumber || self == .passportCountry || self == .passportExpiry }

    /// The field's name in Duffel's order body, which is also the name used in passenger files.
    var wireName: String {
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
    init?(wireName: String) {
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
struct PassengerDraft: Sendable, Hashable, Codable {
    var title: PassengerTitle?
    var givenName: String?
    var familyName: String?
    var bornOn: CalendarDate?
    var gender: Gender?
    var email: String?
    var phoneNumber: String?
    var passportNumber: String?
    var passportCountry: String?
    var passportExpiry: CalendarDate?

    /// The accepted value of `field` as the traveller would type it, to offer again as the default.
    func text(of field: PassengerField) -> String? {
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
    var document: IdentityDocument? {
        passportNumber.map {
            IdentityDocument(uniqueIdentifier: $0, issuingCountryCode: passportCountry, expiresOn: passportExpiry)
        }
    }

    /// The details for the order, once every field is set (the passport's too when `documentsRequired`).
    func details(id: String, documentsRequired: Bool = false) -> PassengerDetails? {
        guard let title, let givenName, let familyName, let bornOn, let gender, let email, let phoneNumber else {
            return nil
        }
        if documentsRequired, passportNumber == nil || passportCountry == nil || passportExpiry == nil { return nil }
        return PassengerDetails(
            id: id, title: title, gender: gender, givenName: givenName, familyName: familyName, bornOn: bornOn,
            email: email, phoneNumber: phoneNumber, identityDocuments: document.map { [$0] })
    }
}

