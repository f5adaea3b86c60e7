public import Entities
import Foundation

/// Duffel's rules for passenger details, as the summary asks them one at a time and as a passengers file gives them
/// all at once. Pure: "today" (for birth dates) is given, never read from a clock.
public struct PassengerRules: Sendable {
    /// Today in the traveller's time zone.
    public var today: CalendarDate

    /// The rules as of `today`.
    public init(today: CalendarDate) {
        self.today = today
    }

    /// Checks `answer` for `field` of the passenger in `slot`, and keeps it in `draft` when it passes. Returns what
    /// is wrong, or `nil` when the answer was kept; `draft` keeps its other fields either way.
    public func accept(
        _ answer: String, for field: PassengerField, slot: PassengerSlot, offer: Offer, into draft: inout PassengerDraft
    ) -> String? {
        let text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        switch field {
        case .title:
            let word = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            guard let title = PassengerTitle(rawValue: word) else {
                return "Choose a title: mr, ms, mrs, miss or dr."
            }
            draft.title = title
        case .givenName, .familyName:
            if let problem = BookingRules.nameProblem(text) { return problem }
            if field == .givenName { draft.givenName = text } else { draft.familyName = text }
        case .bornOn:
            let date: CalendarDate
            switch Self.date(text) {
            case .success(let read): date = read
            case .failure(.noSuchDay(let reason)): return "\(text) is not a day: \(reason)."
            case .failure(.unreadable): return "Write the birth date like 1990-04-12 or 12 apr 1990."
            }
            let trip = tripDates(of: offer)
            if let problem = BookingRules.birthDateProblem(
                date, type: slot.type, age: slot.age, firstDeparture: trip.first, lastDeparture: trip.last,
                today: today) {
                return problem
            }
            draft.bornOn = date
        case .gender:
            switch text.lowercased() {
            case "m", "male": draft.gender = .male
            case "f", "female": draft.gender = .female
            default: return "Give the gender as on the passport: m or f."
            }
        case .email:
            guard BookingRules.isPlausibleEmail(text) else {
                return "\"\(text)\" does not look like an email address (name@example.com)."
            }
            draft.email = text
        case .phoneNumber:
            guard let phone = BookingRules.normalizedPhone(text) else {
                return "Give the phone number with its country code, like +442080160508."
            }
            draft.phoneNumber = phone
        case .passportNumber, .passportCountry, .passportExpiry:
            return acceptDocument(text, for: field, offer: offer, into: &draft)
        }
        return nil
    }

    /// A whole date as typed (`1990-04-12`, `12 apr 1990`, `April 12, 1990`), or why it is none.
    private static func date(_ text: String) -> Result<CalendarDate, DateText.Problem> {
        do {
            return .success(try DateText.fullDate(text))
        } catch {
            return .failure(error)
        }
    }

    private func acceptDocument(
        _ text: String, for field: PassengerField, offer: Offer, into draft: inout PassengerDraft
    ) -> String? {
        switch field {
        case .passportNumber:
            let number = text.uppercased()
            if let problem = BookingRules.documentNumberProblem(number) { return problem }
            draft.passportNumber = number
        case .passportCountry:
            let code = text.uppercased()
            guard BookingRules.isCountryCode(code) else {
                return "Give the issuing country as its two-letter ISO code, like GB or US."
            }
            draft.passportCountry = code
        default:
            let date: CalendarDate
            switch Self.date(text) {
            case .success(let read): date = read
            case .failure(.noSuchDay(let reason)): return "\(text) is not a day: \(reason)."
            case .failure(.unreadable): return "Write the passport's expiry date like 2031-04-12 or 12 apr 2031."
            }
            if let problem = BookingRules.documentExpiryProblem(date, lastFlight: lastFlightDay(of: offer)) {
                return problem
            }
            draft.passportExpiry = date
        }
        return nil
    }

