import Entities
import Trips
import Foundation
import ModuleCore
import TerminalUI
import TravelText

/// What the change screen shows and asks, and what an input means: pure functions of the state.
extension FlightChangeReducer: ScreenFeature {
    typealias Work = FlightChangeWork
    typealias Route = FlightChangeRoute

    static func screen(_ state: FlightChangeState) -> ScreenModel {
        let back = state.isInteractive ? "Esc" : "b"
        guard let order = state.order else { return ScreenModel() }
        var page: [ScreenBlock] = [.header("Change booking \(state.reference)")]
        let question: ScreenQuestion?
        switch state.step {
        case .start, .finding, .searching, .rechecking, .confirming, .finished:
            return ScreenModel()
        case .chooseFlights:
            page += ChangeText.bookingFlights(order)
            question = .line("Which flights move? (1, 2, or all; \(back) back): ", help: [
                .text("Type the number of each flight to move to another day: 1, 2, 1 2, or all."),
                .text("The next questions ask for each one's new day, then the cabin."),
            ])
        case .chooseDay(let index):
            let slices = state.movingSlices
            guard slices.indices.contains(index) else { return ScreenModel() }
            let slice = slices[index]
            let name = legName(slice, in: order).lowercased()
            page.append(.text("Moving the \(name): \(ChangeText.flight(slice))", indent: 2))
            let booked = ChangePlan.bookedDay(slice).map { " (booked \(TravelFormat.day($0, withYear: false)))" } ?? ""
            question = .line("New day for the \(name)\(booked): ", help: [
                .text("A day as the search takes it: 2026-12-21, 21 dec, fri, next fri, or +3 (days after the booked one)."),
            ])
        case .chooseCabin:
            page += state.movingSlices.map { .text("Moving: \(ChangeText.flight($0)) to \(state.newDays[$0.id].map { TravelFormat.day($0, withYear: false) } ?? "?")", indent: 2) }
            let kept = state.cabin?.displayName.lowercased() ?? "the booked cabin"
            question = .line("Cabin (Enter keeps \(kept)): ", help: [
                .text("economy, premium, business or first; Enter keeps \(kept)."),
            ])
        case .offers:
            page = ChangeText.offerBlocks(reference: state.reference, offers: state.offers)
            question = .line("Offer to take (1 to \(state.offers.count); \(back) back): ", help: [
                .text("Each row is a way to move the booking: its new flights, the fare difference, the airline's change fee and the total to pay (or to get back)."),
                .text("Type its number to see the airline's price now, then confirm."),
            ])
        case .confirm:
            page = changeBlocks(state)
            let total = state.total.map { ChangeText.cost(total: $0, penalty: nil) } ?? "the total shown"
            question = .keys("Change the booking, \(total)? y yes · n no · Enter yes", commits: true, help: [
                .text("y sends the change to the airline (and pays the total, if there is one to pay); n keeps the booking as it is."),
            ])
        }
        if let problem = state.problem { page.append(.notice(Notice(.warning, problem))) }
        return ScreenModel(page: page, question: question)
    }

    static func action(for input: ScreenInput, in state: FlightChangeState) -> FlightChangeAction? {
        switch input {
        case .key(.character("y")), .key(.character("Y")), .key(.enter): state.step == .confirm ? .answered(true) : nil
        case .key(.character("n")), .key(.character("N")): state.step == .confirm ? .answered(false) : nil
        case .key, .chose: nil
        case .line(let line): .entered(line)
        case .back: .back
        case .interrupted: .interrupted
        case .ended: .inputEnded
        }
    }

    /// The change to confirm, as the state holds it.
    static func changeBlocks(_ state: FlightChangeState) -> [ScreenBlock] {
        guard let offer = state.chosen else { return [] }
        return ChangeText.changeBlocks(
            reference: state.reference, offer: offer, moving: state.movingSlices, total: state.total,
            penalty: state.change?.penaltyTotalAmount)
    }

    /// `Outbound`, `Return`, `Leg 2`: the slice's name in its booking.
    static func legName(_ slice: Slice, in order: Order) -> String {
        let names = TravelFormat.legNames(order.slices)
        return order.slices.firstIndex(of: slice).map { names[$0] } ?? "Flight"
    }
}
