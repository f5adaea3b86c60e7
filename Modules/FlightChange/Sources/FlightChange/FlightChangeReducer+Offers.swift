import Entities
import Trips
import Foundation
import ModuleCore
import Services
import TerminalUI
import TravelText

/// The airline's change offers, one chosen and read again, its total confirmed, then sent once.
extension FlightChangeReducer {
    /// The change offers came, or the airline refused.
    static func searched(_ state: inout State, _ outcome: Outcome<[OrderChangeOffer], ServiceError>) -> [Effect] {
        guard state.step == .searching else { return [] }
        switch outcome {
        case .success(let offers) where offers.isEmpty:
            let text = "The airline has no flights for that change. Nothing was changed."
            state.step = .chooseDay(0)
            return [hideProgress, error(text, suggestion: "Choose another day.")]
        case .success(let offers):
            state.offers = offers
            state.step = .offers
            return [hideProgress]
        case .failure(let failure):
            let text = "The airline gave no way to change booking \(state.reference): \(failure.message)"
            state.step = .chooseDay(0)
            return [hideProgress, error(text, suggestion: failure.suggestion)]
        }
    }

    /// The offer numbered `text`.
    static func chooseOffer(_ state: inout State, _ text: String) -> [Effect] {
        guard let number = Int(text), state.offers.indices.contains(number - 1) else {
            state.problem = "Type an offer's number, 1 to \(state.offers.count)."
            return []
        }
        state.problem = nil
        return recheck(&state, state.offers[number - 1])
    }

    /// Reads `offer` again and makes a change from it: the total to confirm is the airline's as it stands.
    private static func recheck(_ state: inout State, _ offer: OrderChangeOffer) -> [Effect] {
        state.chosen = offer
        state.change = nil
        state.step = .rechecking
        return [progress("Checking the price with the airline…"), .run(.recheck(offerID: offer.id))]
    }

    /// The chosen offer, read again, and the change made from it.
    static func rechecked(_ state: inout State, _ recheck: ChangeRecheck) -> [Effect] {
        guard state.step == .rechecking, let listed = state.chosen else { return [] }
        switch recheck {
        case .ready(let offer, let change):
            state.chosen = offer
            state.change = change
            let now = change.changeTotalAmount ?? offer.changeTotalAmount
            state.movedFrom = now == listed.changeTotalAmount ? nil : listed.changeTotalAmount
            var effects: [Effect] = [hideProgress]
            if let old = state.movedFrom {
                effects.append(message(.warning, "The airline's price moved from \(old.formatted) to \(now.formatted)."))
            }
            return effects + askToConfirm(&state)
        case .expired:
            return [hideProgress] + searchAgain(&state)
        case .failed(let failure):
            state.chosen = nil
            let text = "That change could not be made: \(failure.message)"
            state.step = .offers
            return [hideProgress, error(text, suggestion: failure.suggestion)]
        }
    }

    /// An offer that expired before it was taken: the airline is asked again, once; then the traveller decides.
    private static func searchAgain(_ state: inout State) -> [Effect] {
        let text = "That change offer has expired."
        guard !state.searchedAgain else {
            state.step = .chooseDay(0)
            return [error(text, suggestion: "Choose the day again to see the airline's offers now.")]
        }
        state.searchedAgain = true
        return [message(.info, "\(text) Asking the airline again.")] + search(&state)
    }

    /// The change and its total, for the traveller to confirm.
    private static func askToConfirm(_ state: inout State) -> [Effect] {
        state.step = .confirm
        return []
    }

    /// Sends the confirmation, once.
    static func confirm(_ state: inout State) -> [Effect] {
        guard state.step == .confirm, let change = state.change, let orderID = state.order?.id else { return [] }
        state.step = .confirming
        let reference = state.reference
        return [
            .note(.change(PendingChange(
                "Changing booking \(reference)…",
                whenInterrupted: "Ctrl-C: the booking may have been changed — checking with the airline before stopping (Ctrl-C again stops now).",
                whenStopped: "Stopped before the airline answered: booking \(reference) may have been changed. `flights booking \(reference)` checks it."))),
            .run(.confirm(change, orderID: orderID)),
        ]
    }

    /// The traveller said no: back to the offers, nothing sent.
    static func decline(_ state: inout State) -> [Effect] {
        guard state.step == .confirm else { return [] }
        state.change = nil
        state.movedFrom = nil
        state.step = .offers
        return [message(.info, "Not changed.")]
    }

    /// How the confirmation ended.
    static func confirmed(_ state: inout State, _ confirmation: ChangeConfirmation) -> [Effect] {
        guard state.step == .confirming else { return [] }
        let reference = state.reference
        switch confirmation {
        case .changed(let change, let order, let recovered):
            if let order { state.order = order }
            state.change = change
            guard let order = state.order else { return [hideProgress] + finish(&state, .failed("The booking was not read.")) }
            let how = recovered ? " (the answer was lost; reading the change shows it made)" : ""
            var effects: [Effect] = [hideProgress, message(.success, "Booking \(reference) is changed\(how). \(ChangeText.moneyLine(change))")]
            effects.append(.print(ChangeText.bookingBlocks(order)))
            return effects + finish(&state, .changed(order))
        case .priceChanged(let change):
            let old = state.total
            state.change = change
            state.movedFrom = old
            let now = change.changeTotalAmount.map(\.formatted) ?? "a new total"
            let effects: [Effect] = [
                hideProgress, message(.warning, "Not changed: the airline's price moved from \(old.map(\.formatted) ?? "the total shown") to \(now)."),
            ]
            state.step = .confirm
            return effects
        case .expired:
            return [hideProgress] + searchAgain(&state)
        case .failed(let failure):
            let text = "Booking \(reference) was not changed: \(failure.message)"
            state.step = .offers
            state.change = nil
            return [hideProgress, error(text, suggestion: failure.suggestion)]
        case .unknown(let lost, let lookup):
            let text = "Booking \(reference) may have been changed: the answer was lost (\(lost.message)) and the change could not be read again (\(lookup.message))."
            return [hideProgress, error(text, suggestion: "Check with `flights booking \(reference)` before changing it again.")]
                + finish(&state, .failed(text))
        }
    }
}
