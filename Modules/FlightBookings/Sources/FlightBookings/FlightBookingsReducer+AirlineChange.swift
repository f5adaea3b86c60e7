import Entities
import Foundation
import Services
import Trips

/// The airline's schedule change to a booking, answered from it: the change shown beside the booking's flights,
/// accepted once the traveller (or `--yes`) confirms. A lost answer is resolved by listing the order's changes, never
/// by accepting twice. Changing to another flight and cancelling go through their own screens.
extension FlightBookingsReducer {
    /// The change of `booking` waiting for an answer, when there is one to show: of this API's order, not cancelled.
    static func waitingChange(_ booking: Booking) -> AirlineInitiatedChange? {
        guard booking.otherBackend == nil, let order = booking.shownOrder, order.cancelledAt == nil else { return nil }
        return order.pendingAirlineChanges.first
    }

    /// Whether `a` accepts the waiting change of `booking` from here.
    static func canAcceptChange(_ booking: Booking, in state: State) -> Bool {
        state.acceptsAirlineChanges && waitingChange(booking)?.availableActions.contains(.accept) == true
    }

    /// Asks to accept the open booking's waiting change, unless there is none it can accept.
    static func startAcceptingChange(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        let reference = booking.reference ?? ""
        guard let change = waitingChange(booking) else {
            let order = booking.shownOrder
            if order?.airlineInitiatedChanges.contains(where: { $0.actionTaken == .accepted }) == true,
               order?.pendingAirlineChanges.isEmpty == true {
                // Accepting what is accepted is done, not a failure: a script that retries must not loop.
                var effects = [message(.info, "The airline's change to booking \(reference) is already accepted: it flies the new times.")]
                if !state.isInteractive, state.input.presentation == .json, let order, let json = encode(order) {
                    effects.append(.note(.output(json)))
                }
                return effects + askOrFinish(&state, .done)
            }
            let why = booking.otherBackend.map { "it was booked through \($0), and this run talks to \(state.backend)" }
                ?? (order == nil ? "its order could not be read from the flight service" : nil)
            guard let why else {
                let text = "Booking \(reference) has no schedule change from the airline waiting for an answer."
                return [error(text)] + askOrFinish(&state, .notFound(reference: reference))
            }
            let text = "The airline's changes to booking \(reference) cannot be answered from here: \(why)."
            return [error(text)] + askOrFinish(&state, .failed(text))
        }
        guard canAcceptChange(booking, in: state) else {
            let offered = change.availableActions.map(\.rawValue).joined(separator: ", ")
            let text = "The airline's change to booking \(reference) cannot be accepted here (it offers: \(offered.isEmpty ? "nothing through the API" : offered))."
            return [error(text, suggestion: "Move to another flight with `flights change \(reference)`, cancel with `flights cancel \(reference)`, or call the airline.")]
                + askOrFinish(&state, .failed(text))
        }
        return askOrGoAhead(
            &state, asking: .confirmAcceptChange(change), notDone: "Not accepted.", yesTo: "accept the airline's new times"
        ) { acceptChange(&$0, change) }
    }

    /// Accepts `change` of the open booking.
    static func acceptChange(_ state: inout State, _ change: AirlineInitiatedChange) -> [Effect] {
        guard let booking = state.current else { return [] }
        return [
            changing("Accepting the airline's new times…", reference: booking.reference ?? "", what: "moved to the airline's new times"),
            .run(.acceptAirlineChange(change, booking)),
        ]
    }

    /// Accepting ended.
    static func airlineChangeAnswered(_ state: inout State, _ outcome: AirlineChangeOutcome) -> [Effect] {
        let reference = state.current?.reference ?? ""
        var effects: [Effect] = [hideProgress]
        switch outcome {
        case .accepted(let booking, let recovered):
            state.current = booking
            let how = recovered ? " (its answer did not come through; the airline's list of changes shows it accepted)" : ""
            effects.append(message(.success, "Booking \(booking.reference ?? reference) now flies the airline's new times\(how)."))
            if state.isInteractive { return effects + show(&state, booking) }
            if state.input.presentation == .json, let order = booking.order, let json = encode(order) {
                effects.append(.note(.output(json)))
            }
            effects.append(.print(state.detailBlocks(booking)))
            return effects + finish(&state, .done)
        case .notAccepted(let failure):
            effects.append(error(
                "The airline's change to booking \(reference) was not accepted: \(failure.message)", suggestion: failure.suggestion))
            return backToBooking(&state, effects, else: .failed(failure.message))
        case .unknown(let failure, let lookup):
            let text = "The airline's change to booking \(reference) may have been accepted: the answer was lost (\(failure.message)) and its changes could not be read again (\(lookup.message))."
            effects.append(error(text, suggestion: "Check with `flights booking \(reference)` before accepting again."))
            return backToBooking(&state, effects, else: .failed(text))
        }
    }

    /// The traveller said no (or Esc).
    static func declineChange(_ state: inout State) -> [Effect] {
        backToBooking(&state, [message(.info, "Not accepted: the airline's change still waits for an answer.")], else: .declined)
    }
}
