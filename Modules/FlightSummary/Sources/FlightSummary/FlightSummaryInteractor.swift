import Entities
import Foundation
import Services
import Synchronization

/// One passenger of the offer as the booking needs them: the id the order must carry, the type, and the age given at
/// search for anyone under 18.
struct PassengerSlot: Sendable, Hashable {
    /// The position in the offer's passenger list, and in the order body.
    var index: Int
    /// `pas_…`.
    var id: String
    /// Adult, child or infant on a lap.
    var type: PassengerType
    /// The age searched with, for a child or an infant.
    var age: Int?
}

/// A passenger's detail, asked one at a time, in this order.
enum PassengerField: Int, CaseIterable, Sendable, Hashable {
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
struct PassengerDraft: Sendable, Hashable {
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

/// What re-reading the offer from the API found.
enum OfferCheck: Sendable, Hashable {
    /// Still on sale at the price known.
    case current(Offer)
    /// Still on sale, at another price.
    case priceChanged(old: Offer, new: Offer)
    /// Past its expiry on the clock, and the API could not be asked.
    case expired(Offer)
    /// The API no longer has it (404, or `offer_no_longer_available`); the message says so.
    case gone(String)
    /// It could not be checked (a timeout, an outage).
    case failed(ServiceError)
}

/// How a booking attempt ended. Every case says whether the local store could be written, so the traveller hears
/// about it without losing the booking reference.
enum BookingAttempt: Sendable {
    /// Booked; `recovered` when the answer was lost and the order was found again by its key.
    case booked(Order, recovered: Bool, storeProblem: BookingStoreError?)
    /// The API refused the order (a 4xx): nothing was booked, the local record is marked failed.
    case refused(ServiceError, storeProblem: BookingStoreError?)
    /// The answer was lost and no order carries the booking's key: as far as the API can tell, nothing was booked.
    /// The pending record is kept.
    case notFound(ServiceError, storeProblem: BookingStoreError?)
    /// The answer was lost and the orders could not be looked up either: it may or may not be booked. The pending
    /// record is kept.
    case unknown(ServiceError, lookup: ServiceError, storeProblem: BookingStoreError?)
}

/// The summary's use case: re-checks the offer, checks passenger details with Duffel's rules, and books so that a
/// booking is never lost and never made twice.
final class FlightSummaryInteractor: Sendable {
    /// The metadata key an order carries so that it can be found again after a lost answer.

    private let offers: any OfferService
    private let orders: any OrderService
    private let bookings: any BookingStore
    private let backend: String
    private let clock: @Sendable () -> Date
    let timeZone: TimeZone
    private let makeBookingKey: @Sendable () -> String
    /// One booking key per screen, and the record written under it: a retry after a refusal or a lost answer
    /// reuses both, so the store keeps one record per booking and a late answer still finds its order.
    private let session = Mutex<BookingRecord?>(nil)

    /// How long to wait before each look-up after a lost answer: the server may still be making the order.
    private let lookupDelays: [Duration]

    /// The waits the app uses: at once, then after 1, 2 and 4 seconds.
    static let standardLookupDelays: [Duration] = [.zero, .seconds(1), .seconds(2), .seconds(4)]

    init(
        offers: any OfferService, orders: any OrderService, bookings: any BookingStore, backend: String,
        now: @escaping @Sendable () -> Date, timeZone: TimeZone, makeBookingKey: @escaping @Sendable () -> String,
        lookupDelays: [Duration] = FlightSummaryInteractor.standardLookupDelays
    ) {
        self.lookupDelays = lookupDelays.isEmpty ? [.zero] : lookupDelays
        self.offers = offers
        self.orders = orders
        self.bookings = bookings
        self.backend = backend
        self.clock = now
        self.timeZone = timeZone
        self.makeBookingKey = makeBookingKey
    }

    /// The current instant.
    var now: Date { clock() }

    /// Today in the traveller's time zone: birth dates are checked against it.
    var today: CalendarDate { CalendarDate(clock(), in: timeZone) }

    /// Where bookings are kept, for the traveller.
    var storeLocation: String { bookings.location }

    /// The key of the booking made (or being made) on this screen, once there is one.
    var bookingKey: String? { session.withLock { $0?.bookingKey } }

    // MARK: The offer

    /// Re-reads offer `id` from the API and compares it with `known` (the offer as last seen, if any).
    ///
    /// The API decides whether an offer can still be had: one it serves is bookable whatever its `expires_at` says
    /// on this machine's clock (clocks differ, and Duffel's own examples carry dates long past). Only when the API
    /// cannot be asked is an offer past its expiry on the clock taken as expired.
    func recheck(_ known: Offer?, id: String) async -> OfferCheck {
        let fresh: Offer
        do {
            fresh = try await offers.offer(id: id)
        } catch {
            if Self.meansOfferIsGone(error) {
                return .gone("The offer \(id) is no longer available: \(error.message)")
            }
            if let known, known.isExpired(at: clock()) { return .expired(known) }
            return .failed(error)
        }
        if let known, known.totalAmount != fresh.totalAmount { return .priceChanged(old: known, new: fresh) }
        return .current(fresh)
    }

