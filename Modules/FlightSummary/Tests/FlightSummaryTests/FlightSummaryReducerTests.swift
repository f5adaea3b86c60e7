import Entities
import FixtureServices
import Foundation
import ModuleCore
import ModuleTesting
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary
import TravelText

/// The reducer as a story: each action sent, how the state changed, and the exact effects that followed.
@Suite("FlightSummaryReducer")
struct FlightSummaryReducerTests {
    private typealias Reducer = FlightSummaryReducer

    private func state(_ input: FlightSummaryInput) -> FlightSummaryState {
        FlightSummaryState(input: input, storeLocation: "memory", timeZone: utc, now: searchTime)
    }

    private func interactive() throws -> FlightSummaryState {
        let offer = try recordedOffer()
        return state(FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch))
    }

    /// A state whose offer is checked and whose one passenger is complete, at `step`.
    private func filledIn(at step: FlightSummaryStep) throws -> FlightSummaryState {
        var state = try interactive()
        let offer = try recordedOffer()
        state.offer = offer
        state.slots = PassengerSlot.slots(for: offer, search: oneWaySearch)
        var draft = PassengerDraft()
        for (field, answer) in zip(PassengerField.asked(documentsRequired: false), imogenAnswers) {
            #expect(rules().accept(answer, for: field, slot: state.slots[0], offer: offer, into: &draft) == nil)
        }
        state.drafts = [draft]
        state.step = step
        return state
    }

    // MARK: Checking the offer

    @Test func appearingChecksTheOfferItCameWith() throws {
        let offer = try recordedOffer()
        var store = TestStore<Reducer>(try interactive())
        store.send(.appeared(now: afterExpiry), effects: [
            .note(.progress("Checking the offer with the airline…")),
            .run(.check(id: 1, offerID: offer.id)),
        ]) {
            $0.now = afterExpiry
            $0.step = .checking
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 1
        }
        #expect(Reducer.question(store.state)?.helped(by: []) == nil)
    }

    @Test func aCurrentOfferIsShownAndDetailsAreOffered() throws {
        let offer = try recordedOffer()
        var store = TestStore<Reducer>(try interactive())
        store.send(.appeared(now: searchTime)) {
            $0.step = .checking
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 1
        }
        var expected = try interactive()
        expected.step = .continueToDetails
        expected.checkID = 1
        expected.offer = offer
        expected.slots = [PassengerSlot(index: 0, id: offer.passengers[0].id, type: .adult, age: nil)]
        expected.drafts = [PassengerDraft()]
        store.send(.offerRead(id: 1, .success(offer), now: searchTime), effects: [
            .note(.progressEnded),
            .print(expected.summary(offer).blocks),
            .note(.message(Notice(.success, "Price checked with the airline: £412.50 in total."))),
        ]) {
            $0 = expected
        }
        #expect(Reducer.question(store.state)?.helped(by: []) == ScreenQuestion.keys(
            "Book this offer? y yes · n no · Enter yes", commits: true))
    }

    @Test func anAnswerToAnOlderCheckIsDropped() throws {
        let offer = try recordedOffer()
        var store = TestStore<Reducer>(try interactive())
        store.send(.appeared(now: searchTime)) {
            $0.step = .checking
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 1
        }
        store.send(.offerRead(id: 1, .failure(.cancelled), now: searchTime)) {
            $0.checking = nil
            $0.knownBeforeCheck = nil
        }
        store.send(.appeared(now: searchTime)) {
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 2
        }
        store.send(.offerRead(id: 1, .success(offer), now: afterExpiry), effects: [])
        #expect(store.state.step == .checking)
    }

    @Test func aCheckCutOffByTheScreenGoingIsAskedAgainWhenItComesBack() throws {
        let offer = try recordedOffer()
        var store = TestStore<Reducer>(try interactive())
        store.send(.appeared(now: searchTime)) {
            $0.step = .checking
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 1
        }
        store.send(.disappeared, effects: [])
        store.send(.offerRead(id: 1, .failure(.cancelled), now: searchTime), effects: [.note(.progressEnded)]) {
            $0.checking = nil
            $0.knownBeforeCheck = nil
        }
        #expect(store.state.step == .checking)
        store.send(.appeared(now: searchTime), effects: [
            .note(.progress("Checking the offer with the airline…")), .run(.check(id: 2, offerID: offer.id)),
        ]) {
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 2
        }
    }

    @Test func aFailedCheckOffersToTryAgain() throws {
        let offer = try recordedOffer()
        var store = TestStore<Reducer>(try interactive())
        store.send(.appeared(now: searchTime)) {
            $0.step = .checking
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 1
        }
        store.send(.offerRead(id: 1, .failure(.timedOut), now: searchTime), effects: [
            .note(.progressEnded),
            .note(.error("The offer could not be checked: The flight service did not answer in time.",
                         suggestion: ServiceError.timedOut.suggestion)),
        ]) {
            $0.step = .recheckFailed(next: .details)
            $0.checking = nil
            $0.knownBeforeCheck = nil
        }
        #expect(Reducer.question(store.state)?.helped(by: []) == .choice(
            "The offer could not be checked.", ["Try again", "Back to the offers"]))
        store.send(.chose(0), effects: [
            .note(.progress("Checking the offer with the airline…")), .run(.check(id: 2, offerID: offer.id)),
        ]) {
            $0.step = .checking
            $0.checking = .details
            $0.knownBeforeCheck = offer
            $0.checkID = 2
        }
    }

    // MARK: Passenger details

    @Test func aWrongAnswerIsAskedAgainAndNothingElseChanges() throws {
        var store = TestStore<Reducer>(try filledIn(at: .field(passenger: 0, field: .email)))
        let asked = Reducer.question(store.state)?.helped(by: [])
        store.send(.entered("imogen@example"), effects: [
            .note(.error("\"imogen@example\" does not look like an email address (name@example.com).", suggestion: nil)),
        ])
        #expect(Reducer.question(store.state)?.helped(by: []) == asked)
    }

    @Test func theLastFieldLeadsToTheReview() throws {
        var store = TestStore<Reducer>(try filledIn(at: .field(passenger: 0, field: .phoneNumber)))
        var expected = try filledIn(at: .review)
        expected.drafts[0].phoneNumber = "+442079460999"
        store.send(.entered("+44 20 7946 0999"), effects: [.print(expected.review(offer: try recordedOffer()).blocks)]) {
            $0 = expected
        }
        #expect(Reducer.question(store.state)?.helped(by: []) == .choice(
            "What next?",
            [
                "Book and pay £412.50 now", "Hold it now and pay £412.50 by Wed 25 Nov 2026 10:15 GMT", "Add bags",
                "Change passenger 1 (Ms Imogen Fairweather)", "Back to the offers",
            ]))
    }

    @Test func theEndOfTheInputInTheDetailsSaysNothingWasBooked() throws {
        var store = TestStore<Reducer>(try filledIn(at: .field(passenger: 0, field: .email)))
        store.send(.inputEnded, effects: [
            .note(.message(Notice(.warning, "The input ended before the booking was made: nothing was booked."))),
        ]) {
            $0.stopped = true
        }
        #expect(Reducer.question(store.state)?.helped(by: []) == nil)
        var booked = TestStore<Reducer>(try filledIn(at: .booked(try FixtureFile.order.decode(DataEnvelope<Order>.self).data)))
        booked.send(.inputEnded, effects: []) { $0.stopped = true }
    }

    @Test func eachInputMeansWhatTheStepAsks() throws {
        let review = try filledIn(at: .review)
        #expect(Reducer.action(for: .chose(2), in: review) == .chose(2))
        #expect(Reducer.action(for: .back, in: review) == .back)
        #expect(Reducer.action(for: .interrupted, in: review) == .interrupted)
        #expect(Reducer.action(for: .ended, in: review) == .inputEnded)
        let field = try filledIn(at: .field(passenger: 0, field: .email))
        #expect(Reducer.action(for: .line("a@b.example"), in: field) == .entered("a@b.example"))
        let confirm = try filledIn(at: .confirmBooking(.instant))
        #expect(Reducer.action(for: .line("Y"), in: confirm) == .confirmed(true))
        #expect(Reducer.action(for: .line(""), in: confirm) == .confirmed(false))
        #expect(Reducer.problem(with: "maybe", in: confirm) == "Please answer y or n.")
        #expect(Reducer.problem(with: "no", in: confirm) == nil)
        #expect(Reducer.question(confirm)?.commits == true)
        let booked = try filledIn(at: .booked(try FixtureFile.order.decode(DataEnvelope<Order>.self).data))
        #expect(Reducer.action(for: .line(""), in: booked) == .acknowledged)
    }

    // MARK: Booking

    @Test func confirmingChecksThePriceThenBooks() throws {
        let offer = try recordedOffer()
        var store = TestStore<Reducer>(try filledIn(at: .confirmBooking(.instant)))
        store.send(.confirmed(true), effects: [
            .note(.progress("Checking the price once more before booking…")),
            .run(.check(id: 1, offerID: offer.id)),
        ]) {
            $0.step = .booking(.instant)
            $0.checking = .book(.instant)
            $0.knownBeforeCheck = offer
            $0.checkID = 1
        }
        let passengers = try #require(store.state.passengerDetails)
        store.send(.offerRead(id: 1, .success(offer), now: searchTime), effects: [
            .note(.progressEnded),
            Reducer.bookingProgress("Booking…"),
            .run(.book(OfferBooking(
                offer: offer, passengers: passengers, slots: store.state.slots, type: .instant, lookUpFirst: false,
                total: offer.totalAmount))),
        ]) {
            $0.checking = nil
            $0.knownBeforeCheck = nil
        }
        #expect(FlightSummaryWork.book(OfferBooking(
            offer: offer, passengers: passengers, slots: [], type: .instant, lookUpFirst: false)).isShielded)
        #expect(!FlightSummaryWork.check(id: 1, offerID: offer.id).isShielded)
    }

    @Test func aBookingMadeIsShownAndLeadsToTheBookings() throws {
        let order = try FixtureFile.order.decode(DataEnvelope<Order>.self).data
        var store = TestStore<Reducer>(try filledIn(at: .booking(.instant)))
        var expected = try filledIn(at: .booked(order))
        expected.now = afterExpiry
        expected.booked = FlightSummaryBooked(order: order, storeProblem: nil)
        store.send(.bookingEnded(.booked(order, recovered: false, storeProblem: nil), now: afterExpiry), effects: [
            // The composer is told at once, before the booking is shown or anything more asked.
            .note(.progressEnded), .leave(.booked(order)), .print(expected.bookingViewModel(order, storeProblem: nil).blocks),
        ]) {
            $0 = expected
        }
        #expect(Reducer.question(store.state)?.helped(by: []) == .line("Press Enter to continue. "))
        var named = store.state
        named.input.afterBooking = "see your bookings"
        #expect(Reducer.question(named)?.helped(by: []) == .line("Press Enter to see your bookings. "))
        store.send(.acknowledged, effects: [.leave(.finished(order))]) { $0.stopped = true }
        #expect(Reducer.question(store.state)?.helped(by: []) == nil)
    }

    @Test(arguments: [OrderType.instant, .hold])
    func anOrderAnsweredAwaitingPaymentIsShownPaidOnlyWhenPaidWithTheBooking(_ type: OrderType) throws {
        var state = try filledIn(at: .booking(type))
        var order = try FixtureFile.order.decode(DataEnvelope<Order>.self).data
        order.paymentStatus = PaymentStatus(awaitingPayment: true)
        let effects = Reducer.reduce(&state, .bookingEnded(.booked(order, recovered: false, storeProblem: nil), now: afterExpiry))
        let shown = state.bookingViewModel(type == .instant ? order.paidWithBooking() : order, storeProblem: nil)
        #expect(effects.dropFirst(2).first == .print(shown.blocks))
        #expect(shown.headline.hasPrefix(type == .instant ? "Booked:" : "Held:"), "\(shown.headline)")
        #expect(state.booked?.order == order, "the API's order is kept as it came")
    }

    @Test func aRefusedDetailIsAskedAgainAloneThenTheReviewComesBack() throws {
        var state = try filledIn(at: .booking(.instant))
        let refusal = FixtureFile.errorValidation.error
        let effects = Reducer.reduce(&state, .bookingEnded(.refused(refusal, storeProblem: nil), now: searchTime))
        guard case .field(0, let field) = state.step else {
            Issue.record("expected a field of passenger 1, got \(state.step)")
            return
        }
        #expect(state.editing == .field(0, field))
        #expect(effects.contains(.note(.message(Notice(.info, "Correct it and book again; the other details are kept.")))))
        #expect(Reducer.question(state)?.prompt == FlightSummaryState.question(for: field) + " ")
        let answer = try #require(state.drafts[0].text(of: field))
        _ = Reducer.reduce(&state, .entered(answer))
        #expect(state.step == .review)
        #expect(state.editing == nil)
    }

    @Test func aLostAnswerWithNoOrderOffersToLookFirst() throws {
        var store = TestStore<Reducer>(try filledIn(at: .booking(.hold)))
        store.send(.bookingEnded(.notFound(.timedOut, storeProblem: nil), now: searchTime)) {
            $0.step = .lostAnswer(.hold)
        }
        let passengers = try #require(store.state.passengerDetails)
        store.send(.chose(0), effects: [
            Reducer.bookingProgress("Looking for the booking first…"),
            .run(.book(OfferBooking(
                offer: try recordedOffer(), passengers: passengers, slots: store.state.slots, type: .hold,
                lookUpFirst: true, total: try recordedOffer().totalAmount))),
        ]) {
            $0.step = .booking(.hold)
        }
    }

    @Test func aLostAnswerIsNeverSaidNotBookedWhenTheInputEnds() throws {
        var state = try filledIn(at: .booking(.instant))
        _ = Reducer.reduce(&state, .bookingEnded(.notFound(.timedOut, storeProblem: nil), now: searchTime))
        let effects = Reducer.reduce(&state, .inputEnded)
        let said = "\(effects)"
        #expect(!said.contains("nothing was booked"), "\(said)")
        #expect(said.contains("kept as pending on this machine"), "\(said)")
        #expect(state.stopped)
    }

    @Test func aBookingAnEarlierAttemptMadeIsToldToTheComposerAtOnce() throws {
        var state = try filledIn(at: .booking(.instant))
        let offer = try recordedOffer()
        let record = BookingRecord(
            bookingKey: "key-1", offerID: offer.id, orderID: "ord_1", bookingReference: "ABC123", backend: "fixtures",
            legs: [], passengers: ["Imogen Fairweather"], total: offer.totalAmount, state: .confirmed,
            createdAt: searchTime, updatedAt: searchTime)
        let effects = Reducer.reduce(
            &state, .bookingEnded(.madeEarlier(record, readProblem: .timedOut), now: searchTime))
        #expect(effects.contains(.leave(.madeEarlier(record))))
        #expect(state.step == .lostAnswer(.instant))
    }

    // MARK: Seats, from the router

    @Test func seatsHandedBackAfterTheScreenCameBackAreShownAtOnce() throws {
        let offer = try recordedOffer()
        var start = try filledIn(at: .review)
        start.seatsOffered = true
        var store = TestStore<Reducer>(start)
        let option = try #require(store.state.reviewOptions.firstIndex(of: .seats))
        store.send(.chose(option), effects: [.leave(.seats(offer, chosen: []))]) { $0.stopped = true }
        #expect(Reducer.question(store.state)?.helped(by: []) == nil)
        // Covered by the seats screen, then shown again before the router answers.
        store.send(.disappeared, effects: [])
        store.send(.appeared(now: searchTime), effects: [
            .print(start.summary(offer).blocks), .print(start.review(offer: offer).blocks),
        ]) {
            $0.stopped = false
        }
        let seat = SeatChoice(
            segmentId: offer.slices[0].segments[0].id, passengerId: offer.passengers[0].id, designator: "32A",
            serviceId: "ase_seat", price: Money(amount: 18, currency: "GBP"))
        var withSeat = store.state
        withSeat.extras.seats = [seat]
        store.send(.seatsChosen([seat]), effects: [.print(withSeat.review(offer: offer).blocks)]) {
            $0.extras.seats = [seat]
        }
        #expect(Reducer.question(store.state)?.prompt == "What next?")
    }

    // MARK: Unattended

}
