import Entities
import FixtureServices
import Foundation
import Services
import Synchronization
import Testing
@testable import Trips
@testable import FlightSummary
import TravelText

extension FlightSummaryServices {
    /// Offer `id` read again, as the rules read it against `known` on this clock.
    func recheck(_ known: Offer?, id: String) async -> OfferCheck {
        FlightSummaryReducer.offerCheck(await offer(id: id), known: known, id: id, now: now)
    }
}

/// The summary's work over the fixture services: the offer read again (as the rules read it), the passenger rules,
/// the order body, and booking so that a booking is never lost and never made twice.
@Suite("FlightSummary's work and passenger rules")
struct FlightSummaryServicesTests {
    private func services(
        offers: any OfferService = FixtureOfferService(), orders: any OrderService = FixtureOrderService(),
        store: any BookingStore = FixtureBookingStore(), now: Date = searchTime, lookups: Int = 1
    ) -> FlightSummaryServices {
        let keys = KeyMaker()
        return FlightSummaryServices(
            offers: offers, orders: orders, bookings: store, backend: "fixtures", now: { now }, timeZone: utc,
            makeBookingKey: { keys.make() }, lookupDelays: Array(repeating: .zero, count: lookups))
    }

    private let adult = PassengerSlot(index: 0, id: "pas_0000BdlnJxvVWHajsjWoDW", type: .adult, age: nil)

    // MARK: Re-check

    @Test func recheckReadsTheOfferAndFindsItCurrent() async throws {
        let offers = FixtureOfferService()
        let offer = try recordedOffer()
        let check = await services(offers: offers).recheck(offer, id: offer.id)
        #expect(check == .current(offer))
        #expect(offers.offerReads == [offer.id])
    }

    @Test func anOfferPastItsExpiryOnTheClockIsStillAskedForAndTheAPIDecides() async throws {
        let offers = FixtureOfferService()
        let offer = try recordedOffer()
        let check = await services(offers: offers, now: afterExpiry).recheck(offer, id: offer.id)
        #expect(check == .current(offer))
        #expect(offers.offerReads == [offer.id])
    }

