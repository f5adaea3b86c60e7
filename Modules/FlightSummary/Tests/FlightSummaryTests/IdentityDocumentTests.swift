import Entities
import FixtureServices
import Foundation
import Services
import Testing
@testable import Trips
@testable import FlightSummary

/// Serves the recorded offer as one whose airline needs each passenger's passport at booking.
struct DocumentsRequiredOfferService: OfferService {
    let offer: Offer

    init() throws {
        var offer = try recordedOffer()
        offer.passengerIdentityDocumentsRequired = true
        self.offer = offer
    }

    func createOfferRequest(_ request: SearchRequest, returnOffers: Bool) async throws(ServiceError) -> OfferRequest {
        OfferRequest(id: "orq_1", slices: [], passengers: offer.passengers, cabinClass: nil, offers: [offer], createdAt: nil)
    }

    func offers(_ query: OfferQuery) async throws(ServiceError) -> Page<Offer> { Page(items: [offer]) }

    func offer(id: String) async throws(ServiceError) -> Offer { offer }
}

/// The recorded flight lands on 2026-12-18: a passport must be valid after that day.
let imogenPassport = PassengersFile.Traveller.Document(
    uniqueIdentifier: "533380006", issuingCountryCode: "GB", expiresOn: "2031-04-12")

@Suite("Identity documents")
struct IdentityDocumentTests {
    private let adult = PassengerSlot(index: 0, id: "pas_0000BdlnJxvVWHajsjWoDW", type: .adult, age: nil)

    @Test("each passport field is checked: a number of letters and digits, an ISO country, valid after the trip",
          arguments: [
            (PassengerField.passportNumber, "53 33", "5 to 20 letters and digits"),
            (.passportNumber, "AB!23456", "5 to 20 letters and digits"),
            (.passportCountry, "XX", "two-letter ISO code"),
            (.passportCountry, "GBR", "two-letter ISO code"),
            (.passportExpiry, "12/04/2031", "like 2031-04-12 or 12 apr 2031"),
            (.passportExpiry, "2026-12-18", "before the last flight on 2026-12-18 is over"),
          ])
    func fieldsAreChecked(field: PassengerField, answer: String, problem: String) throws {
        let offer = try DocumentsRequiredOfferService().offer
        var draft = PassengerDraft()
        let message = try #require(rules().accept(answer, for: field, slot: adult, offer: offer, into: &draft))
        #expect(message.contains(problem))
        #expect(draft == PassengerDraft())
    }