    /// Whether `error` says the offer cannot be had any more (rather than that it could not be checked).
    static func meansOfferIsGone(_ error: ServiceError) -> Bool {
        error.has(.offerNoLongerAvailable) || error.has(.notFound) || error.apiError?.status == 404
    }

    // MARK: Passengers

    /// The offer's passengers in order, with ages from the offer or, failing that, from the search.
    func slots(for offer: Offer, search: SearchRequest?) -> [PassengerSlot] {
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

    /// Checks `answer` for `field` of the passenger in `slot`, with Duffel's rules, and keeps it in `draft` when it
    /// passes. Returns what is wrong, or `nil` when the answer was kept; `draft` keeps its other fields either way.
    func accept(
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
            guard let date = CalendarDate(text) else {
                return "Write the birth date as YYYY-MM-DD, like 1990-04-12."
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
        case .passportExpiry:
            guard let date = CalendarDate(text) else {
                return "Write the passport's expiry date as YYYY-MM-DD, like 2031-04-12."
            }
            if let problem = BookingRules.documentExpiryProblem(date, lastFlight: lastFlightDay(of: offer)) {
                return problem
            }
            draft.passportExpiry = date
        }
        return nil
    }

    /// The day the trip's last flight lands: a passport must be valid after it.
    func lastFlightDay(of offer: Offer) -> CalendarDate {
        offer.slices.compactMap { $0.arrivingAt?.date }.max() ?? tripDates(of: offer).last
    }

    /// Checks every traveller of a passengers file against the offer's passengers: the details in offer order, or
    /// every problem found, each naming the passenger and the field.
    func details(
        from travellers: [FlightSummaryInput.Traveller], offer: Offer, slots: [PassengerSlot]
    ) -> Result<[PassengerDetails], PassengerProblems> {
        var problems: [String] = []
        if travellers.count != slots.count {
            problems.append(
                "The offer is for \(Self.count(slots.count, "passenger")) and the file gives "
                    + "\(Self.count(travellers.count, "traveller")); give one per passenger, in the offer's order.")
        }
        var details: [PassengerDetails] = []
        for (slot, traveller) in zip(slots, travellers) {
            var draft = PassengerDraft()
            var answers: [(PassengerField, String)] = [
                (.title, traveller.title), (.givenName, traveller.givenName), (.familyName, traveller.familyName),
                (.bornOn, traveller.bornOn), (.gender, traveller.gender), (.email, traveller.email),
                (.phoneNumber, traveller.phoneNumber),
            ]
            // A passport given when the airline does not require one is checked and sent all the same.
            let document = traveller.identityDocuments.first
            if offer.passengerIdentityDocumentsRequired, document == nil {
                problems.append(
                    "Passenger \(slot.index + 1) (\(slot.type.displayName.lowercased())), identity_documents: the airline needs "
                        + "this passenger's passport to book; add \"identity_documents\": [{\"type\": \"passport\", "
                        + "\"unique_identifier\": \"…\", \"issuing_country_code\": \"GB\", \"expires_on\": \"YYYY-MM-DD\"}].")
            } else if document != nil {
                answers += [
                    (.passportNumber, document?.uniqueIdentifier ?? ""),
                    (.passportCountry, document?.issuingCountryCode ?? ""), (.passportExpiry, document?.expiresOn ?? ""),
                ]
            }
            for (field, answer) in answers {
                if let problem = accept(answer, for: field, slot: slot, offer: offer, into: &draft) {
                    problems.append("Passenger \(slot.index + 1) (\(slot.type.displayName.lowercased())), \(field.wireName): \(problem)")
                }
            }
            if let passenger = draft.details(id: slot.id, documentsRequired: offer.passengerIdentityDocumentsRequired) {
                details.append(passenger)
            }
        }
        return problems.isEmpty ? .success(details) : .failure(PassengerProblems(messages: problems))
    }

    /// The first and last departure days of the offer: birth dates are checked against them.
    func tripDates(of offer: Offer) -> (first: CalendarDate, last: CalendarDate) {
        let days = offer.slices.compactMap { $0.departingAt?.date }
        let first = days.min() ?? today
        return (first, days.max() ?? first)
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    // MARK: Booking

    /// The order body: one passenger per slot, infants on a lap linked to adults in order (first adult to first
    /// infant), paid now with the re-checked total or held, and the booking key in the metadata.
    func orderCreation(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, key: String
    ) -> OrderCreation {
        var passengers = passengers
        let adults = slots.filter { $0.type == .adult }
        let infants = slots.filter { $0.type == .infantWithoutSeat }
        for (adult, infant) in zip(adults, infants) where adult.index < passengers.count {
            passengers[adult.index].infantPassengerId = infant.id
        }
        return OrderCreation(
            type: type, selectedOffers: [offer.id], passengers: passengers,
            payments: type == .instant ? [Payment(amount: offer.totalAmount)] : [],
            metadata: [OrderCreation.bookingKeyMetadata: key])
    }

    /// Books `offer` for `passengers`, keeping the local store in step: a pending record before the order leaves,
    /// the confirmed one before this returns. A lost answer (timeout, 5xx, transport) is resolved by looking the
    /// order up by its key, never by sending it again. With `lookUpFirst` (an explicit retry after a lost answer),
    /// the order is looked for before anything is sent.
    ///
    /// Runs to the end even if the caller is cancelled: once an order is on its way, its answer must be kept.
    func book(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, lookUpFirst: Bool = false
    ) async -> BookingAttempt {
        let work = Task {
            await self.performBooking(
                offer: offer, passengers: passengers, slots: slots, type: type, lookUpFirst: lookUpFirst)
        }
        return await work.value
    }

    private func performBooking(
        offer: Offer, passengers: [PassengerDetails], slots: [PassengerSlot], type: OrderType, lookUpFirst: Bool
    ) async -> BookingAttempt {
        let pending = pendingRecord(offer: offer, passengers: passengers)
        var storeProblem = save(pending)
        if lookUpFirst, case .success(let order?) = await findOrder(key: pending.bookingKey, since: pending.createdAt) {
            return confirm(order, record: pending, recovered: true)
        }
        let creation = orderCreation(
            offer: offer, passengers: passengers, slots: slots, type: type, key: pending.bookingKey)
        do {
            let order = try await orders.createOrder(creation)
            return confirm(order, record: pending, recovered: false)
        } catch {
            guard Self.mayHaveBooked(error) else {
                var failed = pending
                failed.state = .failed
                failed.updatedAt = clock()
                storeProblem = save(failed) ?? storeProblem
                return .refused(error, storeProblem: storeProblem)
            }
            // The server may still be making the order when the answer is lost: look a few times before saying
            // it is not there, and never send it again from here.
            var lastLookup: Result<Order?, ServiceError> = .success(nil)
            for delay in lookupDelays {
                if delay > .zero { try? await Task.sleep(for: delay) }
                lastLookup = await findOrder(key: pending.bookingKey, since: pending.createdAt)
                if case .success(let order?) = lastLookup { return confirm(order, record: pending, recovered: true) }
            }
            switch lastLookup {
            case .success:
                return .notFound(error, storeProblem: storeProblem)
            case .failure(let lookupError):
                return .unknown(error, lookup: lookupError, storeProblem: storeProblem)
            }
        }
    }

    /// Whether a failed order creation may still have booked: anything but a refusal from the API (a 4xx).
    static func mayHaveBooked(_ error: ServiceError) -> Bool {
        switch error {
        case .api(let apiError, _): return apiError.status >= 500
        case .unexpectedStatus(let code, _): return code >= 500
        case .timedOut, .cannotConnect, .insecureConnection, .transport, .malformedResponse, .responseTooLarge,
             .cancelled:
            return true
        }
    }

    /// The order that carries `key`, among the orders made since `since`, if any.
    func findOrder(key: String, since: Date? = nil) async -> Result<Order?, ServiceError> {
        do {
            return .success(try await orders.order(withBookingKey: key, since: since))
        } catch {
            return .failure(error)
        }
    }

    private func pendingRecord(offer: Offer, passengers: [PassengerDetails]) -> BookingRecord {
        let now = clock()
        return session.withLock { current in
            var record = current ?? BookingRecord(
                bookingKey: makeBookingKey(), offerID: offer.id, backend: backend, legs: [], passengers: [],
                total: offer.totalAmount, state: .pending, createdAt: now, updatedAt: now)
            record.offerID = offer.id
            record.legs = offer.slices.map(BookingRecord.Leg.init)
            record.passengers = passengers.map(\.fullName)
            record.total = offer.totalAmount
            record.state = .pending
            record.updatedAt = now
            current = record
            return record
        }
    }

    private func confirm(_ order: Order, record: BookingRecord, recovered: Bool) -> BookingAttempt {
        let confirmed = record.updated(from: order, at: clock())
        session.withLock { $0 = confirmed }
        return .booked(order, recovered: recovered, storeProblem: save(confirmed))
    }

    private func save(_ record: BookingRecord) -> BookingStoreError? {
        do {
            try bookings.save(record)
            return nil
        } catch {
            return error
        }
    }
}

/// Everything wrong with a passengers file, one line per problem.
struct PassengerProblems: Error, Sendable, Hashable {
    var messages: [String]
}