    @Test func anOfferPastItsExpiryIsExpiredWhenTheAPICannotBeAsked() async throws {
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .failure(.timedOut))
        let offer = try recordedOffer()
        #expect(await services(offers: offers, now: afterExpiry).recheck(offer, id: offer.id) == .expired(offer))
        offers.replyOfferReads(with: .failure(.timedOut))
        #expect(await services(offers: offers).recheck(offer, id: offer.id) == .failed(.timedOut))
    }

    @Test(arguments: [FixtureFile.errorNotFound, .errorOfferNoLongerAvailable])
    func anOfferTheAPINoLongerHasIsGone(file: FixtureFile) async throws {
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .file(file))
        let offer = try recordedOffer()
        guard case .gone(let message) = await services(offers: offers).recheck(offer, id: offer.id) else {
            Issue.record("expected the offer to be gone")
            return
        }
        #expect(message.contains(offer.id))
    }

    @Test func aNewPriceIsReportedWithOldAndNew() async throws {
        let offer = try recordedOffer()
        let dearer = offer.repriced(by: 10)
        let check = await services(offers: ScriptedOfferService([.success(dearer)])).recheck(offer, id: offer.id)
        #expect(check == .priceChanged(old: offer, new: dearer))
    }

    @Test func aTimeoutMeansTheOfferCouldNotBeChecked() async throws {
        let offers = FixtureOfferService()
        offers.replyOfferReads(with: .failure(.timedOut))
        let check = await services(offers: offers).recheck(try recordedOffer(), id: "off_0000Bf7EUcGQ22QJSC5NYu")
        #expect(check == .failed(.timedOut))
    }

    // MARK: Passengers

    @Test func childAgesComeFromTheOfferOrElseTheSearch() async throws {
        let offers = FixtureOfferService()
        let roundTrip = try #require(try await searchedOffers(offers, roundTrip: true).first)
        let slots = PassengerSlot.slots(for: roundTrip, search: nil)
        #expect(slots.map(\.type) == [.adult, .adult, .child])
        #expect(slots.map(\.age) == [nil, nil, 8])

        var withoutAges = roundTrip
        withoutAges.passengers[2].age = nil
        withoutAges.passengers[2].type = .child
        #expect(PassengerSlot.slots(for: withoutAges, search: roundTripSearch)[2].age == 8)
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        var field: PassengerField
        var answer: String
        var type: PassengerType = .adult
        var age: Int?
        var problem: String?
        var testDescription: String { "\(field.wireName) \"\(answer)\" → \(problem ?? "kept")" }
    }

    static let fieldCases: [FieldCase] = [
        FieldCase(field: .title, answer: "Mrs.", problem: nil),
        FieldCase(field: .title, answer: "sir", problem: "Choose a title"),
        FieldCase(field: .givenName, answer: "Zoë-Ann O'Brien", problem: nil),
        FieldCase(field: .givenName, answer: "", problem: "A name is needed."),
        FieldCase(field: .givenName, answer: "Maximiliano Alejandro", problem: "at most 20 characters"),
        FieldCase(field: .familyName, answer: "Łukasiewicz", problem: nil),
        FieldCase(field: .familyName, answer: "王", problem: "Latin letters"),
        FieldCase(field: .familyName, answer: "Smith2", problem: "Latin letters"),
        FieldCase(field: .bornOn, answer: "12/04/1990", problem: "like 1990-04-12 or 12 apr 1990"),
        FieldCase(field: .bornOn, answer: "1990-02-30", problem: "1990-02-30 is not a day: February 1990 has 28 days."),
        FieldCase(field: .bornOn, answer: "12 mar 1980", problem: nil),
        FieldCase(field: .bornOn, answer: "March 12, 1980", problem: nil),
        FieldCase(field: .bornOn, answer: "30 feb 1980", problem: "February 1980 has 29 days"),
        FieldCase(field: .bornOn, answer: "last spring", problem: "like 1990-04-12 or 12 apr 1990"),
        FieldCase(field: .bornOn, answer: "2027-01-01", problem: "in the future"),
        FieldCase(field: .bornOn, answer: "2010-05-01", problem: "An adult must be 18"),
        FieldCase(field: .bornOn, answer: "1990-04-12", problem: nil),
        FieldCase(field: .bornOn, answer: "2018-06-01", type: .child, age: 8, problem: nil),
        FieldCase(field: .bornOn, answer: "2015-01-01", type: .child, age: 8, problem: "searched as 8 years old"),
        FieldCase(field: .bornOn, answer: "2025-06-01", type: .infantWithoutSeat, problem: nil),
        FieldCase(field: .bornOn, answer: "2023-06-01", type: .infantWithoutSeat, problem: "under 2"),
        FieldCase(field: .gender, answer: "F", problem: nil),
        FieldCase(field: .gender, answer: "x", problem: "m or f"),
        FieldCase(field: .email, answer: "ada@example.co.uk", problem: nil),
        FieldCase(field: .email, answer: "ada@example", problem: "does not look like an email"),
        FieldCase(field: .email, answer: "ada example@mail.com", problem: "does not look like an email"),
        FieldCase(field: .phoneNumber, answer: "+44 20 7946 0123", problem: nil),
        FieldCase(field: .phoneNumber, answer: "020 7946 0123", problem: "country code"),
        FieldCase(field: .phoneNumber, answer: "+44 20 7946 0123 4567 89", problem: "country code"),
    ]

    @Test(arguments: fieldCases)
    func eachFieldIsCheckedWithDuffelsRulesAndTheOthersAreKept(_ test: FieldCase) throws {
        let offer = try recordedOffer()
        let slot = PassengerSlot(index: 0, id: "pas_1", type: test.type, age: test.age)
        var draft = PassengerDraft(
            title: .dr, givenName: "Kept", familyName: "Kept", bornOn: day("1980-01-01"), gender: .male,
            email: "kept@example.com", phoneNumber: "+12125550100")
        let before = draft
        let problem = rules().accept(test.answer, for: test.field, slot: slot, offer: offer, into: &draft)
        if let expected = test.problem {
            #expect(problem?.contains(expected) == true, "got \(problem ?? "no problem")")
            #expect(draft == before)
        } else {
            #expect(problem == nil)
            for other in PassengerField.allCases where other != test.field {
                #expect(draft.text(of: other) == before.text(of: other))
            }
            #expect(draft.text(of: test.field) != before.text(of: test.field))
        }
    }

    @Test func phoneNumbersAreKeptInE164() throws {
        var draft = PassengerDraft()
        let problem = rules().accept("+44 (20) 7946-0123", for: .phoneNumber, slot: adult, offer: try recordedOffer(), into: &draft)
        #expect(problem == nil)
        #expect(draft.phoneNumber == "+442079460123")
    }

    @Test func aPassengersFileWithMistakesListsEveryProblemByPassengerAndField() throws {
        let offer = try recordedOffer()
        let slots = PassengerSlot.slots(for: offer, search: nil)
        var wrong = imogen
        wrong.givenName = "Imogen7"
        wrong.bornOn = "2012-01-01"
        wrong.phoneNumber = "07946 0123"
        guard case .failure(let problems) = rules().details(from: [wrong, imogen], offer: offer, slots: slots) else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.messages.count == 4)
        #expect(problems.messages[0].contains("1 passenger and the file gives 2 travellers"))
        #expect(problems.messages.contains { $0.hasPrefix("Passenger 1 (adult), given_name:") })
        #expect(problems.messages.contains { $0.hasPrefix("Passenger 1 (adult), born_on:") })
        #expect(problems.messages.contains { $0.hasPrefix("Passenger 1 (adult), phone_number:") })
    }

    @Test func aCorrectPassengersFileGivesTheDetailsWithTheOffersIDs() throws {
        let offer = try recordedOffer()
        let slots = PassengerSlot.slots(for: offer, search: nil)
        let details = try rules().details(from: [imogen], offer: offer, slots: slots).get()
        #expect(details.map(\.id) == ["pas_0000BdlnJxvVWHajsjWoDW"])
        #expect(details.first?.phoneNumber == "+442079460123")
        #expect(details.first?.bornOn == day("1990-04-12"))
    }

    // MARK: The order body

    @Test func infantsOnALapAreLinkedToAdultsInOrder() throws {
        let slots = [
            PassengerSlot(index: 0, id: "pas_a1", type: .adult, age: nil),
            PassengerSlot(index: 1, id: "pas_i1", type: .infantWithoutSeat, age: 1),
            PassengerSlot(index: 2, id: "pas_a2", type: .adult, age: nil),
            PassengerSlot(index: 3, id: "pas_i2", type: .infantWithoutSeat, age: 0),
            PassengerSlot(index: 4, id: "pas_a3", type: .adult, age: nil),
        ]
        let passengers = slots.map { slot in
            PassengerDetails(
                id: slot.id, title: .mr, gender: .male, givenName: "A", familyName: "B", bornOn: day("1990-01-01"),
                email: "a@example.com", phoneNumber: "+442079460123")
        }
        let body = services().orderCreation(
            offer: try recordedOffer(), passengers: passengers, slots: slots, type: .instant, key: "k")
        #expect(body.passengers.map(\.infantPassengerId) == ["pas_i1", nil, "pas_i2", nil, nil])
    }

    @Test func anInstantOrderPaysTheTotalAndAHoldPaysNothingYet() throws {
        let offer = try recordedOffer()
        let slots = PassengerSlot.slots(for: offer, search: nil)
        let details = try rules().details(from: [imogen], offer: offer, slots: slots).get()
        let instant = services().orderCreation(offer: offer, passengers: details, slots: slots, type: .instant, key: "k1")
        #expect(instant.payments == [Payment(type: "balance", amount: offer.totalAmount)])
        #expect(instant.metadata == ["flights_booking_key": "k1"])
        let hold = services().orderCreation(offer: offer, passengers: details, slots: slots, type: .hold, key: "k2")
        #expect(hold.type == .hold)
        #expect(hold.payments.isEmpty)
    }

    // MARK: Booking

    private func bookingInputs() throws -> (Offer, [PassengerDetails], [PassengerSlot]) {
        let offer = try recordedOffer()
        let slots = PassengerSlot.slots(for: offer, search: nil)
        return (offer, try rules().details(from: [imogen], offer: offer, slots: slots).get(), slots)
    }

    @Test func aBookingIsWrittenPendingThenConfirmed() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        let store = FixtureBookingStore()
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked(let order, let recovered, let problem) = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        #expect(!recovered)
        #expect(problem == nil)
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
        #expect(store.saves.map(\.bookingKey) == ["key-1", "key-1"])
        #expect(store.saves.last?.bookingReference == order.bookingReference)
        #expect(store.saves.last?.passengers == ["Imogen Fairweather"])
        #expect(orders.created.first?.metadata?["flights_booking_key"] == "key-1")
    }

    @Test func aTimeoutAfterTheOrderWasMadeFindsItByItsKey() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .bookThenFail(.timedOut))
        let store = FixtureBookingStore()
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked(let order, let recovered, _) = attempt else {
            Issue.record("expected the booking to be found, got \(attempt)")
            return
        }
        #expect(recovered)
        #expect(orders.created.count == 1)
        #expect(orders.orders.map(\.id) == [order.id])
        #expect(orders.lookups == [OrderQuery(limit: 50)])
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
    }

    @Test func anAlreadyBookedAnswerAboutOurOwnOrderIsTheBookingMade() async throws {
        // The shape of a 429 after the order was made: the client waits it out, sends the order again, and the API
        // answers that the offer is booked already, by the order carrying our key. That is a booking, never a refusal.
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .bookThenFail(Self.alreadyBooked))
        let store = FixtureBookingStore()
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked(let order, let recovered, _) = attempt else {
            Issue.record("expected the booking made to be found, got \(attempt)")
            return
        }
        #expect(recovered)
        #expect(orders.created.count == 1)
        #expect(store.saves.map(\.state) == [.pending, .confirmed])
        #expect(store.saves.last?.bookingReference == order.bookingReference)
    }

    @Test func anAlreadyBookedAnswerWithNoOrderOfOursIsARefusal() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(Self.alreadyBooked))
        let store = FixtureBookingStore()
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .refused(let error, _) = attempt else {
            Issue.record("expected a refusal, got \(attempt)")
            return
        }
        #expect(error == Self.alreadyBooked)
        #expect(store.saves.map(\.state) == [.pending, .failed])
    }

    static let alreadyBooked = ServiceError.api(
        APIError(status: 422, errors: [APIErrorDetail(
            type: .invalidState, code: .alreadyBooked, title: "Already booked",
            message: "Offer off_1 was already booked as order ord_1.")]),
        rateLimit: nil)

    @Test func aTimeoutWithNoOrderKeepsThePendingRecordAndSendsNothingMore() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(.timedOut))
        let store = FixtureBookingStore()
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .notFound(let error, _) = attempt else {
            Issue.record("expected not found, got \(attempt)")
            return
        }
        #expect(error == .timedOut)
        #expect(orders.created.count == 1)
        #expect(try store.records().map(\.state) == [.pending])
    }

    @Test func bookingTheSameOfferAgainSettlesTheEarlierPendingAttempt() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(.timedOut))
        let store = FixtureBookingStore()
        _ = await services(orders: orders, store: store).book(offer: offer, passengers: details, slots: slots, type: .instant)
        #expect(try store.records().map(\.state) == [.pending])
        // The traveller went back to the offers and booked the same one again, on a new screen (a new key).
        let again = FlightSummaryServices(
            offers: FixtureOfferService(), orders: orders, bookings: store, backend: "fixtures", now: { searchTime },
            timeZone: utc, makeBookingKey: { "key-again" }, lookupDelays: [.zero])
        let attempt = await again.book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        let states = Dictionary(uniqueKeysWithValues: try store.records().map { ($0.bookingKey, $0.state) })
        #expect(states == ["key-1": .failed, "key-again": .confirmed])
    }

    @Test func anEarlierAttemptTheAPIHasAfterAllIsConfirmedTooNeverHidden() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(.timedOut))
        let store = FixtureBookingStore()
        let first = services(orders: orders, store: store)
        _ = await first.book(offer: offer, passengers: details, slots: slots, type: .instant)
        // Its order turns up after the look-ups gave up: the offer is booked twice, and both must show.
        _ = try await orders.createOrder(first.orderCreation(offer: offer, passengers: details, slots: slots, type: .instant, key: "key-1"))
        let again = FlightSummaryServices(
            offers: FixtureOfferService(), orders: orders, bookings: store, backend: "fixtures", now: { searchTime },
            timeZone: utc, makeBookingKey: { "key-again" }, lookupDelays: [.zero])
        _ = await again.book(offer: offer, passengers: details, slots: slots, type: .instant)
        let states = Dictionary(uniqueKeysWithValues: try store.records().map { ($0.bookingKey, $0.state) })
        #expect(states == ["key-1": .confirmed, "key-again": .confirmed])
    }

    @Test func anOrderTheServerIsStillMakingIsFoundByALaterLookUp() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .bookThenFail(.timedOut))
        // The first look-up comes before the server has stored the order.
        let slow = SlowToShowOrders(orders, hiddenForLookups: 1)
        let attempt = await services(orders: slow, lookups: 3)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked(_, let recovered, _) = attempt else {
            Issue.record("expected the booking to be found, got \(attempt)")
            return
        }
        #expect(recovered)
        #expect(orders.created.count == 1)
        #expect(slow.lookups == 2)
    }

    @Test func anOrderPastTheFirstPageOfOrdersIsStillFound() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .bookThenFail(.timedOut))
        let paged = PagedOrders(orders, newerOrders: 120)
        let attempt = await services(orders: paged).book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked(_, true, _) = attempt else {
            Issue.record("expected the booking to be found, got \(attempt)")
            return
        }
        #expect(paged.pagesRead == 3)
    }

    @Test func anExplicitRetryLooksFirstThenSendsTheSameKey() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(.timedOut))
        let store = FixtureBookingStore()
        let booking = services(orders: orders, store: store)
        _ = await booking.book(offer: offer, passengers: details, slots: slots, type: .instant)
        let retry = await booking.book(offer: offer, passengers: details, slots: slots, type: .instant, lookUpFirst: true)
        guard case .booked = retry else {
            Issue.record("expected the retry to book, got \(retry)")
            return
        }
        #expect(orders.lookups.count == 2)
        #expect(orders.created.map { $0.metadata?["flights_booking_key"] } == ["key-1", "key-1"])
        #expect(try store.records().map(\.state) == [.confirmed])
    }

    @Test func aRetryFindsAnOrderThatArrivedLateAndDoesNotBookAgain() async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.failReads(with: .cannotConnect("connection refused"))
        orders.replyCreates(with: .bookThenFail(.timedOut))
        let store = FixtureBookingStore()
        let booking = services(orders: orders, store: store)
        let first = await booking.book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .unknown(let error, let lookup, _) = first else {
            Issue.record("expected an unknown outcome, got \(first)")
            return
        }
        #expect(error == .timedOut)
        #expect(lookup == .cannotConnect("connection refused"))
        #expect(try store.records().map(\.state) == [.pending])

        // The look-up works again: the explicit retry finds the order booked the first time and sends nothing.
        orders.failReads(with: nil)
        let retry = await booking.book(offer: offer, passengers: details, slots: slots, type: .instant, lookUpFirst: true)
        guard case .booked(let order, let recovered, _) = retry else {
            Issue.record("expected the retry to find the booking, got \(retry)")
            return
        }
        #expect(recovered)
        #expect(order.id == orders.orders.first?.id)
        #expect(orders.created.count == 1)
        #expect(try store.records().map(\.state) == [.confirmed])
    }

    @Test(arguments: [
        FixtureFile.errorOfferNoLongerAvailable, .errorPriceChanged, .errorValidation, .errorAuthentication,
        .errorRateLimit,
    ])
    func aRefusalMarksTheRecordFailed(file: FixtureFile) async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .file(file))
        let store = FixtureBookingStore()
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .refused(let error, _) = attempt else {
            Issue.record("expected a refusal, got \(attempt)")
            return
        }
        #expect(error == file.error)
        #expect(orders.lookups.isEmpty)
        #expect(store.saves.map(\.state) == [.pending, .failed])
    }

    @Test(arguments: [FixtureFile.errorAirline, .errorAPI])
    func aServerErrorIsALostAnswerAndIsLookedUp(file: FixtureFile) async throws {
        let (offer, details, slots) = try bookingInputs()
        let orders = FixtureOrderService()
        orders.replyCreates(with: .failure(file.error))
        let attempt = await services(orders: orders)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .notFound = attempt else {
            Issue.record("expected not found, got \(attempt)")
            return
        }
        #expect(orders.lookups.count == 1)
    }

    @Test func aStoreThatCannotBeWrittenStillReturnsTheBooking() async throws {
        let (offer, details, slots) = try bookingInputs()
        let store = FixtureBookingStore()
        let failure = BookingStoreError.io(path: "/home/ada/.local/share/flights/bookings.json", reason: "No space left on device")
        // The pending record is written; the disk fills up before the confirmed one.
        store.failSaves(with: failure, after: 1)
        let attempt = await services(store: store).book(offer: offer, passengers: details, slots: slots, type: .instant)
        guard case .booked(let order, _, let problem) = attempt else {
            Issue.record("expected a booking, got \(attempt)")
            return
        }
        #expect(order.bookingReference == "ERDAH6")
        #expect(problem == failure)
    }

    @Test func aPendingRecordThatCannotBeWrittenSendsNothing() async throws {
        let (offer, details, slots) = try bookingInputs()
        let store = FixtureBookingStore()
        let orders = FixtureOrderService()
        let failure = BookingStoreError.io(path: "/home/ada/.local/share/flights/bookings.json", reason: "No space left on device")
        store.fail(with: failure)
        let attempt = await services(orders: orders, store: store)
            .book(offer: offer, passengers: details, slots: slots, type: .instant)
        #expect(attempt == .notSaved(failure))
        #expect(orders.created.isEmpty)
    }
}

