import Entities
import Foundation
import Services
import Trips

/// One booking: looking it up by reference, showing it (or printing it once), and what can be done from it.
extension FlightBookingsReducer {
    /// Looks up `reference`, to go on as `purpose` says when it answers.
    static func openBooking(
        _ state: inout State, reference: String, for purpose: FlightBookingsLookupPurpose
    ) -> [Effect] {
        state.lookup = purpose
        return [progress("Looking up booking \(reference.uppercased())…"), .run(.lookUp(reference: reference))]
    }

    /// A look-up by reference answered.
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
        var effects: [Effect] = [hideProgress]
        switch lookup {
        case .found(let booking):
            if !state.isInteractive, state.input.presentation == .json, purpose == .show {
                return effects + printJSON(&state, booking)
            }
            if !state.isInteractive, state.input.presentation == .ics, purpose == .show {
                return effects + printCalendar(&state, booking)
            }
            effects += show(&state, booking)
            switch purpose {
            case .cancel: return effects + startCancel(&state)
            case .pay: return effects + startPayment(&state)
            case .acceptChange: return effects + startAcceptingChange(&state)
            case .addBags: return effects + startAddingBags(&state)
            case .addSeats: return effects + startChoosingSeats(&state)
            case .show, .refresh: return state.isInteractive ? effects : effects + finishShown(&state, booking)
            }
        case .notFound:
            effects.append(error(
                "There is no booking \(reference) on this machine or at the flight service.",
                suggestion: "Check the reference (six letters and digits, as the airline gave it); `flights bookings` lists the bookings kept here."))
            return effects + (state.isInteractive ? openList(&state) : finish(&state, .notFound(reference: reference)))
        case .failed(let failure):
            effects.append(error(
                "Booking \(reference) is not kept on this machine, and the flight service could not be asked: \(failure.message)",
                suggestion: failure.suggestion))
            return effects + (state.isInteractive ? openList(&state) : finish(&state, .failed(failure.message)))
        case .storeFailed(let failure):
            effects.append(error(failure.description))
            return effects + (state.isInteractive ? openList(&state) : finish(&state, .storeFailed(failure.description)))
        }
    }

    /// The reference the input asked for, in capitals.
    private static func requestedReference(_ state: State) -> String {
        switch state.input.request {
        case .show(let reference), .cancel(let reference), .pay(let reference), .acceptChange(let reference),
             .addBags(let reference, _), .addSeats(let reference, _):
            reference.uppercased()
        case .list: state.current?.reference ?? ""
        }
    }

    /// A printed booking is done, unless it could not be refreshed.
    private static func finishShown(_ state: inout State, _ booking: Booking) -> [Effect] {
        if let problem = booking.refreshProblem {
            return finish(&state, .failed("The booking could not be refreshed from the flight service: \(problem.message)"))
        }
        return finish(&state, .done)
    }

    /// `flights booking REF --json`: the order as the API has it.
    private static func printJSON(_ state: inout State, _ booking: Booking) -> [Effect] {
        state.current = booking
        guard let order = booking.order else {
            let reason = booking.refreshProblem?.message
                ?? (booking.otherBackend.map { "it was booked through \($0)" } ?? "it has no order at the flight service")
            return [.print(state.detailBlocks(booking))]
                + finish(&state, .failed("The booking's order could not be read: \(reason)"))
        }
        var effects: [Effect] = state.detailViewModel(booking).warnings.map { message(.warning, $0) }
        guard let json = encode(order) else { return effects + finish(&state, .failed("The order could not be written as JSON.")) }
        effects.append(.note(.output(json)))
        return effects + finish(&state, .done)
    }

    /// `flights booking REF --ics`: the order's flights as an iCalendar file, stamped with the clock as last read.
    private static func printCalendar(_ state: inout State, _ booking: Booking) -> [Effect] {
        state.current = booking
        guard let order = booking.order else {
            let reason = booking.refreshProblem?.message
                ?? (booking.otherBackend.map { "it was booked through \($0)" } ?? "it has no order at the flight service")
            return [.print(state.detailBlocks(booking))]
                + finish(&state, .failed("The booking's flights could not be read for a calendar: \(reason)"))
        }
        let effects: [Effect] = state.detailViewModel(booking).warnings.map { message(.warning, $0) }
        guard order.slices.contains(where: { !$0.segments.isEmpty }) else {
            return effects + finish(&state, .failed("Booking \(order.bookingReference) has no flights to put in a calendar."))
        }
        // Written as it is, CRLF line ends and all (not as JSON); the run ends once it is.
        return effects + [.run(.writeCalendar(ItineraryCalendar.ics(for: order, now: state.now)))]
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