    @Test("accepted passport fields are kept in the form the airline wants")
    func fieldsAreNormalised() throws {
        let offer = try DocumentsRequiredOfferService().offer
        var draft = PassengerDraft()
        let rules = rules()
        #expect(rules.accept("ab1234567", for: .passportNumber, slot: adult, offer: offer, into: &draft) == nil)
        #expect(rules.accept(" gb ", for: .passportCountry, slot: adult, offer: offer, into: &draft) == nil)
        #expect(rules.accept("2026-12-19", for: .passportExpiry, slot: adult, offer: offer, into: &draft) == nil)
        #expect(draft.document == IdentityDocument(
            uniqueIdentifier: "AB1234567", issuingCountryCode: "GB", expiresOn: CalendarDate("2026-12-19")))
    }

    @Test("a passengers file without the passport an offer requires lists what is missing, and nothing is built")
    func fileWithoutDocument() throws {
        let offer = try DocumentsRequiredOfferService().offer
        guard case .failure(let problems) = rules().details(from: [imogen], offer: offer, slots: [adult]) else {
            Issue.record("a file without a passport was accepted")
            return
        }
        #expect(problems.messages.count == 1)
        #expect(problems.messages.first?.hasPrefix("Passenger 1 (adult), identity_documents: the airline needs") == true)
        var traveller = imogen
        traveller.identityDocuments = [.init(uniqueIdentifier: "", issuingCountryCode: "", expiresOn: "")]
        guard case .failure(let blanks) = rules().details(from: [traveller], offer: offer, slots: [adult]) else {
            Issue.record("a blank passport was accepted")
            return
        }
        #expect(blanks.messages.map { $0.prefix(62) } == [
            "Passenger 1 (adult), identity_documents[0].unique_identifier: ",
            "Passenger 1 (adult), identity_documents[0].issuing_country_cod",
            "Passenger 1 (adult), identity_documents[0].expires_on: Write t",
        ])
    }

    @Test("a passengers file's identity_documents go into the order")
    func fileWithDocument() throws {
        let offer = try DocumentsRequiredOfferService().offer
        var traveller = imogen
        traveller.identityDocuments = [imogenPassport]
        let details = try rules().details(from: [traveller], offer: offer, slots: [adult]).get()
        #expect(details.first?.identityDocuments == [IdentityDocument(
            uniqueIdentifier: "533380006", issuingCountryCode: "GB", expiresOn: CalendarDate("2031-04-12"))])
    }

    @Test("a document that is not a passport is refused by its type, not sent as a passport",
          arguments: ["national_identity_card", "tax_id", ""])
    func otherDocumentTypesAreRefused(type: String) throws {
        let offer = try DocumentsRequiredOfferService().offer
        var traveller = imogen
        var document = imogenPassport
        document.type = type
        traveller.identityDocuments = [document]
        guard case .failure(let problems) = rules().details(from: [traveller], offer: offer, slots: [adult]) else {
            Issue.record("a \(type) was accepted as a passport")
            return
        }
        #expect(problems.messages == [
            "Passenger 1 (adult), identity_documents[0].type: \"\(type)\" is not a document Flights can book with; "
                + "give a passport (\"type\": \"passport\").",
        ])
        document.type = " Passport "
        traveller.identityDocuments = [document]
        #expect(throws: Never.self) { try rules().details(from: [traveller], offer: offer, slots: [adult]).get() }
    }

    @Test("the passport among other documents is the one sent; another alone is not sent where none is required")
    func thePassportAmongOthersIsSent() throws {
        var card = imogenPassport
        card.type = "national_identity_card"
        card.uniqueIdentifier = "ID 12"
        var traveller = imogen
        traveller.identityDocuments = [card, imogenPassport]
        let details = try rules().details(from: [traveller], offer: DocumentsRequiredOfferService().offer, slots: [adult]).get()
        #expect(details.first?.identityDocuments?.map(\.uniqueIdentifier) == ["533380006"])
        // A problem with that passport names it where it is in the file.
        var expired = imogenPassport
        expired.expiresOn = "2020-01-01"
        traveller.identityDocuments = [card, expired]
        guard case .failure(let problems) = rules().details(
            from: [traveller], offer: try DocumentsRequiredOfferService().offer, slots: [adult]) else {
            Issue.record("an expired passport was accepted")
            return
        }
        #expect(problems.messages.count == 1)
        #expect(problems.messages.first?.hasPrefix("Passenger 1 (adult), identity_documents[1].expires_on: ") == true)
        // Where the airline needs none, an identity card is neither refused nor sent as a passport.
        traveller.identityDocuments = [card]
        let plain = try rules().details(from: [traveller], offer: recordedOffer(), slots: [adult]).get()
        #expect(plain.first?.identityDocuments == nil)
    }

    @Test("an offer that does not require a passport asks for none")
    func notRequired() throws {
        let offer = try recordedOffer()
        let details = try rules().details(from: [imogen], offer: offer, slots: [adult]).get()
        #expect(details.first?.identityDocuments == nil)
        #expect(PassengerField.asked(documentsRequired: false).last == .phoneNumber)
    }

    @Test("the form asks for the passport after the phone, and the order carries it")
    @MainActor
    func interactiveFormAsksForThePassport() async throws {
        let offers = try DocumentsRequiredOfferService()
        let h = Harness(
            input: FlightSummaryInput(offerID: offers.offer.id, offer: offers.offer, search: oneWaySearch),
            offers: offers)
        await h.appear()
        await h.enterDetails(imogenAnswers)
        #expect(h.question?.prompt == "Passport number (the airline needs it to book): ")
        await h.type(["533380006", "gb"])
        #expect(h.question?.prompt == "Passport expires on (YYYY-MM-DD): ")
        await h.type(["2026-12-01"])
        #expect(h.errors.last?.contains("before the last flight") == true)
        await h.type(["2031-04-12"])
        #expect(await h.choose(startingWith: "Book and pay"))
        await h.send(.confirmed(true))
        let sent = try #require(h.orders.created.first?.passengers.first)
        #expect(sent.identityDocuments == [IdentityDocument(
            uniqueIdentifier: "533380006", issuingCountryCode: "GB", expiresOn: CalendarDate("2031-04-12"))])
    }
}