extension OfferCheck: CustomTestStringConvertible {
    var testDescription: String {
        switch self {
        case .current(let offer): "current \(offer.totalAmount)"
        case .priceChanged(let old, let new): "price changed \(old.totalAmount) → \(new.totalAmount)"
        case .expired(let offer): "expired \(offer.expiresAt.map { "\($0)" } ?? "at an unknown time")"
        case .gone(let message): "gone: \(message)"
        case .failed(let error): "failed: \(error)"
        }
    }
}

/// The fixture orders, with an order list that does not show the orders yet for the first look-ups: the server is
/// still storing the order whose answer was lost.
private final class SlowToShowOrders: OrderService {
    private let orders: FixtureOrderService
    private let state: Mutex<(hidden: Int, lookups: Int)>

    init(_ orders: FixtureOrderService, hiddenForLookups: Int) {
        self.orders = orders
        state = Mutex((hiddenForLookups, 0))
    }

    var lookups: Int { state.withLock { $0.lookups } }

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order { try await orders.createOrder(order) }
    func order(id: String) async throws(ServiceError) -> Order { try await orders.order(id: id) }
    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        let hide = state.withLock { state -> Bool in
            state.lookups += 1
            guard state.hidden > 0 else { return false }
            state.hidden -= 1
            return true
        }
        return hide ? Page(items: [], limit: query.limit) : try await orders.orders(query)
    }
    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        try await orders.quoteCancellation(orderID: orderID)
    }
    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        try await orders.payOrder(payment)
    }
    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        try await orders.confirmCancellation(id: id)
    }
}

