import Entities
import FixtureServices
import Foundation
import ModuleCore
import Services
import TerminalUI
import Testing
@testable import Trips
@testable import FlightSummary

/// Duffel takes no services with a hold ("do not specify payments or services keys"): a hold with seats or bags,
/// from the review or a passengers file, is refused before anything is sent, saying how to go on.
@MainActor
@Suite("FlightSummary holds with extras")
struct FlightSummaryHoldExtrasTests {
    private typealias Reducer = FlightSummaryReducer
    private let orders = FixtureOrderService()
    private let router = SpyRouter()

    private func screen(_ input: FlightSummaryInput, on terminal: VirtualTerminal) -> any Screen {
        FlightSummaryBuilder(
            offers: FixtureOfferService(), orders: orders, bookings: FixtureBookingStore(), backend: "fixtures",
            now: { searchTime }, timeZone: utc, makeBookingKey: { "key-1" }
        ).build(input: input, router: router, terminal: terminal)
    }

    private func isBooking(_ effect: FlightSummaryEffect) -> Bool {
        if case .run(.book) = effect { true } else { false }
    }

    @Test("holding from the review with a bag chosen is refused there; booking and paying now still goes on")
    func reviewWithBagsHeld() throws {
        let offer = try recordedOffer()
        var state = FlightSummaryState(
            input: FlightSummaryInput(offerID: offer.id, offer: offer, search: oneWaySearch), storeLocation: "memory",
            timeZone: utc, now: searchTime)
        state.offer = offer
        state.slots = PassengerSlot.slots(for: offer, search: oneWaySearch)
        var draft = PassengerDraft()
        for (field, answer) in zip(PassengerField.asked(documentsRequired: false), imogenAnswers) {
            _ = state.rules.accept(answer, for: field, slot: state.slots[0], offer: offer, into: &draft)
        }
        state.drafts = [draft]
        state.step = .review
        state.extras.bags = [SelectedService(id: "ase_0000Bt4BwJ0hul7H4PR9MS", quantity: 1)]

        let hold = try #require(state.reviewOptions.firstIndex(of: .book(.hold)))
        let refused = Reducer.reduce(&state, .chose(hold))
        #expect(refused.first == .note(.error(
            Reducer.heldExtrasProblem,
            suggestion: "Book and pay now to keep the seats and bags, or choose none to hold the fare and add them to the booking afterwards (x and s on it).")))
        #expect(state.step == .review)
        // Reached another way (a retry, a new price accepted), the booking itself refuses it too.
        #expect(!Reducer.book(&state, .hold, lookUpFirst: false).contains(where: isBooking))
        #expect(state.step == .review)

        let instant = try #require(state.reviewOptions.firstIndex(of: .book(.instant)))
        _ = Reducer.reduce(&state, .chose(instant))
        #expect(state.step == .confirmBooking(.instant))
        #expect(Reducer.book(&state, .instant, lookUpFirst: false).contains(where: isBooking))
    }
}
