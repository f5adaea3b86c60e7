import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import FlightSummary

/// The reducer as a function: given a state and an action, the whole new state and the exact effects.
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

    private func prompt(_ state: FlightSummaryState) -> FlightSummaryEffect { .show(.prompt(state.prompt)) }

    // MARK: Checking the offer

    @Test func appearingChecksTheOfferItCameWith() throws {
        var state = try interactive()
        let offer = try recordedOffer()
        let effects = Reducer.reduce(&state, .appeared(now: afterExpiry))
        var expected = try interactive()
        expected.now = afterExpiry
        expected.step = .checking
        expected.checking = .details
        expected.checkID = 1
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progress("Checking the offer with the airline…"))),
            .check(id: 1, offerID: offer.id, known: offer),
        ])
    }

    @Test func aCurrentOfferIsShownAndDetailsAreOffered() throws {
        var state = try interactive()
        _ = Reducer.reduce(&state, .appeared(now: searchTime))
        let offer = try recordedOffer()
        let effects = Reducer.reduce(&state, .checked(id: 1, .current(offer), now: searchTime))
        var expected = try interactive()
        expected.step = .continueToDetails
        expected.checkID = 1
        expected.offer = offer
        expected.slots = [PassengerSlot(index: 0, id: offer.passengers[0].id, type: .adult, age: nil)]
        expected.drafts = [PassengerDraft()]
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)),
            .show(.summary(expected.summary(offer))),
            .show(.note(.message(Notice(.success, "Price checked with the airline: £412.50 in total.")))),
            .show(.prompt(.confirm(question: "Book this offer? Passenger details come next.", default: true))),
        ])
    }

    @Test func anAnswerToAnOlderCheckIsDropped() throws {
        var state = try interactive()
        _ = Reducer.reduce(&state, .appeared(now: searchTime))
        _ = Reducer.reduce(&state, .checked(id: 1, .failed(.cancelled), now: searchTime))
        _ = Reducer.reduce(&state, .appeared(now: searchTime))
        let before = state
        #expect(Reducer.reduce(&state, .checked(id: 1, .current(try recordedOffer()), now: afterExpiry)) == [])
        #expect(state == before)
        #expect(state.checkID == 2)
        #expect(state.step == .checking)
    }

    @Test func aCheckCutOffByTheScreenGoingIsAskedAgainWhenItComesBack() throws {
        var state = try interactive()
        _ = Reducer.reduce(&state, .appeared(now: searchTime))
        #expect(Reducer.reduce(&state, .checked(id: 1, .failed(.cancelled), now: searchTime)) == [.show(.note(.progressEnded))])
        #expect(state.step == .checking)
        #expect(state.checking == nil)
        let effects = Reducer.reduce(&state, .appeared(now: searchTime))
        #expect(effects.last == .check(id: 2, offerID: try recordedOffer().id, known: try recordedOffer()))
    }

    @Test func aFailedCheckOffersToTryAgain() throws {
        var state = try interactive()
        _ = Reducer.reduce(&state, .appeared(now: searchTime))
        let effects = Reducer.reduce(&state, .checked(id: 1, .failed(.timedOut), now: searchTime))
        #expect(state.step == .recheckFailed(next: .details))
        #expect(effects == [
            .show(.note(.progressEnded)),
            .show(.note(.error("The offer could not be checked: The flight service did not answer in time.",
                         suggestion: ServiceError.timedOut.suggestion))),
            .show(.prompt(.choice(title: "The offer could not be checked.", options: ["Try again", "Back to the offers"], default: 0))),
        ])
        let retry = Reducer.reduce(&state, .chose(0))
        #expect(state.step == .checking)
        #expect(retry.last == .check(id: 2, offerID: try recordedOffer().id, known: try recordedOffer()))
    }

    // MARK: Passenger details

    @Test func aWrongAnswerIsAskedAgainAndNothingElseChanges() throws {
        var state = try filledIn(at: .field(passenger: 0, field: .email))
        let before = state
        let effects = Reducer.reduce(&state, .entered("imogen@example"))
        #expect(state == before)
        #expect(effects == [
            .show(.note(.error("\"imogen@example\" does not look like an email address (name@example.com).", suggestion: nil))),
            prompt(before),
        ])
    }

    @Test func theLastFieldLeadsToTheReview() throws {
        var state = try filledIn(at: .field(passenger: 0, field: .phoneNumber))
        let effects = Reducer.reduce(&state, .entered("+44 20 7946 0999"))
        var expected = try filledIn(at: .review)
        expected.drafts[0].phoneNumber = "+442079460999"
        #expect(state == expected)
        #expect(effects == [.show(.review(expected.review(offer: try recordedOffer()))), prompt(expected)])
        #expect(expected.prompt == .choice(
            title: "What next?",
            options: [
                "Book and pay £412.50 now", "Hold it now and pay £412.50 by Wed 25 Nov 2026 10:15 GMT", "Add bags",
                "Change passenger 1 (Ms Imogen Fairweather)", "Back to the offers",
            ],
            default: 0))
    }

    @Test func theEndOfTheInputInTheDetailsSaysNothingWasBooked() throws {
        var state = try filledIn(at: .field(passenger: 0, field: .email))
        let before = state
        #expect(Reducer.reduce(&state, .inputEnded) == [
            .show(.note(.message(Notice(.warning, "The input ended before the booking was made: nothing was booked.")))),
        ])
        #expect(state == before)
        var booked = try filledIn(at: .booked(try FixtureFile.order.decode(DataEnvelope<Order>.self).data))
        #expect(Reducer.reduce(&booked, .inputEnded) == [])
    }

    // MARK: Booking

    @Test func confirmingChecksThePriceThenBooks() throws {
        var state = try filledIn(at: .confirmBooking(.instant))
        let offer = try recordedOffer()
        let checking = Reducer.reduce(&state, .confirmed(true))
        #expect(state.step == .booking(.instant))
        #expect(state.checking == .book(.instant))
        #expect(checking == [
            .show(.note(.progress("Checking the price once more before booking…"))),
            .check(id: 1, offerID: offer.id, known: offer),
        ])
        let booking = Reducer.reduce(&state, .checked(id: 1, .current(offer), now: searchTime))
        let passengers = try #require(state.passengerDetails)
        #expect(booking == [
            .show(.note(.progressEnded)),
            Reducer.bookingProgress("Booking…"),
            .book(FlightSummaryBooking(
                offer: offer, passengers: passengers, slots: state.slots, type: .instant, lookUpFirst: false,
                total: offer.totalAmount)),
        ])
    }

    @Test func aBookingMadeIsShownAndLeadsToTheBookings() throws {
        var state = try filledIn(at: .booking(.instant))
        let order = try FixtureFile.order.decode(DataEnvelope<Order>.self).data
        let effects = Reducer.reduce(&state, .bookingEnded(.booked(order, recovered: false, storeProblem: nil), now: afterExpiry))
        var expected = try filledIn(at: .booked(order))
        expected.now = afterExpiry
        expected.booked = FlightSummaryBooked(order: order, storeProblem: nil)
        #expect(state == expected)
        #expect(effects == [
            .show(.note(.progressEnded)), .show(.booking(expected.bookingViewModel(order, storeProblem: nil))),
            .show(.prompt(.acknowledge("Press Enter to see your bookings."))),
        ])
        #expect(Reducer.reduce(&state, .acknowledged) == [.show(.prompt(nil)), .navigate(.bookings(order))])
    }

    @Test(arguments: [OrderType.instant, .hold])
    func anOrderAnsweredAwaitingPaymentIsShownPaidOnlyWhenPaidWithTheBooking(_ type: OrderType) throws {
        var state = try filledIn(at: .booking(type))
        var order = try FixtureFile.order.decode(DataEnvelope<Order>.self).data
        order.paymentStatus = PaymentStatus(awaitingPayment: true)
        let effects = Reducer.reduce(&state, .bookingEnded(.booked(order, recovered: false, storeProblem: nil), now: afterExpiry))
        guard case .show(.booking(let shown))? = effects.dropFirst().first else {
            Issue.record("expected the booking shown, got \(effects)")
            return
        }
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
        #expect(effects.contains(.show(.note(.message(Notice(.info, "Correct it and book again; the other details are kept."))))))
        #expect(effects.last == prompt(state))
        let answer = try #require(state.drafts[0].text(of: field))
        _ = Reducer.reduce(&state, .entered(answer))
        #expect(state.step == .review)
        #expect(state.editing == nil)
    }

    @Test func aLostAnswerWithNoOrderOffersToLookFirst() throws {
        var state = try filledIn(at: .booking(.hold))
        _ = Reducer.reduce(&state, .bookingEnded(.notFound(.timedOut, storeProblem: nil), now: searchTime))
        #expect(state.step == .lostAnswer(.hold))
        let effects = Reducer.reduce(&state, .chose(0))
        let passengers = try #require(state.passengerDetails)
        #expect(effects == [
            Reducer.bookingProgress("Looking for the booking first…"),
            .book(FlightSummaryBooking(
                offer: try recordedOffer(), passengers: passengers, slots: state.slots, type: .hold, lookUpFirst: true,
                total: try recordedOffer().totalAmount)),
        ])
    }

    // MARK: Unattended

    @Test func unattendedWithoutYesShowsEverythingAndDeclines() throws {
        let offer = try recordedOffer()
        var state = state(FlightSummaryInput(
            offerID: offer.id, mode: .unattended(travellers: [imogen], assumeYes: false), output: .json))
        let checking = Reducer.reduce(&state, .appeared(now: searchTime))
        #expect(checking == [.show(.note(.progress("Checking offer \(offer.id)…"))), .check(id: 1, offerID: offer.id, known: nil)])
        let effects = Reducer.reduce(&state, .checked(id: 1, .current(offer), now: searchTime))
        let passengers = try rules().details(from: [imogen], offer: offer, slots: state.slots).get()
        #expect(state.step == .finished)
        #expect(state.offer == offer)
        #expect(effects == [
            .show(.note(.progressEnded)),
            .show(.summary(state.summary(offer))),
            .show(.review(state.review(offer: offer, passengers: passengers))),
            .show(.note(.message(Notice(.info, "Not booked. Run the same command with --yes to book and pay £412.50.")))),
            .show(.prompt(nil)),
            .navigate(.finished(.declined)),
        ])
    }

    @Test func unattendedNeverAcceptsAnotherTotal() throws {
        let offer = try recordedOffer()
        var state = state(FlightSummaryInput(
            offerID: offer.id, mode: .unattended(travellers: [imogen], assumeYes: true), acceptedTotal: 400))
        _ = Reducer.reduce(&state, .appeared(now: searchTime))
        let effects = Reducer.reduce(&state, .checked(id: 1, .current(offer), now: searchTime))
        let agreed = Money(amount: 400, currency: "GBP")
        #expect(effects.last == .navigate(.finished(.priceChanged(from: agreed, to: offer.totalAmount))))
        #expect(!effects.contains { if case .book = $0 { true } else { false } })
    }
}
