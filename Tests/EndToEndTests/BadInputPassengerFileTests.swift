import Foundation
import Testing

/// Bad passengers files for `flights book --passengers`: refused with exit 64 and a message naming the passenger and
/// the field in Duffel's words, standard output left clean for `--json`, nothing booked. The offers come from one
/// search per route, shared by every case.
@Suite struct BadInputPassengerFileTests {
    struct Case: Sendable, CustomTestStringConvertible {
        enum Route: Sendable {
            /// LHR → JFK, one adult.
            case oneAdult
            /// LHR → JFK, an adult and an infant on the lap.
            case adultAndInfant
            /// LHR → DEL, where the airline needs passports.
            case passports
        }

        enum File: Sendable {
            case contents(String)
            case missing
            case folder
        }

        var name: String
        var route: Route = .oneAdult
        var file: File
        var message: String
        var absent: [String] = []
        var knownIssue: String?
        var testDescription: String { name }
    }

    static let ada: [String: any Sendable] = [
        "title": "ms", "given_name": "Ada", "family_name": "Lovelace", "born_on": "1985-12-10", "gender": "f",
        "email": "ada@example.com", "phone_number": "+442080160508",
    ]
    static let infant = ada.merging(
        ["title": "mr", "given_name": "Byron", "gender": "m", "born_on": BadDates.iso(daysFromToday: -180)]) { $1 }
    static let passport: [String: any Sendable] = [
        "type": "passport", "unique_identifier": "533380006", "issuing_country_code": "GB", "expires_on": "2031-04-12",
    ]

    /// A passengers file of these travellers (JSON values as `JSONSerialization` takes them).
    static func json(_ travellers: [[String: any Sendable]]) -> File {
        let data = (try? JSONSerialization.data(withJSONObject: travellers, options: [.sortedKeys])) ?? Data()
        return .contents(String(decoding: data, as: UTF8.self))
    }

    /// One adult with `changes` (`nil` removes a field).
    static func adult(_ changes: [String: (any Sendable)?]) -> File {
        var traveller = ada
        for (key, value) in changes { traveller[key] = value }
        return json([traveller])
    }

    static func document(_ changes: [String: any Sendable]) -> File {
        adult(["identity_documents": [passport.merging(changes) { $1 }]])
    }

    typealias File = Case.File

