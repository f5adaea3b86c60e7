import Entities
import Foundation
import Services
import Trips

/// The airline's schedule change to a booking, answered from it: the change shown beside the booking's flights,
/// accepted once the traveller confirms. A lost answer is resolved by listing the order's changes, never
/// by accepting twice. Changing to another flight and cancelling go through their own screens.
extension FlightBookingsReducer {
    /// Whether `a` accepts the waiting change of `booking` from here.
    static func canAcceptChange(_ booking: Booking, in state: State) -> Bool {
        booking.canAcceptAirlineChange(acceptsAirlineChanges: state.acceptsAirlineChanges)
    }

    /// Asks to accept the open booking's waiting change, unless there is none it can accept.
    static func startAcceptingChange(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        let reference = booking.reference ?? ""
        guard let change = booking.waitingAirlineChange else {
            let order = booking.shownOrder
            if order?.airlineInitiatedChanges.contains(where: { $0.actionTaken == .accepted }) == true,
               order?.pendingAirlineChanges.isEmpty == true {
                return [message(.info, "The airline's change to booking \(reference) is already accepted: it flies the new times.")]
            }
            let why = booking.otherBackend.map { "it was booked through \($0), and this run talks to \(state.backend)" }
                ?? (order == nil ? "its order could not be read from the flight service" : nil)
            guard let why else {
                return [error("Booking \(reference) has no schedule change from the airline waiting for an answer.")]
            }
            return [error("The airline's changes to booking \(reference) cannot be answered from here: \(why).")]
        }
        guard canAcceptChange(booking, in: state) else {
            let offered = change.availableActions.map(\.rawValue).joined(separator: ", ")
            return [error(
                "The airline's change to booking \(reference) cannot be accepted here (it offers: \(offered.isEmpty ? "nothing through the API" : offered)).",
                suggestion: "Move to another flight with `flights change \(reference)`, cancel with `flights cancel \(reference)`, or call the airline.")]
        }
        state.step = .confirmAcceptChange(change)
        return []
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
            let how = recovered ? " (its answer did not come through; the airline's list of changes shows it accepted)" : ""
            effects.append(message(.success, "Booking \(booking.reference ?? reference) now flies the airline's new times\(how)."))
            return effects + show(&state, booking)
        case .notAccepted(let failure):
            effects.append(error(
                "The airline's change to booking \(reference) was not accepted: \(failure.message)", suggestion: failure.suggestion))
            return backToBooking(&state, effects)
        case .unknown(let failure, let lookup):
            let text = "The airline's change to booking \(reference) may have been accepted: the answer was lost (\(failure.message)) and its changes could not be read again (\(lookup.message))."
            effects.append(error(text, suggestion: "Check with `flights booking \(reference)` before accepting again."))
            return backToBooking(&state, effects)
        }
    }

    /// The traveller said no (or Esc).
    static func declineChange(_ state: inout State) -> [Effect] {
        backToBooking(&state, [message(.info, "Not accepted: the airline's change still waits for an answer.")])
    }
}