/// The fixture orders behind `newerOrders` other orders made since, served 50 to a page with cursors, as a busy
/// account's order list is.
private final class PagedOrders: OrderService {
    private let orders: FixtureOrderService
    private let newer: Int
    private let read = Mutex(0)

    init(_ orders: FixtureOrderService, newerOrders: Int) {
        self.orders = orders
        newer = newerOrders
    }

    var pagesRead: Int { read.withLock { $0 } }

    func createOrder(_ order: OrderCreation) async throws(ServiceError) -> Order { try await orders.createOrder(order) }
    func order(id: String) async throws(ServiceError) -> Order { try await orders.order(id: id) }
    func orders(_ query: OrderQuery) async throws(ServiceError) -> Page<Order> {
        read.withLock { $0 += 1 }
        let real = try await orders.orders(OrderQuery()).items
        guard let template = real.first else { return Page(items: [], limit: query.limit) }
        let others = (0..<newer).map { index -> Order in
            var other = template
            other.id = "ord_other_\(index)"
            other.metadata = ["flights_booking_key": "someone-else-\(index)"]
            return other
        }
        let all = others + real
        let start = query.after.flatMap(Int.init) ?? 0
        let end = min(start + (query.limit ?? 50), all.count)
        return Page(items: Array(all[start..<end]), after: end < all.count ? String(end) : nil, limit: query.limit)
    }
    func quoteCancellation(orderID: String) async throws(ServiceError) -> OrderCancellation {
        try await orders.quoteCancellation(orderID: orderID)
    }
    func payOrder(_ payment: OrderPaymentCreation) async throws(ServiceError) -> OrderPayment {
        try await orders.payOrder(payment)
    }
    func confirmCancellation(id: String) async throws(ServiceError) -> OrderCancellation {
        try await orders.confirmCancellation(id: id)
    }
}
