import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary

/// Seats and bags from the review: the bags asked one by one with their limits, the seats handed back by the seats
/// screen, the total with them, and the order's services and payment.
@Suite("FlightSummary extras")
struct FlightSummaryExtrasTests {
    private typealias Reducer = FlightSummaryReducer

    /// The recorded offer (one adult, an extra 23 kg bag at £20.00, at most 1) at the review, details given.
    private func atReview(seatsOffered: Bool = false) throws -> FlightSummaryState {
        let offer = try recordedOffer()
        var state = FlightSummaryState(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch), storeLocation: "memory",
            timeZone: utc, now: searchTime, seatsOffered: seatsOffered)
        state.offer = offer
        state.slots = PassengerSlot.slots(for: offer, search: oneWaySearch)
        var draft = PassengerDraft()
        for (field, answer) in zip(PassengerField.asked(documentsRequired: false), imogenAnswers) {
            _ = state.rules.accept(answer, for: field, slot: state.slots[0], offer: offer, into: &draft)
        }
        state.drafts = [draft]
        state.step = .review
        return state
    }

    @Test("bags: asked with the price, the weight, what is included and the limit; too many is refused; the total grows")
    func bags() throws {
        var state = try atReview()
        let bagOption = try #require(state.reviewOptions.firstIndex(of: .bags))
        #expect(state.label(for: .bags) == "Add bags")
        _ = Reducer.reduce(&state, .chose(bagOption))
        #expect(state.step == .bag(group: 0, flight: nil))
        #expect(Reducer.question(state)?.helped(by: []) == .line(
            "Passenger 1 (Adult) · LHR → JFK: checked bag up to 23 kg, £20.00 each (1 included).\nHow many to add (0–1)? ",
            default: "0"))

        let tooMany = Reducer.reduce(&state, .entered("2"))
        #expect(tooMany == [
            .note(.error("At most 1 bag of this kind can be added.", suggestion: "Give a number from 0 to 1.")),
        ])
        #expect(state.step == .bag(group: 0, flight: nil))
        #expect(state.extras.bags.isEmpty)
        _ = Reducer.reduce(&state, .entered("many"))
        #expect(state.extras.bags.isEmpty)

        let added = Reducer.reduce(&state, .entered("1"))
        let offer = try recordedOffer()
        #expect(state.step == .review)
        #expect(state.extras.bags == [SelectedService(id: "ase_0000Bt4BwJ0hul7H4PR9MS", quantity: 1)])
        #expect(state.totalToPay == Money(amount: 432.5, currency: "GBP"))
        #expect(state.extrasRows == [
            KeyValueList.Row("Bags", "1 checked bag for passenger 1 on LHR → JFK, £20.00"),
            KeyValueList.Row("Total with extras", "£432.50"),
        ])
        #expect(added.first == .print(state.review(offer: offer).blocks))
        #expect(state.label(for: .book(.instant)) == "Book and pay £432.50 now")
        #expect(state.label(for: .bags) == "Change bags (1 extra bag)")

        // Booking sends the bag as a service and pays the fare and the bag.
        state.step = .booking(.instant)
        let effects = Reducer.book(&state, .instant, lookUpFirst: false)
        guard case .run(.book(let booking))? = effects.last else {
            Issue.record("no booking: \(effects)")
            return
        }
        #expect(booking.services == [SelectedService(id: "ase_0000Bt4BwJ0hul7H4PR9MS", quantity: 1)])
        #expect(booking.total == Money(amount: 432.5, currency: "GBP"))
    }

    @Test("seats: offered when the composer shows seat maps, handed over with those chosen, kept when they come back")
    func seats() throws {
        #expect(try !atReview().reviewOptions.contains(.seats))
        var state = try atReview(seatsOffered: true)
        let offer = try recordedOffer()
        let seatsOption = try #require(state.reviewOptions.firstIndex(of: .seats))
        #expect(state.label(for: .seats) == "Choose seats")
        let leaving = Reducer.reduce(&state, .chose(seatsOption))
        #expect(leaving == [.leave(.seats(offer, chosen: []))])
        #expect(Reducer.question(state)?.helped(by: []) == nil)
        #expect(state.step == .review)

        let seat = SeatChoice(
            segmentId: offer.slices[0].segments[0].id, passengerId: offer.passengers[0].id, designator: "32A",
            serviceId: "ase_seat", price: Money(amount: 18, currency: "GBP"))
        #expect(Reducer.reduce(&state, .seatsChosen([seat])).isEmpty)
        #expect(state.extras.seats == [seat])
        #expect(state.label(for: .seats) == "Change seats (1 seat chosen, £18.00)")
        #expect(state.extrasRows.first == KeyValueList.Row("Seat", "32A for passenger 1 on ZZ117 LHR → JFK, £18.00"))
        // Coming back shows the review again, with the seat.
        let back = Reducer.reduce(&state, .appeared(now: searchTime))
        #expect(back.contains(.print(state.review(offer: offer).blocks)))
        #expect(Reducer.question(state)?.prompt == "What next?")
        #expect(state.review(offer: offer).extras.last == KeyValueList.Row("Total with extras", "£430.50"))
    }

    @Test("the order carries the services and is paid with them; a hold pays nothing now and carries none")
    func orderCreation() throws {
        let offer = try recordedOffer()
        let work = FlightSummaryServices(
            offers: FixtureOfferService(), orders: FixtureOrderService(), bookings: FixtureBookingStore(),
            backend: "fixtures", now: { searchTime }, timeZone: utc, makeBookingKey: { "key" })
        let services = [SelectedService(id: "ase_seat"), SelectedService(id: "ase_bag", quantity: 2)]
        let total = Money(amount: 470.5, currency: "GBP")
        let slots = PassengerSlot.slots(for: offer, search: oneWaySearch)
        let instant = work.orderCreation(
            offer: offer, passengers: [], slots: slots, type: .instant, key: "k", services: services, total: total)
        #expect(instant.services == services)
        #expect(instant.payments.map(\.amount) == [total])
        let hold = work.orderCreation(
            offer: offer, passengers: [], slots: slots, type: .hold, key: "k", services: services, total: total)
        #expect(hold.payments.isEmpty)
        #expect(hold.services.isEmpty)
    }

    @Test("where seats can be chosen, Book this offer? takes s for seats first; coming back asks it again, seats shown")
    func seatsBeforeDetails() throws {
        let offer = try recordedOffer()
        var state = FlightSummaryState(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch), storeLocation: "memory",
            timeZone: utc, now: searchTime, seatsOffered: true)
        state.offer = offer
        state.slots = PassengerSlot.slots(for: offer, search: oneWaySearch)
        state.drafts = [PassengerDraft()]
        state.step = .continueToDetails
        let asked = ScreenQuestion.keys(
            "Book this offer? y yes · n no · s seats first · Enter yes")
        #expect(Reducer.question(state)?.helped(by: []) == asked)
        #expect(Reducer.reduce(&state, .entered("maybe")) == [
            .note(.error("Answer y to go on, n to go back to the offers, or s to choose seats first.", suggestion: nil)),
        ])
        #expect(Reducer.reduce(&state, .entered("s")) == [.leave(.seats(offer, chosen: []))])
        let seat = SeatChoice(
            segmentId: offer.slices[0].segments[0].id, passengerId: offer.passengers[0].id, designator: "36B",
            serviceId: "ase_seat", price: Money(amount: 0, currency: "GBP"))
        _ = Reducer.reduce(&state, .seatsChosen([seat]))
        let back = Reducer.reduce(&state, .appeared(now: searchTime))
        #expect(back.contains(.note(.message(Notice(
            .success, "Seats chosen: 36B; they are booked with the offer (the review shows them).")))))
        #expect(Reducer.question(state)?.helped(by: []) == asked)
        _ = Reducer.reduce(&state, .entered(""))
        #expect(state.step == .field(passenger: 0, field: .title))
        #expect(state.extras.seats == [seat])
        var declined = state
        declined.step = .continueToDetails
        #expect(Reducer.reduce(&declined, .entered("n")) == [.leave(.availability)])
    }

    // MARK: A passengers file's seats and bags

}
