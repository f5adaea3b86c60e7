import Entities
import Foundation
import Services
import Trips

/// One booking: looking it up by reference, showing it, and what can be done from it.
extension FlightBookingsReducer {
    /// Looks up `reference` to show it.
    static func openBooking(_ state: inout State, reference: String) -> [Effect] {
        state.lookup = .show
        return [progress("Looking up booking \(reference.uppercased())…"), .run(.lookUp(reference: reference))]
    }

    /// A look-up by reference answered: the booking shown, or why not and the list.
    static func lookedUp(_ state: inout State, _ lookup: BookingLookup) -> [Effect] {
        let purpose = state.lookup ?? .show
        state.lookup = nil
        if purpose == .refresh {
            // Refreshing a booking found only at the flight service: keep it as it was unless it was found again.
            guard case .found(let found) = lookup else {
                return [hideProgress] + (state.current.map { show(&state, $0) } ?? openList(&state))
            }
            return [hideProgress] + show(&state, found)
        }
        let reference = requestedReference(state)
        switch lookup {
        case .found(let booking):
            return [hideProgress] + show(&state, booking)
        case .notFound:
            return [hideProgress, error(
                "There is no booking \(reference) on this machine or at the flight service.",
                suggestion: "Check the reference (six letters and digits, as the airline gave it); the list shows the bookings kept here.")]
                + openList(&state)
        case .failed(let failure):
            return [hideProgress, error(
                "Booking \(reference) is not kept on this machine, and the flight service could not be asked: \(failure.message)",
                suggestion: failure.suggestion)] + openList(&state)
        case .storeFailed(let failure):
            return [hideProgress, error(failure.description)] + openList(&state)
        }
    }

    /// The reference the input asked for, in capitals.
    private static func requestedReference(_ state: State) -> String {
        switch state.input.request {
        case .show(let reference): reference.uppercased()
        case .list: state.current?.reference ?? ""
        }
    }

    /// The traveller answered the detail's question: `c`, `p`, `r`, `b` or `n`.
    static func answerDetail(_ state: inout State, _ text: String) -> [Effect] {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "c": startCancel(&state)
        case "p": startPayment(&state)
        case "r": refreshCurrent(&state)
        case "a": startAcceptingChange(&state)
        case "x": startAddingBags(&state)
        case "s": startChoosingSeats(&state)
        case "m":
            if let order = state.current.flatMap(state.changeableOrder) { [.leave(.change(order))] } else {
                [error("Enter \(state.detailChoices).")]
            }
        case "b": openList(&state)
        case "n": newSearch(&state)
        default: [error("Enter \(state.detailChoices).")]
        }
    }

    /// Reads the booking open in the detail again.
    private static func refreshCurrent(_ state: inout State) -> [Effect] {
        guard let booking = state.current else { return openList(&state) }
        let progress = progress("Reading the booking from the flight service…")
        if let record = booking.record { return [progress, .run(.refresh(record))] }
        if let reference = booking.reference {
            state.lookup = .refresh
            return [progress, .run(.lookUp(reference: reference))]
        }
        return [progress, hideProgress] + show(&state, booking)
    }
}