    static let cases: [Case] = [
        Case(name: "a missing file", file: .missing, message: "passengers.json cannot be read", absent: ["NSCocoaErrorDomain"]),
        Case(name: "a folder for a file", file: .folder, message: "cannot be read", absent: ["NSCocoaErrorDomain", "error 256"]),
        Case(name: "not JSON", file: .contents("this is not json {"),
             message: "is not a list of passengers in Duffel's format: The given data was not valid JSON."),
        Case(name: "an empty file", file: .contents(""), message: "is not a list of passengers in Duffel's format"),
        Case(name: "an object, not a list", file: .contents(#"{"given_name": "Ada"}"#),
             message: "is not a list of passengers in Duffel's format", absent: ["Array<", "Dictionary<"]),
        Case(name: "a list of names", file: .contents(#"["Ada Lovelace"]"#),
             message: "is not a list of passengers in Duffel's format", absent: ["Array<", "Dictionary<"]),
        Case(name: "a number for a name", file: adult(["given_name": 42]), message: "[0].given_name"),
        Case(name: "no passengers", file: json([]), message: "The offer is for 1 passenger and the file gives 0 travellers"),
        Case(name: "two passengers for one", file: json([ada, ada]),
             message: "The offer is for 1 passenger and the file gives 2 travellers; give one per passenger, in the offer's order."),
        Case(name: "no family name", file: adult(["family_name": nil]), message: "Passenger 1 (adult), family_name: A name is needed."),
        Case(name: "an empty given name", file: adult(["given_name": ""]), message: "given_name: A name is needed."),
        Case(name: "digits in a name", file: adult(["given_name": "Ada2"]),
             message: "given_name: Use Latin letters, spaces, hyphens and apostrophes only"),
        Case(name: "a 30-letter name", file: adult(["family_name": String(repeating: "L", count: 30)]),
             message: "family_name: Names are at most 20 characters"),
        Case(name: "a title-setting sequence in a name", file: adult(["given_name": "Ada\u{1B}]0;pwned\u{07}"]),
             message: "given_name: Use Latin letters"),
        Case(name: "an email without a domain", file: adult(["email": "ada@example"]),
             message: "email: \"ada@example\" does not look like an email address (name@example.com)."),
        Case(name: "an email with a colour sequence", file: adult(["email": "ada\u{1B}[31m@example.com"]),
             message: "email: \"ada^[[31m@example.com\" does not look like an email address"),
        Case(name: "an email with a space", file: adult(["email": "ada @example.com"]),
             message: "email: \"ada @example.com\" does not look like an email address"),
        Case(name: "no email and no phone", file: adult(["email": nil, "phone_number": nil]),
             message: "phone_number: Give the phone number with its country code, like +442080160508."),
        Case(name: "a 13th month", file: adult(["born_on": "1985-13-45"]),
             message: "born_on: 1985-13-45 is not a day: months go from 1 to 12."),
        Case(name: "a day February does not have", file: adult(["born_on": "1985-02-29"]),
             message: "born_on: 1985-02-29 is not a day: February 1985 has 28 days."),
        Case(name: "a word for a birth date", file: adult(["born_on": "yesterday"]),
             message: "born_on: Write the birth date like 1990-04-12 or 12 apr 1990."),
        Case(name: "born in 1800", file: adult(["born_on": "1800-01-01"]),
             message: "born_on: Check the birth year: that would be over 120 years old."),
        Case(name: "a child as an adult", file: adult(["born_on": BadDates.iso(daysFromToday: -10 * 365)]),
             message: "born_on: An adult must be 18 or older on the day of travel"),
        Case(name: "letters in a phone number", file: adult(["phone_number": "+44 20 CALL ME"]),
             message: "phone_number: Give the phone number with its country code"),
        Case(name: "an empty title", file: adult(["title": ""]), message: "title: Choose a title: mr, ms, mrs, miss or dr."),
        Case(name: "an adult alone for an adult and an infant", route: .adultAndInfant, file: json([ada]),
             message: "The offer is for 2 passengers and the file gives 1 traveller"),
        Case(name: "an infant of five", route: .adultAndInfant,
             file: json([ada, infant.merging(["born_on": BadDates.iso(daysFromToday: -5 * 365)]) { $1 }]),
             message: "Passenger 2 (infant), born_on: An infant on a lap must be under 2 on the last day of travel."),
        Case(name: "three travellers for an adult and an infant", route: .adultAndInfant, file: json([ada, infant, infant]),
             message: "the file gives 3 travellers"),
        Case(name: "no passport where it is needed", route: .passports, file: adult(["identity_documents": [String]()]),
             message: "Passenger 1 (adult), identity_documents: the airline needs this passenger's passport to book"),
        Case(name: "an expired passport", route: .passports, file: document(["expires_on": "2020-01-01"]),
             message: "identity_documents[0].expires_on: The passport expires on 2020-01-01, before the last flight"),
        Case(name: "a passport number with a space", route: .passports, file: document(["unique_identifier": "53 33"]),
             message: "identity_documents[0].unique_identifier: Give the passport number as printed: 5 to 20 letters and digits"),
        Case(name: "an unknown issuing country", route: .passports, file: document(["issuing_country_code": "XX1"]),
             message: "identity_documents[0].issuing_country_code: Give the issuing country as its two-letter ISO code"),
        Case(name: "an identity card where a passport is needed", route: .passports,
             file: document(["type": "national_identity_card"]),
             message: "identity_documents[0].type: \"national_identity_card\" is not a document Flights can book with"),
    ]

    @Test(arguments: cases)
    func refusedNamingTheField(_ test: Case) async throws {
        let offer = try await Self.offer(for: test.route)
        try await FlightsApp.withFreshData { app in
            let path = app.root.appendingPathComponent("passengers.json")
            switch test.file {
            case .contents(let text): try Data(text.utf8).write(to: path)
            case .missing: break
            case .folder: try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            }
            let run = try await app.run(["book", offer, "--passengers", path.path, "--yes", "--json"])
            let answer = {
                #expect(run.status == 64, "\(run)")
                #expect(run.said.contains(Run.words(test.message)), "expected \(test.message.debugDescription):\n\(run)")
                for phrase in test.absent { #expect(!run.said.contains(phrase), "it says \(phrase.debugDescription):\n\(run)") }
                #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "standard output is not clean:\n\(run)")
            }
            if let knownIssue = test.knownIssue {
                withKnownIssue(Comment(rawValue: knownIssue)) { answer() }
            } else {
                answer()
            }
            BadInputCase.expectNoRawControls(in: run.output + run.errors, "\(run)")
            if test.knownIssue == nil { try await BadInputCase.expectNothingBooked(app, "\(run)") }
        }
    }

    static func offer(for route: Case.Route) async throws -> String {
        let offers = switch route {
        case .oneAdult: try await SharedOffers.shared.offers()
        case .adultAndInfant: try await SharedOffers.shared.offers(["--infants", "1"])
        case .passports: try await SharedOffers.shared.offers(from: "LHR", to: "DEL")
        }
        return try #require(offers.first)
    }
}