    /// Checks every traveller of a passengers file against the offer's passengers: the details in offer order, or
    /// every problem found, each naming the passenger and the field.
    public func details(
        from travellers: [PassengersFile.Traveller], offer: Offer, slots: [PassengerSlot]
    ) -> Result<[PassengerDetails], PassengerProblems> {
        var problems: [String] = []
        if travellers.count != slots.count {
            problems.append(
                "The offer is for \(TravelFormat.count(slots.count, "passenger")) and the file gives "
                    + "\(TravelFormat.count(travellers.count, "traveller")); give one per passenger, in the offer's order.")
        }
        var details: [PassengerDetails] = []
        for (slot, traveller) in zip(slots, travellers) {
            var draft = PassengerDraft()
            let answers: [(PassengerField, String)] = [
                (.title, traveller.title), (.givenName, traveller.givenName), (.familyName, traveller.familyName),
                (.bornOn, traveller.bornOn), (.gender, traveller.gender), (.email, traveller.email),
                (.phoneNumber, traveller.phoneNumber),
            ]
            let who = "Passenger \(slot.index + 1) (\(slot.type.displayName.lowercased()))"
            for (field, answer) in answers {
                if let problem = accept(answer, for: field, slot: slot, offer: offer, into: &draft) {
                    problems.append("\(who), \(field.wireName): \(problem)")
                }
            }
            // Flights books with passports (the form asks for one): the first document of type passport is the one
            // checked and sent, also when the airline does not require it. Another type is never sent as a passport;
            // where a passport is required and none is given, the first document's type says why.
            let isPassport = { (document: PassengersFile.Traveller.Document) in
                document.type.trimmingCharacters(in: .whitespaces).lowercased() == IdentityDocumentType.passport.rawValue
            }
            let passport = traveller.identityDocuments.enumerated().first { isPassport($0.element) }
            if offer.passengerIdentityDocumentsRequired, passport == nil {
                if let other = traveller.identityDocuments.first {
                    problems.append(
                        "\(who), identity_documents[0].type: \"\(other.type.prefix(40))\" is not a document Flights can "
                            + "book with; give a passport (\"type\": \"passport\").")
                } else {
                    problems.append(
                        "\(who), identity_documents: the airline needs this passenger's passport to book; add "
                            + "\"identity_documents\": [{\"type\": \"passport\", \"unique_identifier\": \"…\", "
                            + "\"issuing_country_code\": \"GB\", \"expires_on\": \"YYYY-MM-DD\"}].")
                }
            }
            if let (index, document) = passport.map({ ($0.offset, $0.element) }) {
                for (field, answer) in [
                    (PassengerField.passportNumber, document.uniqueIdentifier),
                    (.passportCountry, document.issuingCountryCode), (.passportExpiry, document.expiresOn),
                ] {
                    if let problem = accept(answer, for: field, slot: slot, offer: offer, into: &draft) {
                        let name = field.wireName.replacingOccurrences(
                            of: "identity_documents[0]", with: "identity_documents[\(index)]")
                        problems.append("\(who), \(name): \(problem)")
                    }
                }
            }
            if let passenger = draft.details(id: slot.id, documentsRequired: offer.passengerIdentityDocumentsRequired) {
                details.append(passenger)
            }
        }
        return problems.isEmpty ? .success(details) : .failure(PassengerProblems(messages: problems))
    }

    /// The first and last departure days of the offer: birth dates are checked against them.
    public func tripDates(of offer: Offer) -> (first: CalendarDate, last: CalendarDate) {
        let days = offer.slices.compactMap { $0.departingAt?.date }
        let first = days.min() ?? today
        return (first, days.max() ?? first)
    }

    /// The day the trip's last flight lands: a passport must be valid after it.
    public func lastFlightDay(of offer: Offer) -> CalendarDate {
        offer.slices.compactMap { $0.arrivingAt?.date }.max() ?? tripDates(of: offer).last
    }
}

/// Everything wrong with a passengers file, one line per problem.
public struct PassengerProblems: Error, Sendable, Hashable {
    /// One line per problem, naming the passenger and the field.
    public var messages: [String]

    /// Creates the problems.
    public init(messages: [String]) {
        self.messages = messages
    }
}
